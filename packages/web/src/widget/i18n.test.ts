import { describe, expect, it } from 'vitest';
import { WIDGET_LOCALES, pickLocale } from './i18n';

describe('widget dictionaries', () => {
  it('have the same keys in pt, en and es, none of them empty', () => {
    const keys = Object.keys(WIDGET_LOCALES.en).sort();
    for (const dictionary of Object.values(WIDGET_LOCALES)) {
      expect(Object.keys(dictionary).sort()).toEqual(keys);
      for (const value of Object.values(dictionary)) expect(value.trim()).not.toBe('');
    }
  });

  it('speaks the first language it knows, English otherwise', () => {
    expect(pickLocale(['pt-BR', 'en'])).toBe('pt');
    expect(pickLocale([null, 'fr-FR', 'es-AR'])).toBe('es');
    expect(pickLocale(['de'])).toBe('en');
  });
});
