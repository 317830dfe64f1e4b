/** The installation's WhatsApp-by-QR send settings as read from the environment (config.ts). */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

describe('WhatsApp sending settings', () => {
  it('default to a 1–3 s gap, numbers remembered 24 h when found and 1 h when not', () => {
    expect(loadConfig({}).whatsappSends).toEqual({
      sendGap: { minMs: 1_000, maxMs: 3_000 },
      numberCheckTtl: { existsMs: 24 * 3_600_000, absentMs: 3_600_000 },
    });
  });

  it('take a gap as "min-max" or 0 (off), and the check lifetimes in hours and minutes', () => {
    const config = loadConfig({
      WHATSAPP_SEND_GAP_MS: '500-2500',
      WHATSAPP_NUMBER_CHECK_HOURS: '6',
      WHATSAPP_NUMBER_CHECK_ABSENT_MINUTES: '15',
    });
    expect(config.whatsappSends).toEqual({
      sendGap: { minMs: 500, maxMs: 2_500 },
      numberCheckTtl: { existsMs: 6 * 3_600_000, absentMs: 15 * 60_000 },
    });
    expect(loadConfig({ WHATSAPP_SEND_GAP_MS: '0' }).whatsappSends.sendGap).toEqual({ minMs: 0, maxMs: 0 });
  });

  it.each(['3000-1000', '2s', '1000', '-5', ''])('refuse the gap %j, naming the variable', (value) => {
    expect(() => loadConfig({ WHATSAPP_SEND_GAP_MS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ WHATSAPP_SEND_GAP_MS: value })).toThrow(/WHATSAPP_SEND_GAP_MS/);
  });
});
