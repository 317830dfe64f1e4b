import { ERROR_CODES, NAME_TAKEN } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/ApiError';
import i18n from '../i18n';
import en from '../i18n/en';
import es from '../i18n/es';
import pt from '../i18n/pt';
import { translateError } from './translateError';

describe('error texts (spec §8)', () => {
  it('every error code has a text in every language', () => {
    for (const lang of [en, pt, es]) {
      for (const code of ERROR_CODES) expect((lang.errors as Record<string, string>)[code], code).toBeTruthy();
    }
  });

  it('translates a known code, shows an unknown code raw, and falls back to the generic text', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(translateError(t, new ApiError(401, { error: 'ERR_INVALID_CREDENTIALS' }))).toBe('Authentication error. Please try again.');
    expect(translateError(t, new ApiError(500, { error: 'ERR_SOMETHING_NEW' }))).toBe('ERR_SOMETHING_NEW');
    expect(translateError(t, undefined)).toBe('An error occurred!');

    await i18n.changeLanguage('pt');
    expect(translateError(i18n.t.bind(i18n), new ApiError(401, { error: 'ERR_INVALID_CREDENTIALS' }))).toBe(
      'Erro de autenticação. Por favor, tente novamente.',
    );
    await i18n.changeLanguage('en');
  });

  it('a refusal whose reason is known (a name already taken) says that reason in the chosen language', async () => {
    const taken = new ApiError(409, { error: 'ERR_VALIDATION', message: NAME_TAKEN.sector });
    await i18n.changeLanguage('es');
    expect(translateError(i18n.t.bind(i18n), taken)).toBe('Ya existe un sector con este nombre.');
    await i18n.changeLanguage('en');
    expect(translateError(i18n.t.bind(i18n), taken)).toBe('A sector with this name already exists.');
    // An unknown reason still gets the general text.
    expect(translateError(i18n.t.bind(i18n), new ApiError(400, { error: 'ERR_VALIDATION', message: 'Something else' }))).toBe(
      i18n.t('errors.ERR_VALIDATION'),
    );
  });
});
