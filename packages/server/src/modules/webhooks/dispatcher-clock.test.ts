/** A delivery's due times — first attempt, claim, retry — are read on the app's one clock (years from the database's here). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema.js';
import { TestClock } from '../../test/clock.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { waitFor } from '../../test/simulator.js';

describe('webhook retry times', () => {
  const clock = new TestClock('2031-06-02T12:00:00Z');
  let s: TestServer;
  let receiver: http.Server;
  const answers: number[] = [];
  let answer = 503;

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        answers.push(answer);
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    s = await createTestServer({ clock, env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    s.services.webhookDispatcher.options.backoffMs = [60_000];
  }, 60_000);
  afterAll(async () => {
    await s.stop();
    await new Promise((r) => receiver.close(r));
  });

  it('a refused delivery goes out again when the app clock reaches its backoff, not before', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: bearer(s.adminToken),
      payload: { url, events: ['message.created'], secret: 'a-very-secret-secret-1234' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const test = await s.app.inject({
      method: 'POST',
      url: `/api/webhooks/${created.json<{ id: number }>().id}/test`,
      headers: bearer(s.adminToken),
    });
    expect(test.statusCode).toBe(201);
    const delivery = async () =>
      (await s.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, test.json<{ id: number }>().id)))[0];

    // Due at once by the app clock, though the database's own time is years earlier.
    const failed = await waitFor(async () => {
      const d = await delivery();
      return d.status === 'pending' && d.attempts === 1 ? d : undefined;
    }, 15_000);
    expect(answers).toEqual([503]);
    expect(failed.nextAttemptAt).toEqual(new Date(clock.now().getTime() + 60_000));

    answer = 200;
    clock.advance(59_000);
    s.services.webhookDispatcher.kick();
    await new Promise((r) => setTimeout(r, 300));
    expect(answers).toEqual([503]);
    clock.advance(1000);
    s.services.webhookDispatcher.kick();
    await waitFor(async () => ((await delivery()).status === 'delivered' ? true : undefined), 15_000);
    expect(answers).toEqual([503, 200]);
  });
});
