/**
 * The WhatsApp Cloud API channel through the product: a connection created by the API (secrets
 * sealed, never shown), Meta's webhook (handshake, signature, every kind of message, statuses,
 * duplicates), replies reaching the Graph API stand-in, Graph errors on the failed message, the
 * 24-hour window and templates — and each new route refusing the wrong user.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudAccounts, earlyReceipts, messages, queues, tickets, whatsapps } from '../../db/schema.js';
import { GraphStandin } from '../../test/graph-standin.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { apiCaller } from '../../test/http.js';
import { waitFor } from '../../test/simulator.js';
import { PNG } from '../../test/fixtures.js';

const PHONE_ID = '106540352242922';
const WABA_ID = '102290129340398';
const account = {
  phoneNumberId: PHONE_ID,
  businessAccountId: WABA_ID,
  accessToken: 'EAAGm0PX4ZCpsBAtesttoken',
  appSecret: 'app-secret-0123456789',
  verifyToken: 'verify-token-switchboard',
};

describe('WhatsApp Cloud API channel', () => {
  const standin = new GraphStandin();
  let s: TestServer;
  let base: string;
  let connectionId: number;
  let agent: { id: number; token: string };
  const api = apiCaller(() => s);
  let customerSeq = 0;
  const newCustomer = () => `55119870${String(Date.now() % 10000).padStart(4, '0')}${++customerSeq}`;

  beforeAll(async () => {
    const graphUrl = await standin.start();
    s = await createTestServer({ env: { WHATSAPP_CLOUD_GRAPH_URL: graphUrl } });
    base = await s.listen();
    agent = await s.createUser();
    standin.addTemplate(WABA_ID, {
      name: 'order_update',
      language: 'pt_BR',
      category: 'UTILITY',
      status: 'APPROVED',
      body: 'Olá {{1}}, seu pedido {{2}} saiu.',
    });
    standin.addTemplate(WABA_ID, { name: 'draft', language: 'pt_BR', category: 'MARKETING', status: 'PENDING', body: 'Rascunho' });
  });
  afterAll(async () => {
    await s.stop();
    await standin.close();
  });

  const messagesOf = async (ticketId: number) =>
    (await api('GET', `/tickets/${ticketId}`, s.adminToken)).statusCode === 200
      ? (await api('GET', `/messages/${ticketId}`, s.adminToken)).json<{ messages: Record<string, unknown>[] }>().messages
      : [];
  const ticketOf = async (customer: string) =>
    waitFor(async () => {
      const [row] = await s.database.db
        .select({ id: tickets.id })
        .from(tickets)
        .innerJoin(messages, eq(messages.ticketId, tickets.id))
        .where(and(eq(tickets.whatsappId, connectionId), eq(messages.body, `hi from ${customer}`)));
      return row?.id;
    }, 15_000);

  it('creates the connection (admin only), seals the secrets and never shows them', async () => {
    const refused = await api('POST', '/whatsapp', agent.token, { name: 'Cloud', channel: 'whatsapp-cloud', cloud: account });
    expect(refused.statusCode).toBe(403);
    const incomplete = await api('POST', '/whatsapp', s.adminToken, { name: 'Cloud', channel: 'whatsapp-cloud' });
    expect(incomplete.statusCode).toBe(400);
    const wrongKind = await api('POST', '/whatsapp', s.adminToken, { name: 'Cloud', channel: 'simulator', cloud: account });
    expect(wrongKind.statusCode).toBe(400);

    standin.addNumber({ ...account, displayPhoneNumber: '+55 11 4000-1234', webhook: 'http://unset' });
    const res = await api('POST', '/whatsapp', s.adminToken, { name: 'Cloud', channel: 'whatsapp-cloud', cloud: account });
    expect(res.statusCode, res.body).toBe(201);
    connectionId = res.json<{ id: number }>().id;
    standin.setWebhook(PHONE_ID, `${base}/api/channels/whatsapp-cloud/${connectionId}/webhook`);
    for (const secret of [account.accessToken, account.appSecret, account.verifyToken]) expect(res.body).not.toContain(secret);
    expect(res.json()).toMatchObject({
      channel: 'whatsapp-cloud',
      cloud: {
        phoneNumberId: PHONE_ID,
        businessAccountId: WABA_ID,
        hasAccessToken: true,
        webhookPath: `/api/channels/whatsapp-cloud/${connectionId}/webhook`,
      },
    });
    const [stored] = await s.database.db.select().from(cloudAccounts).where(eq(cloudAccounts.whatsappId, connectionId));
    for (const secret of [account.accessToken, account.appSecret, account.verifyToken]) expect(stored.secrets).not.toContain(secret);

    const connected = await waitFor(async () => {
      const r = (await api('GET', `/whatsapp/${connectionId}`, s.adminToken)).json<{ status: string; number: string }>();
      return r.status === 'CONNECTED' && r;
    }, 15_000);
    expect(connected.number).toBe('551140001234');
    const list = await api('GET', '/whatsapp', s.adminToken);
    for (const secret of [account.accessToken, account.appSecret]) expect(list.body).not.toContain(secret);
  });

  it('edits the account without retyping secrets; only admins may', async () => {
    const refused = await api('PUT', `/whatsapp/${connectionId}`, agent.token, { cloud: { businessAccountId: WABA_ID } });
    expect(refused.statusCode).toBe(403);
    const res = await api('PUT', `/whatsapp/${connectionId}`, s.adminToken, {
      name: 'Cloud API',
      cloud: { businessAccountId: WABA_ID, accessToken: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await s.database.db.select().from(whatsapps).where(eq(whatsapps.id, connectionId));
    expect(row.name).toBe('Cloud API');
    // The session restarted with the stored token, which still works.
    await waitFor(
      async () => (await api('GET', `/whatsapp/${connectionId}`, s.adminToken)).json<{ status: string }>().status === 'CONNECTED',
      15_000,
    );
    const [stored] = await s.database.db.select().from(cloudAccounts).where(eq(cloudAccounts.whatsappId, connectionId));
    expect(stored.businessAccountId).toBe(WABA_ID);
  });

  it('answers the verification handshake only for the verify token', async () => {
    const url = `/channels/whatsapp-cloud/${connectionId}/webhook`;
    const ok = await api('GET', `${url}?hub.mode=subscribe&hub.verify_token=${account.verifyToken}&hub.challenge=1158201444`, null);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await api('GET', `${url}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`, null);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
    expect(
      (await api('GET', `/channels/whatsapp-cloud/987654/webhook?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`, null)).statusCode,
    ).toBe(404);
  });

  it('refuses deliveries without a valid signature and stores nothing', async () => {
    const customer = newCustomer();
    const n = { ...account, displayPhoneNumber: '', webhook: `${base}/api/channels/whatsapp-cloud/${connectionId}/webhook` };
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: WABA_ID,
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: PHONE_ID },
                messages: [{ from: customer, id: 'wamid.forged', timestamp: '1700000000', type: 'text', text: { body: 'forged' } }],
              },
            },
          ],
        },
      ],
    });
    expect(await standin.post(n, body, 'sha256=' + '0'.repeat(64))).toBe(401);
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/channels/whatsapp-cloud/${connectionId}/webhook`,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(401);
    const rows = await s.database.db.select().from(messages).where(eq(messages.externalId, 'wamid.forged'));
    expect(rows).toHaveLength(0);
  });

  it('stores a customer message before answering 200; a duplicate delivery is a no-op', async () => {
    const customer = newCustomer();
    const first = await standin.customerSends(
      PHONE_ID,
      customer,
      { type: 'text', text: { body: `hi from ${customer}` } },
      { id: `wamid.dup${customer}`, name: 'Ana' },
    );
    expect(first.status).toBe(200);
    // Answered 200 only once stored: the row is there now, without waiting.
    const rows = await s.database.db
      .select()
      .from(messages)
      .where(eq(messages.externalId, `wamid.dup${customer}`));
    expect(rows).toHaveLength(1);
    const again = await standin.customerSends(
      PHONE_ID,
      customer,
      { type: 'text', text: { body: `hi from ${customer}` } },
      { id: `wamid.dup${customer}`, name: 'Ana' },
    );
    expect(again.status).toBe(200);
    expect(
      await s.database.db
        .select()
        .from(messages)
        .where(eq(messages.externalId, `wamid.dup${customer}`)),
    ).toHaveLength(1);
    const ticketId = await ticketOf(customer);
    const [t] = await s.database.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(t.status).toBe('pending');
  });

  it('receives media (downloaded through the Graph API), location, contacts, interactive replies and reactions', async () => {
    const customer = newCustomer();
    await standin.customerSends(PHONE_ID, customer, { type: 'text', text: { body: `hi from ${customer}` } });
    const ticketId = await ticketOf(customer);
    const mediaId = standin.customerMedia(PHONE_ID, PNG, 'image/png', 'photo.png');
    await standin.customerSends(PHONE_ID, customer, {
      type: 'image',
      image: { id: mediaId, mime_type: 'image/png', sha256: 'x', caption: 'the product' },
    });
    await standin.customerSends(PHONE_ID, customer, {
      type: 'location',
      location: { latitude: -23.55, longitude: -46.63, name: 'Loja', address: 'Av. Paulista' },
    });
    await standin.customerSends(PHONE_ID, customer, {
      type: 'contacts',
      contacts: [
        {
          name: { formatted_name: 'Bruno Lima', first_name: 'Bruno' },
          phones: [{ phone: '+55 11 91234-5678', wa_id: '5511912345678', type: 'CELL' }],
        },
      ],
    });
    const tapped = await standin.customerSends(PHONE_ID, customer, {
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Sim, confirmo' } },
    });
    await standin.customerSends(PHONE_ID, customer, { type: 'reaction', reaction: { message_id: tapped.id, emoji: '👍' } });
    // The reaction is not a message of its own: it shows on the message it is on.
    const list = await waitFor(async () => {
      const m = await messagesOf(ticketId);
      return m.length >= 5 && m.some((x) => (x.reactions as unknown[] | undefined)?.length) && m;
    }, 15_000);
    const image = list.find((m) => m.mediaType === 'image')!;
    expect(image).toMatchObject({ body: 'the product', mediaMime: 'image/png' });
    const media = await s.app.inject({
      method: 'GET',
      url: image.mediaUrl as string,
      headers: { authorization: `Bearer ${s.adminToken}` },
    });
    expect(media.rawPayload).toEqual(PNG);
    expect(list.find((m) => m.mediaType === 'location')?.body).toContain('-23.55,-46.63');
    expect(list.find((m) => m.mediaType === 'vcard')?.body).toContain('FN:Bruno Lima');
    expect(list.some((m) => m.body === 'Sim, confirmo')).toBe(true);
    expect(list.some((m) => m.body === '👍')).toBe(false);
    expect(list.find((m) => m.body === 'Sim, confirmo')?.reactions).toEqual([{ emoji: '👍', fromMe: false }]);
  });

  it('sends the reply (with its quote) and media through the Graph API; statuses become acks', async () => {
    const customer = newCustomer();
    const inbound = await standin.customerSends(PHONE_ID, customer, { type: 'text', text: { body: `hi from ${customer}` } });
    const ticketId = await ticketOf(customer);
    const [quoted] = await s.database.db.select().from(messages).where(eq(messages.externalId, inbound.id));
    // Opening the chat sends read receipts for the customer's messages.
    await api('GET', `/messages/${ticketId}`, s.adminToken);
    await standin.until(() => standin.readByBusiness.has(inbound.id), 'the read receipt');
    const res = await api('POST', `/messages/${ticketId}`, s.adminToken, { body: 'Como posso ajudar?', quotedMsg: quoted.id });
    expect(res.statusCode, res.body).toBe(201);
    const messageId = res.json<{ id: string }>().id;
    await standin.until(() => [...standin.sent.values()].some((m) => m.to === customer && m.type === 'text'), 'the reply');
    const sent = [...standin.sent.values()].find((m) => m.to === customer && m.type === 'text')!;
    expect(sent.payload).toMatchObject({ text: { body: 'Como posso ajudar?' }, context: { message_id: inbound.id } });
    await waitFor(async () => {
      const [row] = await s.database.db.select().from(messages).where(eq(messages.id, messageId));
      return row.externalId === sent.id && row.ack >= 2;
    }, 15_000);
    await standin.customerReads(PHONE_ID, [sent.id]);
    await waitFor(async () => (await s.database.db.select().from(messages).where(eq(messages.id, messageId)))[0].ack === 3, 15_000);

    const form = new FormData();
    form.append('body', 'segue a foto');
    form.append('medias', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto.png');
    const upload = await fetch(`${base}/api/messages/${ticketId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.adminToken}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    await standin.until(() => [...standin.sent.values()].some((m) => m.to === customer && m.type === 'image'), 'the image');
    const image = [...standin.sent.values()].find((m) => m.to === customer && m.type === 'image')!;
    expect(image.payload).toMatchObject({ image: { caption: 'segue a foto' } });
    expect(image.media?.data).toEqual(PNG);
  });

  it('sends our reaction as a Graph API message of type reaction; offers no edit (the Cloud API has none)', async () => {
    const customer = newCustomer();
    const inbound = await standin.customerSends(PHONE_ID, customer, { type: 'text', text: { body: `hi from ${customer}` } });
    const ticketId = await ticketOf(customer);
    const page = (await api('GET', `/messages/${ticketId}`, s.adminToken)).json<{
      messages: { id: string; fromMe: boolean }[];
      messageActions: { react: boolean; edit: boolean };
    }>();
    expect(page.messageActions).toMatchObject({ react: true, edit: false });
    const theirs = page.messages.find((m) => !m.fromMe)!;
    const reacted = await api('PUT', `/messages/${theirs.id}/reaction`, s.adminToken, { emoji: '🙏' });
    expect(reacted.statusCode, reacted.body).toBe(200);
    expect(reacted.json<{ reactions: unknown }>().reactions).toEqual([{ emoji: '🙏', fromMe: true }]);
    const sent = [...standin.sent.values()].find((m) => m.to === customer && m.type === 'reaction');
    expect(sent?.payload).toMatchObject({ type: 'reaction', reaction: { message_id: inbound.id, emoji: '🙏' } });
    const replied = await api('POST', `/messages/${ticketId}`, s.adminToken, { body: 'our text' });
    expect(replied.statusCode, replied.body).toBe(201);
    const reply = replied.json<{ id: string }>();
    await waitFor(async () => (await messagesOf(ticketId)).some((m) => m.id === reply.id && m.sendState === 'sent'), 15_000);
    const edit = await api('PUT', `/messages/${reply.id}`, s.adminToken, { body: 'changed' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({ error: 'ERR_EDIT_WAPP_MSG' });
    expect([...standin.sent.values()].filter((m) => m.to === customer).map((m) => m.type)).toEqual(['reaction', 'text']);
  });

  it('shows Graph API refusals on the failed message; retries only what Meta says is temporary', async () => {
    const customer = newCustomer();
    await standin.customerSends(PHONE_ID, customer, { type: 'text', text: { body: `hi from ${customer}` } });
    const ticketId = await ticketOf(customer);
    standin.failNext({ httpStatus: 400, code: 131026, message: 'Message undeliverable' });
    const res = await api('POST', `/messages/${ticketId}`, s.adminToken, { body: 'will not arrive' });
    const failed = await waitFor(async () => {
      const m = (await messagesOf(ticketId)).find((x) => x.id === res.json<{ id: string }>().id);
      return m?.sendState === 'failed' && m;
    }, 15_000);
    expect(failed.sendError).toBe('ERR_CLOUD_UNDELIVERABLE');

    standin.failNext({ httpStatus: 429, code: 130429, message: 'Rate limit hit' });
    const later = await api('POST', `/messages/${ticketId}`, s.adminToken, { body: 'later' });
    const row = await waitFor(async () => {
      const [r] = await s.database.db.select().from(messages).where(eq(messages.id, later.json<{ id: string }>().id));
      return r.lastError === 'ERR_CLOUD_RATE_LIMIT' && r;
    }, 15_000);
    expect(row.sendState).toBe('pending');
    expect(row.nextAttemptAt).not.toBeNull();

    // Meta gives up after accepting: a "failed" status with its error.
    const sentOk = await api('POST', `/messages/${ticketId}`, s.adminToken, { body: 'accepted, then failed' });
    const accepted = await waitFor(async () => {
      const [r] = await s.database.db.select().from(messages).where(eq(messages.id, sentOk.json<{ id: string }>().id));
      return r.sendState === 'sent' && r;
    }, 15_000);
    await standin.deliver(PHONE_ID, {
      statuses: [
        {
          id: accepted.externalId,
          status: 'failed',
          timestamp: '1700000000',
          recipient_id: customer,
          errors: [{ code: 131049, title: 'This message was not delivered to maintain healthy ecosystem engagement.' }],
        },
      ],
    });
    const [after] = await s.database.db.select().from(messages).where(eq(messages.id, accepted.id));
    expect(after).toMatchObject({ sendState: 'failed', lastError: 'ERR_CLOUD_UNDELIVERABLE' });
  });

  it('a refusal or a receipt that overtakes the send it is about still lands on the message', async () => {
    const customer = newCustomer();
    await standin.customerSends(PHONE_ID, customer, { type: 'text', text: { body: `hi from ${customer}` } });
    const ticketId = await ticketOf(customer);
    const rowOf = async (id: string) => (await s.database.db.select().from(messages).where(eq(messages.id, id)))[0];
    try {
      for (const overtaking of [true, false]) {
        // Meta answers the send with its id, then reports it failed — possibly before the answer.
        standin.statusesOvertakeAnswers = overtaking;
        standin.refuseAfterAccepting(`refused ${overtaking}`, { code: 131026, title: 'Message undeliverable' });
        const refused = (await api('POST', `/messages/${ticketId}`, s.adminToken, { body: `refused ${overtaking}` })).json<{
          id: string;
        }>();
        const failed = await waitFor(async () => {
          const r = await rowOf(refused.id);
          return r.sendState === 'failed' && r;
        }, 15_000);
        expect(failed).toMatchObject({ sendState: 'failed', lastError: 'ERR_CLOUD_UNDELIVERABLE' });
        expect(standin.sent.get(failed.externalId!)?.status).toBe('failed');

        const delivered = (await api('POST', `/messages/${ticketId}`, s.adminToken, { body: `delivered ${overtaking}` })).json<{
          id: string;
        }>();
        const row = await waitFor(async () => {
          const r = await rowOf(delivered.id);
          return r.sendState === 'sent' && r.ack >= 2 && r;
        }, 15_000);
        expect(standin.sent.get(row.externalId!)?.status).toBe('delivered');
      }
      // Nothing waits for a send any more.
      expect(await s.database.db.select().from(earlyReceipts)).toEqual([]);
    } finally {
      standin.statusesOvertakeAnswers = true;
    }
  });

  it('outside the 24-hour window refuses free text and sends an approved template with its variables', async () => {
    const customer = newCustomer();
    await standin.customerSends(
      PHONE_ID,
      customer,
      { type: 'text', text: { body: `hi from ${customer}` } },
      { at: new Date(Date.now() - 25 * 3600_000) },
    );
    const ticketId = await ticketOf(customer);
    const window = await api('GET', `/tickets/${ticketId}/service-window`, s.adminToken);
    expect(window.json()).toEqual({ applies: true, open: false, closesAt: null });
    const text = await api('POST', `/messages/${ticketId}`, s.adminToken, { body: 'are you there?' });
    expect(text.statusCode).toBe(409);
    expect(text.json().error).toBe('ERR_CLOUD_WINDOW_CLOSED');

    const templates = await api('GET', `/tickets/${ticketId}/templates`, s.adminToken);
    expect(templates.statusCode, templates.body).toBe(200);
    expect(templates.json()).toEqual([
      { name: 'order_update', language: 'pt_BR', category: 'UTILITY', body: 'Olá {{1}}, seu pedido {{2}} saiu.', variables: 2 },
    ]);
    const missing = await api('POST', `/tickets/${ticketId}/templates`, s.adminToken, {
      name: 'order_update',
      language: 'pt_BR',
      variables: ['Ana'],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('ERR_CLOUD_TEMPLATE');
    const sent = await api('POST', `/tickets/${ticketId}/templates`, s.adminToken, {
      name: 'order_update',
      language: 'pt_BR',
      variables: ['Ana', '#123'],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ body: 'Olá Ana, seu pedido #123 saiu.', fromMe: true });
    await standin.until(() => [...standin.sent.values()].some((m) => m.to === customer && m.type === 'template'), 'the template');
    const tpl = [...standin.sent.values()].find((m) => m.to === customer && m.type === 'template')!;
    expect(tpl.payload.template).toEqual({
      name: 'order_update',
      language: { code: 'pt_BR' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ana' },
            { type: 'text', text: '#123' },
          ],
        },
      ],
    });

    // The customer answers: the window opens for 24 hours.
    await standin.customerSends(PHONE_ID, customer, { type: 'text', text: { body: 'oi' } });
    const reopened = (await api('GET', `/tickets/${ticketId}/service-window`, s.adminToken)).json<{ open: boolean; closesAt: string }>();
    expect(reopened.open).toBe(true);
    expect(new Date(reopened.closesAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it('refuses the window, templates and template send to users who may not see the ticket', async () => {
    const customer = newCustomer();
    await standin.customerSends(PHONE_ID, customer, { type: 'text', text: { body: `hi from ${customer}` } });
    const ticketId = await ticketOf(customer);
    const [q] = await s.database.db
      .insert(queues)
      .values({ name: `Private ${customer}`, color: `#${customer.slice(-6)}` })
      .returning();
    const admin = (await api('GET', '/auth/me', s.adminToken)).json<{ id: number }>();
    await s.database.db.update(tickets).set({ queueId: q.id, userId: admin.id, status: 'open' }).where(eq(tickets.id, ticketId));
    for (const [method, url, body] of [
      ['GET', `/tickets/${ticketId}/service-window`, undefined],
      ['GET', `/tickets/${ticketId}/templates`, undefined],
      ['POST', `/tickets/${ticketId}/templates`, { name: 'order_update', language: 'pt_BR', variables: ['a', 'b'] }],
    ] as const) {
      expect((await api(method, url, agent.token, body)).statusCode).toBe(404);
      expect((await api(method, url, null, body)).statusCode).toBe(401);
    }
    expect([...standin.sent.values()].some((m) => m.to === customer)).toBe(false);
  });
});
