/** Meta's webhook signature, payload mapping and Graph error classification; the secret box. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../lib/secret-box.js';
import { classifyGraphError } from './graph-errors.js';
import { eventsOf, signatureOf, validSignature, type CloudWebhookPayload } from './webhook.js';

const payload = (value: Record<string, unknown>, phoneNumberId = '111'): CloudWebhookPayload => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '999',
      changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: phoneNumberId }, ...value } }],
    },
  ],
});
const noMedia = () => Promise.resolve(Readable.from([]));

describe('WhatsApp Cloud API webhook', () => {
  it('accepts only the HMAC-SHA256 of the exact raw body with the app secret', () => {
    const raw = Buffer.from('{"object":"whatsapp_business_account"}');
    expect(validSignature(raw, signatureOf(raw, 'secret'), 'secret')).toBe(true);
    expect(validSignature(raw, signatureOf(raw, 'other'), 'secret')).toBe(false);
    expect(validSignature(Buffer.from(`${raw.toString()} `), signatureOf(raw, 'secret'), 'secret')).toBe(false);
    expect(validSignature(raw, undefined, 'secret')).toBe(false);
    expect(validSignature(raw, 'sha256=zz', 'secret')).toBe(false);
  });

  it('maps statuses to acks and failures, and leaves out other phone numbers', () => {
    const events = eventsOf(
      payload({
        statuses: [
          { id: 'a', status: 'sent', timestamp: '1', recipient_id: '5511' },
          { id: 'a', status: 'delivered', timestamp: '2', recipient_id: '5511' },
          { id: 'a', status: 'read', timestamp: '3', recipient_id: '5511' },
          { id: 'b', status: 'failed', timestamp: '4', recipient_id: '5511', errors: [{ code: 131047, title: 'Re-engagement message' }] },
        ],
      }),
      '111',
      noMedia,
    );
    expect(events).toEqual([
      { type: 'ack', externalId: 'a', ack: 1 },
      { type: 'ack', externalId: 'a', ack: 2 },
      { type: 'ack', externalId: 'a', ack: 3 },
      { type: 'failed', externalId: 'b', error: 'ERR_CLOUD_WINDOW_CLOSED' },
    ]);
    expect(
      eventsOf(payload({ statuses: [{ id: 'a', status: 'sent', timestamp: '1', recipient_id: '1' }] }, '222'), '111', noMedia),
    ).toEqual([]);
  });

  it('maps a message with its sender name, time and quote; a removed reaction is a reaction without emoji; unknown kinds are skipped', () => {
    const [event] = eventsOf(
      payload({
        contacts: [{ profile: { name: 'Ana' }, wa_id: '5511999' }],
        messages: [
          { from: '5511999', id: 'wamid.1', timestamp: '1700000000', type: 'text', text: { body: 'oi' }, context: { id: 'wamid.0' } },
        ],
      }),
      '111',
      noMedia,
    );
    expect(event).toMatchObject({
      type: 'message',
      message: {
        externalId: 'wamid.1',
        kind: 'chat',
        body: 'oi',
        quotedExternalId: 'wamid.0',
        sender: { number: '5511999', name: 'Ana' },
        chat: { id: '5511999', isGroup: false },
      },
    });
    expect(event.type === 'message' && event.message.timestamp.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    const skipped = eventsOf(
      payload({
        messages: [
          { from: '1', id: 'r', timestamp: '1', type: 'reaction', reaction: { message_id: 'x' } },
          { from: '1', id: 'u', timestamp: '1', type: 'unsupported' },
        ],
      }),
      '111',
      noMedia,
    );
    expect(skipped).toEqual([
      { type: 'reaction', externalId: 'x', emoji: '', fromMe: false, from: '1', chat: { id: '1', isGroup: false } },
    ]);
  });

  it('retries only the errors Meta documents as temporary', () => {
    expect(classifyGraphError(130429)).toEqual({ code: 'ERR_CLOUD_RATE_LIMIT', retryable: true });
    expect(classifyGraphError(131056)).toEqual({ code: 'ERR_CLOUD_RATE_LIMIT', retryable: true });
    expect(classifyGraphError(131000)).toEqual({ code: 'ERR_CLOUD_UNAVAILABLE', retryable: true });
    expect(classifyGraphError(190)).toEqual({ code: 'ERR_CLOUD_AUTH', retryable: false });
    expect(classifyGraphError(131047)).toEqual({ code: 'ERR_CLOUD_WINDOW_CLOSED', retryable: false });
    expect(classifyGraphError(131026)).toEqual({ code: 'ERR_CLOUD_UNDELIVERABLE', retryable: false });
    expect(classifyGraphError(132001)).toEqual({ code: 'ERR_CLOUD_TEMPLATE', retryable: false });
    expect(classifyGraphError(100)).toEqual({ code: 'ERR_CLOUD_INVALID', retryable: false });
    expect(classifyGraphError(undefined, 502)).toEqual({ code: 'ERR_CLOUD_UNAVAILABLE', retryable: true });
  });
});

describe('secret box', () => {
  it('seals with a fresh IV, opens only with its key, and keeps one key file per data directory', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-secrets-'));
    try {
      const box = SecretBox.fromConfig({ secretsKey: undefined, dataDir });
      const a = box.seal('EAAG-token');
      expect(a).not.toContain('EAAG');
      expect(box.seal('EAAG-token')).not.toBe(a);
      expect(SecretBox.fromConfig({ secretsKey: undefined, dataDir }).open(a)).toBe('EAAG-token');
      expect((fs.statSync(path.join(dataDir, 'secrets.key')).mode & 0o777).toString(8)).toBe('600');
      expect(() => new SecretBox(Buffer.alloc(32, 7)).open(a)).toThrow();
      const [v, iv, tag, data] = a.split(':');
      expect(() => box.open([v, iv, tag, Buffer.from('tampered').toString('base64') + data].join(':'))).toThrow();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
