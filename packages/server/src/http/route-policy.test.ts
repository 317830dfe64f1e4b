/**
 * Every route × role against the access table. Each API route the app registers must name its rule
 * in route-policies.ts; the expectation for each role is derived from that rule in the shared
 * policy table (packages/shared/src/access/policy.ts), never written here: an attendant is refused
 * with ERR_NO_PERMISSION exactly where the rule is admin-only (or needs a permission flag the
 * attendant lacks), an admin nowhere. Record rules
 * (the ticket's owner and status, one's own profile) are walked on real records: the answer must
 * be the refusal the rule gives for those facts.
 */
import { POLICIES, refusalOf, ticketActions, type AccessAction, type AccessActor, type TicketFacts } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queues, tickets, whatsapps } from '../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { customerWrites, phoneNumber } from '../test/simulator.js';
import { ROUTE_POLICIES } from './route-policies.js';

/**
 * Bodies that pass validation, so the answer checked is the permission and not the input (an
 * admin-only route refuses an attendant before it reads anything, but validation runs first).
 */
const BODIES: Record<string, object> = {
  'POST /api/users': { name: 'Nope', email: 'nope@x.io', password: 'secret1' },
  'PUT /api/users/:id': { name: 'Renamed' },
  'PUT /api/settings/:key': { value: 'enabled' },
  'POST /api/queue': { name: 'Nope', color: '#123456' },
  'PUT /api/queue/:id': { name: 'Nope', color: '#123456' },
  'POST /api/whatsapp': { name: 'Nope' },
  'PUT /api/whatsapp/:id': { name: 'Nope' },
  'POST /api/whatsappsession/:id/pairing-code': { number: '5511999990000' },
  'POST /api/contacts/import/csv': { rows: [{ name: 'Ana', number: '5511988887777' }] },
  'POST /api/webhooks': { url: 'https://example.com/hook', events: ['ticket.created'], secret: 'a-secret-of-sixteen+' },
  'PUT /api/webhooks/:id': { url: 'https://example.com/hook' },
  'POST /api/imports/whaticket': { from: 'mysql://root@127.0.0.1:1/none' },
  'POST /api/campaigns': { name: 'Nope', whatsappId: 1, body: 'Oi', audience: { tagIds: [1] } },
  'PUT /api/campaigns/:id': { name: 'Nope', whatsappId: 1, body: 'Oi', audience: { tagIds: [1] } },
};

const MISSING = '999999';
function concrete(url: string, selfId: number): string {
  return url
    .replace(':deliveryId', MISSING)
    .replace(':ticketId', MISSING)
    .replace(':connectionId', MISSING)
    .replace(/^\/api\/users\/:id/, `/api/users/${selfId}`)
    .replace(/^\/api\/inbound-failures\/:id/, '/api/inbound-failures/1700000000000-00000000-0000-4000-8000-000000000000')
    .replace(':id', MISSING)
    .replace(':key', 'darkMode')
    .replace(':customer', '5511999990000');
}

describe('route × role against the access table', () => {
  let s: TestServer;
  let agent: { id: number; token: string };
  let agentActor: AccessActor;
  let sales: number;
  let connId: number;
  const api = (token: string, method: string, url: string, payload?: unknown) =>
    s.app.inject({ method: method as never, url, headers: bearer(token), payload: payload as never });

  beforeAll(async () => {
    s = await createTestServer();
    [{ id: connId }] = await s.database.db.insert(whatsapps).values({ name: 'Main', channel: 'simulator', isDefault: true }).returning();
    [{ id: sales }] = await s.database.db.insert(queues).values({ name: 'Sales', color: '#00aa00' }).returning();
    agent = await s.createUser({ queueIds: [sales] });
    agentActor = { id: agent.id, profile: 'user', queueIds: [sales], allTicket: false };
  });
  afterAll(() => s.stop());

  it('every registered API route declares its rule, and every declared route exists', () => {
    const registered = s.routes
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`);
    const undeclared = registered.filter((key) => !(key in ROUTE_POLICIES));
    expect(undeclared, 'routes without an entry in http/route-policies.ts').toEqual([]);
    const gone = Object.keys(ROUTE_POLICIES).filter((key) => !registered.includes(key));
    expect(gone, 'entries of route-policies.ts for routes that do not exist').toEqual([]);
    for (const rule of Object.values(ROUTE_POLICIES)) {
      if (rule.includes('.')) expect(POLICIES, rule).toHaveProperty([rule]);
    }
  });

  // One case per declared route (the first test checks the declarations match the app's routes).
  const ruled = Object.entries(ROUTE_POLICIES).filter((entry): entry is [string, AccessAction] => entry[1] in POLICIES);
  it('walks most of the API', () => expect(ruled.length).toBeGreaterThan(80));

  it.each(ruled)('%s (%s): an attendant is refused exactly when the rule is admin-only; an admin never', async (key, rule) => {
    const [method, url] = key.split(' ');
    const policy = POLICIES[rule];
    const payload = BODIES[key] ?? (method === 'GET' || method === 'DELETE' ? undefined : {});

    const asAgent = await api(agent.token, method, concrete(url, agent.id), payload);
    const agentRefused = asAgent.statusCode === 403 && asAgent.json().error === 'ERR_NO_PERMISSION';
    // The attendant holds no permission flag: a rule granted by one refuses them like an admin-only one.
    expect(agentRefused, `as an attendant: ${asAgent.statusCode} ${asAgent.body}`).toBe(policy.who !== 'signed-in');
    expect(asAgent.statusCode, `as an attendant: ${asAgent.body}`).toBeLessThan(500);

    const asAdmin = await api(s.adminToken, method, concrete(url, 1), payload);
    expect(asAdmin.statusCode === 403 && asAdmin.json().error === 'ERR_NO_PERMISSION', `as an admin: ${asAdmin.body}`).toBe(false);
    expect(asAdmin.statusCode, `as an admin: ${asAdmin.body}`).toBeLessThan(500);
  });

  it("a user edits their own profile but not another's, nor their own rights, as the rule says", async () => {
    const cases = [
      { id: 1, body: { name: 'Not mine' }, record: { id: 1, changesRights: false } },
      { id: agent.id, body: { name: 'Mine' }, record: { id: agent.id, changesRights: false } },
      { id: agent.id, body: { profile: 'admin' }, record: { id: agent.id, changesRights: true } },
    ];
    for (const c of cases) {
      const res = await api(agent.token, 'PUT', `/api/users/${c.id}`, c.body);
      const refusal = refusalOf(agentActor, 'user.update', c.record);
      expect({ status: res.statusCode, error: res.json().error as unknown }, JSON.stringify(c)).toEqual(
        refusal ? { status: refusal.status, error: refusal.code } : { status: 200, error: undefined },
      );
    }
  });

  const facts = (row: { userId: number | null; queueId: number | null; status: string }): TicketFacts => ({
    userId: row.userId,
    queueId: row.queueId,
    status: row.status as TicketFacts['status'],
    sectorlessForAll: false,
  });
  const bodies = { accept: { status: 'open' }, return: { status: 'pending' }, resolve: { status: 'closed' }, reopen: { status: 'open' } };
  // One ticket per situation and action: waiting in the agent's sector, the agent's own, the admin's, sectorless, closed.
  const situations: {
    name: string;
    mine?: boolean;
    set: { queueId: 'sales' | null; status: 'open' | 'pending' | 'closed'; userId: number | null };
  }[] = [
    { name: 'waiting in my sector', set: { queueId: 'sales', status: 'pending', userId: null } },
    { name: 'mine, open', mine: true, set: { queueId: 'sales', status: 'open', userId: null } },
    { name: "the admin's, open", set: { queueId: 'sales', status: 'open', userId: 1 } },
    { name: 'sectorless, waiting', set: { queueId: null, status: 'pending', userId: null } },
    { name: 'mine, closed', mine: true, set: { queueId: 'sales', status: 'closed', userId: null } },
    { name: "the admin's, closed", set: { queueId: 'sales', status: 'closed', userId: 1 } },
  ];
  // The PUT body names return and resolve in any status; "open" is accept when pending, reopen when closed.
  const cases = situations.flatMap((situation) =>
    (['return', 'resolve', 'accept', 'reopen'] as const)
      .filter((action) =>
        action === 'accept' ? situation.set.status === 'pending' : action === 'reopen' ? situation.set.status === 'closed' : true,
      )
      .map((action) => [action, situation.name, situation] as const),
  );
  it('walks every ticket situation', () => expect(cases).toHaveLength(16));

  it.each(cases)(
    '%s on a ticket %s answers as the rule says, and the ticket presents exactly the allowed actions',
    async (action, _name, situation) => {
      const r = await customerWrites(s, connId, phoneNumber(), 'hello', 'Customer');
      const id = r!.ticket.id;
      const set = {
        ...situation.set,
        queueId: situation.set.queueId === 'sales' ? sales : null,
        userId: situation.mine ? agent.id : situation.set.userId,
      };
      const [row] = await s.database.db.update(tickets).set(set).where(eq(tickets.id, id)).returning();
      const may = ticketActions(agentActor, facts(row));
      const shown = await api(agent.token, 'GET', `/api/tickets/${id}`);
      if (shown.statusCode === 200) expect(shown.json().allowedActions).toEqual(may);
      else expect(may).not.toContain('read');

      const res = await api(agent.token, 'PUT', `/api/tickets/${id}`, bodies[action]);
      const refusal = refusalOf(agentActor, `ticket.${action}`, facts(row));
      if (refusal)
        expect({ status: res.statusCode, error: res.json().error as unknown }).toEqual({ status: refusal.status, error: refusal.code });
      else expect(res.statusCode, res.body).toBe(200);
      expect(may.includes(action)).toBe(refusal === null);
      // Closed again, so the contact's next message opens a new ticket.
      await s.database.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, id));
    },
  );
});
