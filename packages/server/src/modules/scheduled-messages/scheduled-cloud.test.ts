/**
 * A scheduled message on the WhatsApp Cloud API: the 24-hour window is checked when the message
 * comes due, not when it was written. Shut by then, the message is not sent and the schedule
 * shows it failed with the reason; open, it goes to the Graph API like any reply.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, tickets } from '../../db/schema.js';
import { GraphStandin } from '../../test/graph-standin.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { apiCaller } from '../../test/http.js';
import { waitFor } from '../../test/simulator.js';
import type { ScheduledMessageDTO } from '@switchboard/shared';

const PHONE_ID = '106540352242933';
const account = {
  phoneNumberId: PHONE_ID,
  businessAccountId: '102290129340311',
  accessToken: 'EAAGm0PX4ZCpsBAscheduled',
  appSecret: 'app-secret-scheduled-0123',
  verifyToken: 'verify-token-scheduled',
};
const HOUR = 3600_000;

describe('scheduled messages on the Cloud API', () => {
  const standin = new GraphStandin();
  let s: TestServer;
  let connectionId: number;
  // The server's clock runs with real time, `ahead` ms in the future (moved by the tests).
  let ahead = 0;
  const clock = { now: () => new Date(Date.now() + ahead) };
  const api = apiCaller(() => s);

  beforeAll(async () => {
    const graphUrl = await standin.start();
    s = await createTestServer({ env: { WHATSAPP_CLOUD_GRAPH_URL: graphUrl }, clock });
    const base = await s.listen();
    await api('PUT', '/settings/timezone', s.adminToken, { value: 'UTC' });
    standin.addNumber({ ...account, displayPhoneNumber: '+55 11 4000-9999', webhook: 'http://unset' });
    const res = await api('POST', '/whatsapp', s.adminToken, { name: 'Cloud', channel: 'whatsapp-cloud', cloud: account });
    expect(res.statusCode, res.body).toBe(201);
    connectionId = res.json<{ id: number }>().id;
    standin.setWebhook(PHONE_ID, `${base}/api/channels/whatsapp-cloud/${connectionId}/webhook`);
    await waitFor(
      async () => (await api('GET', `/whatsapp/${connectionId}`, s.adminToken)).json<{ status: string }>().status === 'CONNECTED',
      15_000,
    );
  });
  afterAll(async () => {
    ahead = 0;
    // The stand-in goes first: a send still waiting on it then fails at once instead of holding the stop.
    await standin.close();
    await s.stop();
  });

  /** The customer writes now (Meta refuses timestamps ahead of its clock): the test clock starts over there. */
  const chat = async (customer: string) => {
    ahead = 0;
    await standin.customerSends(PHONE_ID, customer, { type: 'text', text: { body: `hi from ${customer}` } }, { at: new Date() });
    return waitFor(async () => {
      const [row] = await s.database.db
        .select({ id: tickets.id })
        .from(tickets)
        .innerJoin(messages, eq(messages.ticketId, tickets.id))
        .where(and(eq(tickets.whatsappId, connectionId), eq(messages.body, `hi from ${customer}`)));
      return row?.id;
    }, 15_000);
  };
  /** 'YYYY-MM-DDTHH:mm' in UTC, `ms` from the clock's now. */
  const localIn = (ms: number) => new Date(clock.now().getTime() + ms).toISOString().slice(0, 16);

  it('fails visibly when the window has shut by the time the message is due', async () => {
    const ticketId = await chat('5511987001001');
    const created = await api('POST', `/tickets/${ticketId}/scheduledMessages`, s.adminToken, {
      body: 'Seu pedido chegou?',
      sendAt: localIn(26 * HOUR),
    });
    expect(created.statusCode, created.body).toBe(201);
    ahead += 27 * HOUR;
    await s.services.automation.runDueJobs(clock.now());
    const [shown] = (await api('GET', `/tickets/${ticketId}/scheduledMessages`, s.adminToken)).json<ScheduledMessageDTO[]>();
    expect(shown).toMatchObject({ status: 'failed', lastError: 'ERR_CLOUD_WINDOW_CLOSED', sentCount: 0 });
    const rows = await s.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.body, 'Seu pedido chegou?')));
    expect(rows).toHaveLength(0);
  });

  it('goes to the Graph API when the window is open at its time', async () => {
    const customer = '5511987001002';
    const ticketId = await chat(customer);
    const created = await api('POST', `/tickets/${ticketId}/scheduledMessages`, s.adminToken, {
      body: 'Chega hoje à tarde',
      sendAt: localIn(2 * HOUR),
    });
    expect(created.statusCode, created.body).toBe(201);
    ahead += 3 * HOUR;
    await s.services.automation.runDueJobs(clock.now());
    await standin.until(() => [...standin.sent.values()].some((m) => m.to === customer), 'the scheduled text');
    const [shown] = (await api('GET', `/tickets/${ticketId}/scheduledMessages`, s.adminToken)).json<ScheduledMessageDTO[]>();
    expect(shown).toMatchObject({ status: 'done', sentCount: 1 });
  });
});
