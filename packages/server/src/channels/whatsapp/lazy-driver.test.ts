import { describe, expect, it } from 'vitest';
import type { DriverContext } from '../driver.js';
import { lazyWhatsappDriverFactory } from './lazy-driver.js';

describe('WhatsApp driver loaded with its first session', () => {
  it('answers like a stopped session until started', async () => {
    const driver = lazyWhatsappDriverFactory({ connectionId: 1 } as DriverContext);
    expect(driver.kind).toBe('whatsapp');
    await expect(driver.sendText({ id: '5511999999999', isGroup: false }, 'hi')).rejects.toMatchObject({
      code: 'ERR_WAPP_NOT_INITIALIZED',
    });
    await expect(driver.checkNumber('5511999999999')).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
    await expect(driver.stop()).resolves.toBeUndefined();
  });
});
