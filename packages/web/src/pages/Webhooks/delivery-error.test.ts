import { ERROR_MESSAGES } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import { deliveryErrorText } from './delivery-error';

const inLanguage = (lang: 'pt' | 'en' | 'es') => (code: string) =>
  (ERROR_MESSAGES[lang] as Record<string, string | undefined>)[code] ?? null;

describe('a webhook delivery error on the deliveries page', () => {
  it('a refused private target reads in each language, with the address', () => {
    const raw =
      'ERR_WEBHOOK_PRIVATE_TARGET: 169.254.169.254 is a loopback, private or link-local address (WEBHOOKS_ALLOW_PRIVATE=true allows it)';
    for (const lang of ['pt', 'en', 'es'] as const) {
      const shown = deliveryErrorText(raw, inLanguage(lang));
      expect(shown).toBe(`${ERROR_MESSAGES[lang].ERR_WEBHOOK_PRIVATE_TARGET} (169.254.169.254)`);
    }
  });

  it('other errors are shown as they are', () => {
    expect(deliveryErrorText('HTTP 500', inLanguage('pt'))).toBe('HTTP 500');
    expect(deliveryErrorText('ERR_SOMETHING_NEW: x', inLanguage('en'))).toBe('ERR_SOMETHING_NEW: x');
    expect(deliveryErrorText(null, inLanguage('en'))).toBe('');
  });
});
