/**
 * Sends pushes in the background: never on a request's path. A push is first written to
 * `push_deliveries` (so one waiting for its retry survives a restart), then every server process
 * claims due rows with FOR UPDATE SKIP LOCKED under a lease (one process posts an attempt, never
 * two at once; a process that dies mid-post leaves the row to another once the lease ends). Each
 * attempt is one POST of the encrypted payload to the device's endpoint; the push service's answer
 * decides what follows:
 *   2xx        delivered (the device's last success is recorded);
 *   404, 410   the subscription is gone (unsubscribed, expired, app data cleared): it is removed;
 *   429, 5xx,  the service is busy or unreachable: tried again after a growing pause, a few times;
 *   network
 *   other 4xx  our request is wrong (403: the VAPID key changed since the device subscribed): logged,
 *              not retried.
 * The row is removed once delivered, gone, refused or given up, and when it outlives the push's TTL
 * (a server down for hours: a notification that late would no longer be news). Every failure is logged.
 */
import http from 'node:http';
import https from 'node:https';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PushPayload } from '@switchboard/shared';
import type { AppContext } from '../../context.js';
import { pushDeliveries, pushSubscriptions } from '../../db/schema.js';
import { rowsOf } from '../../lib/sql.js';
import { publicOnlyLookup } from '../webhooks/target-guard.js';
import { checkEndpoint } from './endpoint-guard.js';
import { encryptPayload, endpointFingerprint, fromB64u, vapidAuthorization, vapidSigningKey, type VapidKeys } from './web-push.js';

/** One push for one device. */
export interface PushDelivery {
  subscriptionId: number;
  payload: PushPayload;
}

export interface PushSenderOptions {
  /** Pause before each retry (the last one repeats). */
  backoffMs: number[];
  /** Attempts in all, the first included. */
  maxAttempts: number;
  timeoutMs: number;
  /** Posts in flight at once (the size of one claim). */
  concurrency: number;
  /** How long the push service keeps an undelivered push (the phone is off); also how long a row may wait here. */
  ttlSeconds: number;
  /** How often each process looks for due rows (those another process or an earlier run left). */
  pollMs: number;
}

export const DEFAULT_PUSH_SENDER_OPTIONS: PushSenderOptions = {
  backoffMs: [2_000, 10_000, 60_000],
  maxAttempts: 4,
  timeoutMs: 10_000,
  concurrency: 4,
  ttlSeconds: 3_600,
  pollMs: 5_000,
};

/** A time as a timestamptz in SQL. */
const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/** A claimed row with its device. */
interface Claimed {
  id: number;
  attempts: number;
  payload: string;
  createdAt: Date;
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

type Outcome = 'delivered' | 'gone' | 'retry' | 'failed';

export class PushSender {
  readonly options: PushSenderOptions;
  private readonly signingKey;
  private stopped = true;
  private running: Promise<void> | null = null;
  private again = false;
  private poller: NodeJS.Timeout | null = null;
  private readonly wakeups = new Set<NodeJS.Timeout>();
  private readonly writes = new Set<Promise<void>>();

  constructor(
    // Built before the app's context (announcements hand it their pushes): what it uses of it.
    private readonly ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'config'>,
    private readonly keys: VapidKeys,
    options: Partial<PushSenderOptions> = {},
  ) {
    this.options = { ...DEFAULT_PUSH_SENDER_OPTIONS, ...options };
    this.signingKey = vapidSigningKey(keys);
  }

  start(): void {
    this.stopped = false;
    this.poller = setInterval(() => this.kick(), this.options.pollMs);
    this.poller.unref();
    this.kick();
  }

  /** Writes the pushes and starts sending them (never throws; a failed write is logged). */
  send(deliveries: PushDelivery[]): void {
    if (deliveries.length === 0) return;
    const now = this.ctx.clock.now();
    const write = this.ctx.db
      .insert(pushDeliveries)
      .values(
        deliveries.map((d) => ({
          subscriptionId: d.subscriptionId,
          payload: JSON.stringify(d.payload),
          nextAttemptAt: now,
          createdAt: now,
        })),
      )
      .then(
        () => this.kick(),
        (err: unknown) => this.ctx.log.error({ err, devices: deliveries.length }, 'push: pushes not queued'),
      )
      .finally(() => this.writes.delete(write));
    this.writes.add(write);
  }

  /** Resolves once nothing is being written, sent or waiting for a retry in this process (tests). */
  async idle(): Promise<void> {
    for (;;) {
      if (this.writes.size > 0) await Promise.all([...this.writes]);
      else if (this.running) await this.running;
      else if (this.wakeups.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      else return;
    }
  }

  /** Stops claiming; what is being sent finishes its bookkeeping. Rows waiting stay for the next run. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    for (const t of this.wakeups) clearTimeout(t);
    this.wakeups.clear();
    await Promise.all([...this.writes]);
    await this.running;
  }

  /** Sends what is due; a kick during a pass makes one more pass. */
  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.pass()) === this.options.concurrency) {
            /* a full claim: more may be due */
          }
        } while (this.again && !this.stopped);
      } catch (err) {
        this.ctx.log.error({ err }, 'push: delivery pass failed');
      } finally {
        this.running = null;
      }
    })();
  }

  private async pass(): Promise<number> {
    const claimed = await this.claim();
    await Promise.all(
      claimed.map((row) =>
        this.attempt(row).catch((err: unknown) => this.ctx.log.error({ err, delivery: row.id }, 'push: delivery bookkeeping failed')),
      ),
    );
    return claimed.length;
  }

  private async claim(): Promise<Claimed[]> {
    const now = this.ctx.clock.now();
    // Held past the post's timeout: another process takes the row only if this one died sending it.
    const lease = new Date(now.getTime() + this.options.timeoutMs + 5_000);
    const result = await this.ctx.db.execute(sql`
      with due as (
        select id from ${pushDeliveries} where next_attempt_at <= ${at(now)}
        order by id limit ${this.options.concurrency}
        for update skip locked)
      update ${pushDeliveries} set attempts = ${pushDeliveries.attempts} + 1, next_attempt_at = ${at(lease)}
      from due where ${pushDeliveries.id} = due.id
      returning ${pushDeliveries.id}`);
    const ids = rowsOf(result).map((r) => Number(r.id));
    if (ids.length === 0) return [];
    return this.ctx.db
      .select({
        id: pushDeliveries.id,
        attempts: pushDeliveries.attempts,
        payload: pushDeliveries.payload,
        createdAt: pushDeliveries.createdAt,
        subscriptionId: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushDeliveries)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscriptionId))
      .where(inArray(pushDeliveries.id, ids));
  }

  private async attempt(row: Claimed): Promise<void> {
    // Guarded by the attempt number: a process whose lease ran out changes nothing.
    const mine = and(eq(pushDeliveries.id, row.id), eq(pushDeliveries.attempts, row.attempts));
    const done = () => this.ctx.db.delete(pushDeliveries).where(mine);
    const age = this.ctx.clock.now().getTime() - row.createdAt.getTime();
    if (age > this.options.ttlSeconds * 1000) {
      this.ctx.log.warn({ endpoint: endpointFingerprint(row.endpoint), ageMs: age }, 'push: too old to be news; dropped unsent');
      await done();
      return;
    }
    const outcome = await this.deliver(row);
    if (outcome !== 'retry') return void (await done());
    if (row.attempts >= this.options.maxAttempts) {
      this.ctx.log.error({ endpoint: endpointFingerprint(row.endpoint), attempts: row.attempts }, 'push: gave up after repeated failures');
      return void (await done());
    }
    const wait = this.options.backoffMs[Math.min(row.attempts - 1, this.options.backoffMs.length - 1)] ?? 60_000;
    await this.ctx.db
      .update(pushDeliveries)
      .set({ nextAttemptAt: new Date(this.ctx.clock.now().getTime() + wait) })
      .where(mine);
    this.wakeAfter(wait);
  }

  private wakeAfter(ms: number): void {
    if (this.stopped) return;
    const t = setTimeout(() => {
      this.wakeups.delete(t);
      this.kick();
    }, ms + 20);
    t.unref();
    this.wakeups.add(t);
  }

  private async deliver(row: Claimed): Promise<Outcome> {
    const attempt = row.attempts;
    const payload = JSON.parse(row.payload) as PushPayload;
    const where = endpointFingerprint(row.endpoint);
    const verdict = checkEndpoint(row.endpoint, this.ctx.config.push.allowLoopbackHttp);
    if (!verdict.ok) {
      // Stored before a rule tightened (or written around the API): never posted to.
      this.ctx.log.error({ endpoint: where, reason: verdict.reason }, 'push: endpoint refused; subscription removed');
      await this.remove(row);
      return 'gone';
    }
    let status: number;
    try {
      const body = encryptPayload(Buffer.from(row.payload), { p256dh: fromB64u(row.p256dh), auth: fromB64u(row.auth) });
      status = await this.post(row.endpoint, body, verdict.loopbackHttp, payload);
    } catch (err) {
      this.ctx.log.warn({ err, endpoint: where, attempt }, 'push: push service unreachable');
      return 'retry';
    }
    if (status >= 200 && status < 300) {
      await this.ctx.db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: this.ctx.clock.now() })
        .where(eq(pushSubscriptions.id, row.subscriptionId));
      return 'delivered';
    }
    if (status === 404 || status === 410) {
      this.ctx.log.info({ endpoint: where, status }, 'push: subscription gone; removed');
      await this.remove(row);
      return 'gone';
    }
    if (status === 429 || status >= 500) {
      this.ctx.log.warn({ endpoint: where, status, attempt }, 'push: push service failed; will retry');
      return 'retry';
    }
    this.ctx.log.error(
      { endpoint: where, status },
      status === 403
        ? 'push: refused (403) — the VAPID key may have changed since the device subscribed'
        : 'push: refused by the push service',
    );
    return 'failed';
  }

  private async remove(row: Claimed): Promise<void> {
    await this.ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, row.endpoint));
  }

  /** POSTs and resolves with the status. No redirects; the connection may only reach a public address (or loopback when allowed). */
  private post(endpoint: string, body: Buffer, loopbackHttp: boolean, payload: PushPayload): Promise<number> {
    const url = new URL(endpoint);
    const send = url.protocol === 'https:' ? https.request : http.request;
    const headers = {
      'content-type': 'application/octet-stream',
      'content-encoding': 'aes128gcm',
      'content-length': String(body.length),
      ttl: String(this.options.ttlSeconds),
      urgency: 'high',
      // A newer push about the same ticket replaces one still waiting at the push service.
      topic: `ticket${payload.ticketId}`,
      authorization: vapidAuthorization(endpoint, this.keys, this.signingKey, Math.floor(this.ctx.clock.now().getTime() / 1000)),
    };
    return new Promise<number>((resolve, reject) => {
      const req = send(
        url,
        {
          method: 'POST',
          headers,
          signal: AbortSignal.timeout(this.options.timeoutMs),
          agent: false,
          // A name resolving to a private address is refused at connect time (DNS rebinding).
          ...(loopbackHttp ? {} : { lookup: publicOnlyLookup }),
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }
}
