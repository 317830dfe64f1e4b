/**
 * Names the channel syncs reach the contacts: a group is named after its subject (the Groups tab
 * shows it, not the raw id), and an address-book name fills a contact that had only its number —
 * never over a name someone typed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { connectSimulator, phoneNumber } from '../test/simulator.js';

describe('synced names', () => {
  let s: TestServer;
  let connectionId: number;
  beforeAll(async () => {
    s = await createTestServer();
    connectionId = (await connectSimulator(s, { isGroup: true })).id;
    const groupsOn = await s.app.inject({
      method: 'PUT',
      url: '/api/settings/CheckMsgIsGroup',
      headers: bearer(s.adminToken),
      payload: { value: 'disabled' },
    });
    expect(groupsOn.statusCode, groupsOn.body).toBe(200);
  });
  afterAll(async () => {
    await s?.close();
  });

  const contactByNumber = async (number: string) => (await s.database.db.select().from(contacts).where(eq(contacts.number, number)))[0];
  const groupMessage = (group: string, externalId: string, chatName?: string) =>
    s.services.inbound.message(connectionId, {
      externalId,
      chat: { id: group, isGroup: true },
      ...(chatName ? { chatName } : {}),
      sender: { number: phoneNumber(), name: 'Ana' },
      fromMe: false,
      timestamp: new Date(),
      kind: 'chat',
      body: 'oi grupo',
    });

  it('names a new group contact after its subject', async () => {
    await groupMessage('120363000000000001', 'GS1', 'Equipe de vendas');
    expect(await contactByNumber('120363000000000001')).toMatchObject({ name: 'Equipe de vendas', isGroup: true });
  });

  it('renames a group shown by its raw id once the subject is known, and follows subject changes', async () => {
    await groupMessage('120363000000000002', 'GS2');
    expect((await contactByNumber('120363000000000002')).name).toBe('120363000000000002');
    await s.services.inbound.handle(connectionId, { type: 'contact', number: '120363000000000002', name: 'Suporte' });
    expect((await contactByNumber('120363000000000002')).name).toBe('Suporte');
    await s.services.inbound.handle(connectionId, { type: 'contact', number: '120363000000000002', name: 'Suporte 24h' });
    expect((await contactByNumber('120363000000000002')).name).toBe('Suporte 24h');
  });

  it('fills a person shown by their number, but keeps a name someone typed', async () => {
    const bare = phoneNumber();
    const named = phoneNumber();
    for (const [number, name] of [
      [bare, bare],
      [named, 'Cliente VIP'],
    ]) {
      const res = await s.app.inject({ method: 'POST', url: '/api/contacts', headers: bearer(s.adminToken), payload: { name, number } });
      expect(res.statusCode, res.body).toBe(201);
    }
    await s.services.inbound.handle(connectionId, { type: 'contact', number: bare, name: 'João da padaria' });
    await s.services.inbound.handle(connectionId, { type: 'contact', number: named, name: 'João da padaria' });
    expect((await contactByNumber(bare)).name).toBe('João da padaria');
    expect((await contactByNumber(named)).name).toBe('Cliente VIP');
  });
});
