/** A customer writing to a number no simulator connection is connected with: refused, as documented. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { phoneNumber } from '../../test/simulator.js';

describe('simulator: a message to a number with no connected session', () => {
  let s: TestServer;

  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.stop());

  const send = (payload: Record<string, unknown>) =>
    s.app.inject({ method: 'POST', url: '/api/simulator/messages', headers: bearer(s.adminToken), payload });

  it('is refused with ERR_WAPP_NOT_INITIALIZED, an answer the route declares, and nothing is stored', async () => {
    const res = await send({ from: phoneNumber(), to: phoneNumber(), body: 'alguém?' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'ERR_WAPP_NOT_INITIALIZED' });
    const none = await s.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.body, 'alguém?')));
    expect(none).toHaveLength(0);
  });
});
