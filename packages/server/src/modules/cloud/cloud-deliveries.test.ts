/**
 * Meta's deliveries as they really come: replayed and redelivered (Meta sends a delivery again
 * when an answer is late), and — correctly signed — carrying parts of shapes this version cannot
 * read. A delivery seen before changes no ticket; an unreadable part is set aside for admins
 * (GET /api/inbound-failures) and the delivery still answered 200, never 5xx.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, tickets } from '../../db/schema.js';
import { GraphStandin, type StandinNumber } from '../../test/graph-standin.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { apiCaller } from '../../test/http.js';
import { waitFor } from '../../test/simulator.js';

const PHONE_ID = '106540352242977';
const WABA_ID = '102290129340377';
const account = {
  phoneNumberId: PHONE_ID,
  businessAccountId: WABA_ID,
  accessToken: 'EAAGm0PX4ZCpsBAdeliveries',
  appSecret: 'app-secret-deliveries-0123',
  verifyToken: 'verify-token-deliveries',
};

interface Failures {
  poisoned: number;
  events: { id: string; type: string; state: string; error: string; connectionId: number }[];
}

describe('Cloud API deliveries: replays and unreadable parts', () => {
  const standin = new GraphStandin();
  let s: TestServer;
  let connectionId: number;
  let number: StandinNumber;
  const api = apiCaller(() => s);
  let seq = 0;
  const newCustomer = () => `5511977${String(Date.now() % 100000).padStart(5, '0')}${++seq}`;

  /** A signed delivery of one "messages" change for our number, with `value` as given. */
  const deliverValue = (value: unknown) =>
    standin.post(
      number,
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: WABA_ID,
            changes: [
              {
                field: 'messages',
                value: { messaging_product: 'whatsapp', metadata: { phone_number_id: PHONE_ID }, ...(value as object) },
              },
            ],
          },
        ],
      }),
    );
  const failures = async () => (await api('GET', '/inbound-failures', s.adminToken)).json<Failures>();
  const ticketsOf = async (customer: string) =>
    s.database.db
      .select({ id: tickets.id, status: tickets.status })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(and(eq(contacts.number, customer), eq(tickets.whatsappId, connectionId)));

  beforeAll(async () => {
    const graphUrl = await standin.start();
    s = await createTestServer({ env: { WHATSAPP_CLOUD_GRAPH_URL: graphUrl } });
    const base = await s.listen();
    standin.addNumber({ ...account, displayPhoneNumber: '+55 11 4000-7777', webhook: 'http://unset' });
    const res = await api('POST', '/whatsapp', s.adminToken, { name: 'Cloud', channel: 'whatsapp-cloud', cloud: account });
    expect(res.statusCode, res.body).toBe(201);
    connectionId = res.json<{ id: number }>().id;
    number = { ...account, displayPhoneNumber: '', webhook: `${base}/api/channels/whatsapp-cloud/${connectionId}/webhook` };
    standin.setWebhook(PHONE_ID, number.webhook);
    await waitFor(
      async () => (await api('GET', `/whatsapp/${connectionId}`, s.adminToken)).json<{ status: string }>().status === 'CONNECTED',
      15_000,
    );
  }, 60_000);
  afterAll(async () => {
    await s.stop();
    await standin.close();
  });

  it('a replayed delivery of a closed ticket’s message changes nothing, even where a customer message reopens the ticket', async () => {
    expect((await api('PUT', '/settings/timeCreateNewTicket', s.adminToken, { value: '3600' })).statusCode).toBe(200);
    const customer = newCustomer();
    const id = `wamid.replay${customer}`;
    const sent = await standin.customerSends(PHONE_ID, customer, { type: 'text', text: { body: 'my order?' } }, { id });
    expect(sent.status).toBe(200);
    const [ticket] = await ticketsOf(customer);
    // Still waiting, it is finished (Resolve is for open tickets).
    expect((await api('PUT', `/tickets/${ticket.id}`, s.adminToken, { status: 'closed', isFinished: true })).statusCode).toBe(200);

    // Meta delivers the same message again (a replay, or a redelivery after a slow answer).
    const again = await standin.customerSends(PHONE_ID, customer, { type: 'text', text: { body: 'my order?' } }, { id });
    expect(again.status).toBe(200);
    expect(await ticketsOf(customer)).toEqual([{ id: ticket.id, status: 'closed' }]);
    expect(await s.database.db.select({ id: messages.id }).from(messages).where(eq(messages.externalId, id))).toHaveLength(1);

    // A new message from the customer does reopen (or open) as the setting says.
    await standin.customerSends(PHONE_ID, customer, { type: 'text', text: { body: 'hello again' } });
    const after = await ticketsOf(customer);
    expect(after.some((t) => t.status === 'pending')).toBe(true);
  });

  // Ten shapes seen from correctly signed deliveries that used to answer 500.
  const customer = '5511988887777';
  const ok = (extra: Record<string, unknown>) => ({
    from: customer,
    id: `wamid.bad${++seq}`,
    timestamp: String(Math.floor(Date.now() / 1000)),
    ...extra,
  });
  const shapes: [string, unknown][] = [
    ['a message without a sender', { messages: [{ id: 'wamid.nofrom', timestamp: '1700000000', type: 'text', text: { body: 'x' } }] }],
    ['a sender that is a number', { messages: [ok({ from: 5511988887777, type: 'text', text: { body: 'x' } })] }],
    ['a null message', { messages: [null] }],
    ['messages that is an object', { messages: { from: customer } }],
    ['a timestamp far beyond any date', { messages: [ok({ timestamp: '9'.repeat(400), type: 'text', text: { body: 'x' } })] }],
    ['a text body that is an object', { messages: [ok({ type: 'text', text: { body: { nested: true } } })] }],
    ['an unknown message type', { messages: [ok({ type: 'order', order: { catalog_id: '1', product_items: [] } })] }],
    ['contacts that is not a list', { messages: [ok({ type: 'contacts', contacts: 'Bruno' })] }],
    ['a location with text coordinates', { messages: [ok({ type: 'location', location: { latitude: 'north', longitude: null } })] }],
    ['a status with null errors and no id', { statuses: [{ status: 'failed', timestamp: '1', recipient_id: customer, errors: null }] }],
    ['a huge sender', { messages: [ok({ from: '9'.repeat(100_000), type: 'text', text: { body: 'x' } })] }],
    ['a message that is a list', { messages: [[1, 2, 3]] }],
  ];

  it.each(shapes)('%s is set aside for admins and the delivery answered 200', async (_label, value) => {
    const before = (await failures()).poisoned;
    const storedBefore = (await s.database.db.select({ id: messages.id }).from(messages)).length;
    expect(await deliverValue(value)).toBe(200);
    const after = await failures();
    expect(after.poisoned).toBeGreaterThan(before);
    expect(
      after.events.filter((e) => e.type === 'unreadable').every((e) => e.state === 'poisoned' && e.connectionId === connectionId),
    ).toBe(true);
    expect((await s.database.db.select({ id: messages.id }).from(messages)).length).toBe(storedBefore);
  });

  it('a delivery that is not JSON or not an object, signed, is set aside and answered 200', async () => {
    for (const body of ['{"object":', 'null', '[1,2]', '"text"']) {
      const before = (await failures()).poisoned;
      expect(await standin.post(number, body), body).toBe(200);
      expect((await failures()).poisoned).toBe(before + 1);
    }
  });

  it('the readable parts of a delivery are stored, the unreadable ones set aside', async () => {
    const c = newCustomer();
    const good = {
      from: c,
      id: `wamid.good${c}`,
      timestamp: String(Math.floor(Date.now() / 1000)),
      type: 'text',
      text: { body: 'readable' },
    };
    const bad = { from: c, id: `wamid.badpart${c}`, timestamp: 'yesterday', type: 'text', text: { body: 'unreadable' } };
    const before = (await failures()).poisoned;
    expect(await deliverValue({ contacts: [{ profile: { name: 'Ana' }, wa_id: c }], messages: [bad, good] })).toBe(200);
    expect(
      await s.database.db
        .select({ body: messages.body })
        .from(messages)
        .where(inArray(messages.externalId, [good.id, bad.id])),
    ).toEqual([{ body: 'readable' }]);
    const after = await failures();
    expect(after.poisoned).toBe(before + 1);
    expect(after.events.some((e) => e.type === 'unreadable' && e.error.includes('timestamp'))).toBe(true);
    // Admins only.
    const agent = await s.createUser();
    expect((await api('GET', '/inbound-failures', agent.token)).statusCode).toBe(403);
  });

  it('a fuzz of mutated messages never answers anything but 200 and never stores a broken message', { timeout: 120_000 }, async () => {
    // A seeded generator: the same run every time.
    let state = 0x2f6b1c3d;
    const random = () => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) / 0x100000000;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const oddValues = [null, 0, -1, 1e308, true, '', 'x'.repeat(70_000), [], {}, [null], { '': null }, '0x10', 'NaN', '1e999', '\u0000'];
    const paths = [
      'from',
      'id',
      'timestamp',
      'type',
      'text',
      'text.body',
      'context',
      'context.id',
      'image',
      'image.id',
      'location.latitude',
      'reaction.message_id',
      'interactive.button_reply',
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const c = newCustomer();
      const message: Record<string, unknown> = {
        from: c,
        id: `wamid.fuzz${i}-${c}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: pick(['text', 'image', 'location', 'reaction', 'interactive']),
        text: { body: 'fuzz' },
        image: { id: '123', mime_type: 'image/png' },
        location: { latitude: 1, longitude: 2 },
        reaction: { message_id: 'wamid.x', emoji: '👍' },
        interactive: { type: 'button_reply', button_reply: { id: 'a', title: 'A' } },
      };
      for (let k = 0; k < 1 + Math.floor(random() * 3); k++) {
        const [head, tail] = pick(paths).split('.');
        if (tail && typeof message[head] === 'object' && message[head] !== null)
          (message[head] as Record<string, unknown>)[tail] = pick(oddValues);
        else message[head] = pick(oddValues);
      }
      statuses.push(
        await deliverValue({
          messages: [message],
          statuses: random() < 0.3 ? [{ id: pick(oddValues), status: pick(['read', 'failed', 7]) }] : [],
        }),
      );
    }
    expect(statuses.filter((st) => st !== 200)).toEqual([]);
    // Whatever was stored is a readable message: a sender with digits and a real time.
    const stored = await s.database.db
      .select({ number: contacts.number, createdAt: messages.createdAt })
      .from(messages)
      .innerJoin(contacts, eq(contacts.id, messages.contactId))
      .where(eq(messages.whatsappId, connectionId));
    for (const m of stored) {
      expect(m.number).toMatch(/^\d+$/);
      expect(Number.isNaN(m.createdAt.getTime())).toBe(false);
    }
  });
});
