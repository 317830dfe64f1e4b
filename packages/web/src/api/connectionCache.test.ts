import type { ConnectionDTO } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import { applySessionUpdate, removeConnection, upsertConnection } from './connectionCache';

const c = (id: number, over: Partial<ConnectionDTO> = {}) =>
  ({ id, name: `C${id}`, status: 'CONNECTED', qrcode: '', retries: 0, number: '55', updatedAt: 'a', ...over }) as ConnectionDTO;

describe('connection list cache (whatsapp / whatsappSession events)', () => {
  it('adds a new connection in id order and replaces a known one', () => {
    expect(upsertConnection([c(1), c(3)], c(2))!.map((x) => x.id)).toEqual([1, 2, 3]);
    expect(upsertConnection([c(1)], c(1, { name: 'New' }))![0].name).toBe('New');
    expect(upsertConnection(undefined, c(1))).toBeUndefined();
  });

  it('a session update changes status, updatedAt, qrcode and retries only', () => {
    const [updated] = applySessionUpdate(
      [c(1, { name: 'Kept' })],
      c(1, { name: 'Ignored', status: 'qrcode', qrcode: 'q', retries: 2, updatedAt: 'b' }),
    )!;
    expect(updated).toMatchObject({ name: 'Kept', status: 'qrcode', qrcode: 'q', retries: 2, updatedAt: 'b' });
  });

  it('removes a deleted connection', () => {
    expect(removeConnection([c(1), c(2)], 1)!.map((x) => x.id)).toEqual([2]);
  });
});
