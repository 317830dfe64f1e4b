/**
 * Outgoing webhook deliveries. An event is written to `webhook_deliveries` (one row per subscribed
 * webhook) before anything is sent, so a restart loses none — in the transaction of the change it
 * reports where there is one (`enqueue`), else right after its commit (`publish`); every process delivers, claiming due
 * rows with FOR UPDATE SKIP LOCKED under a lease, so several processes never send one attempt
 * twice at once (delivery is still at least once: a process that dies after the receiver answered
 * sends again, with the same event id). Only the oldest open delivery of a (webhook, ordering
 * key) is ever due, which keeps each ticket's events in order. Failures and timeouts are retried
 * with backoff; after the last attempt the delivery is `failed` and waits for a manual retry.
 * Which events any webhook wants is cached per process (a message burst with no webhook costs no
 * query) and dropped on every change, here and, through NOTIFY, in the other processes.
 */
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_HEADERS, type WebhookEventName } from '@switchboard/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Database, DbOrTx } from '../../db/client.js';
import { webhookDeliveries, webhooks } from '../../db/schema.js';
import { KeyedQueue } from '../../lib/keyed-queue.js';
import { rowsOf } from '../../lib/sql.js';
import { isNonPublicAddress, literalAddressOf, PrivateTargetError, publicOnlyLookup } from './target-guard.js';

const BATCH = 20;
const CHANGED_CHANNEL = 'switchboard_webhooks_changed';
const LEASE_SECONDS = 60;
/** A time as a timestamptz in SQL. */
const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

export interface DispatcherOptions {
  /** Wait before attempt n+1 (the last value repeats). */
  backoffMs: number[];
  maxAttempts: number;
  timeoutMs: number;
  pollMs: number;
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  backoffMs: [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 10_800_000],
  maxAttempts: 10,
  timeoutMs: 10_000,
  pollMs: 2_000,
};

/** `t=<unix seconds>` and the HMAC-SHA256 (hex) of `${t}.${body}` with the webhook's secret. */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

interface Claimed {
  id: number;
  eventId: string;
  event: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
}

export class WebhookDispatcher {
  readonly options: DispatcherOptions;
  private readonly inserts = new KeyedQueue();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private readonly wakeups = new Set<NodeJS.Timeout>();
  private subscribed: Promise<Set<string>> | null = null;
  /** The settled answer of `subscribed` (null while unknown). */
  private subscribedNow: Set<string> | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  /** Built before the app context (announcements publish through it), so it takes only what it uses. */
  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'config'>,
    options: Partial<DispatcherOptions> = {},
  ) {
    this.options = { ...DEFAULT_DISPATCHER_OPTIONS, ...options };
  }

  /**
   * Queues an event for every enabled webhook subscribed to it. Events of one key are written in
   * the order they were published (the announcement that calls this has already committed).
   */
  publish(event: WebhookEventName, orderingKey: string, data: unknown): void {
    // Most installations subscribe to few events: an unwanted one costs nothing, not even its JSON.
    if (this.subscribedNow && !this.subscribedNow.has(event)) return;
    const eventId = randomUUID();
    const timestamp = this.ctx.clock.now().toISOString();
    void this.inserts
      .run(orderingKey, async () => {
        if (!(await this.subscribedEvents()).has(event)) return;
        const body = JSON.stringify({ id: eventId, event, timestamp, data });
        const result = await this.ctx.db.execute(this.insertDeliveries(eventId, event, orderingKey, body));
        if (rowsOf(result).length > 0) this.kick();
      })
      .catch((err: unknown) => this.ctx.log.error({ err, event, orderingKey, eventId }, 'webhook event not queued'));
  }

  /**
   * Writes the event's deliveries in the caller's transaction (a transactional outbox): they
   * commit or roll back with the change they report, and a failed write fails the change. Events
   * of one ticket keep their order: every change of a ticket writes its row (locked until the
   * commit) before its events, so the deliveries' ids follow the commits. The caller kicks the
   * dispatcher after its commit.
   * Nothing here reads outside the transaction (on PGlite that would wait for the transaction
   * itself): the subscriptions cache is used only once it holds an answer; else the insert's own
   * condition decides.
   */
  async enqueue(tx: DbOrTx, event: WebhookEventName, orderingKey: string, data: unknown): Promise<boolean> {
    if (this.subscribedNow && !this.subscribedNow.has(event)) return false;
    const eventId = randomUUID();
    const body = JSON.stringify({ id: eventId, event, timestamp: this.ctx.clock.now().toISOString(), data });
    return rowsOf(await tx.execute(this.insertDeliveries(eventId, event, orderingKey, body))).length > 0;
  }

  /** One delivery per enabled webhook subscribed to the event. */
  private insertDeliveries(eventId: string, event: string, orderingKey: string, body: string) {
    return sql`
      insert into ${webhookDeliveries} (webhook_id, event_id, event, ordering_key, payload, next_attempt_at)
      select id, ${eventId}, ${event}, ${orderingKey}, ${body}, ${at(this.ctx.clock.now())} from ${webhooks}
      where enabled and events @> ${JSON.stringify([event])}::jsonb
      returning id`;
  }

  /** Queues a test delivery for one webhook (whatever its events). */
  async queueTest(webhookId: number): Promise<number> {
    const eventId = randomUUID();
    const body = JSON.stringify({ id: eventId, event: 'webhook.test', timestamp: this.ctx.clock.now().toISOString(), data: { webhookId } });
    const [row] = await this.ctx.db
      .insert(webhookDeliveries)
      .values({
        webhookId,
        eventId,
        event: 'webhook.test',
        orderingKey: `test:${webhookId}`,
        payload: body,
        nextAttemptAt: this.ctx.clock.now(),
      })
      .returning({ id: webhookDeliveries.id });
    this.kick();
    return row.id;
  }

  /** Events some enabled webhook wants (cached until a webhook changes). */
  private subscribedEvents(): Promise<Set<string>> {
    if (this.subscribed) return this.subscribed;
    const reading = this.ctx.db
      .select({ events: webhooks.events })
      .from(webhooks)
      .where(eq(webhooks.enabled, true))
      .then(
        (rows) => {
          const events = new Set(rows.flatMap((r) => r.events));
          // Only the answer of the read still current (a change dropped it meanwhile otherwise).
          if (this.subscribed === reading) this.subscribedNow = events;
          return events;
        },
        (err: unknown) => {
          if (this.subscribed === reading) this.subscribed = null;
          throw err;
        },
      );
    this.subscribed = reading;
    return reading;
  }

  private forgetSubscriptions(): void {
    this.subscribed = null;
    this.subscribedNow = null;
  }

  /** A webhook was added, changed or removed: this process and the others re-read. */
  async changed(): Promise<void> {
    this.forgetSubscriptions();
    await this.ctx.db.execute(sql`select pg_notify(${CHANGED_CHANNEL}, '')`);
  }

  /** Follows the other processes' webhook changes (and re-reads after a lost LISTEN). */
  async follow(database: Database): Promise<void> {
    const drop = () => this.forgetSubscriptions();
    this.unlisten = await database.listen(CHANGED_CHANNEL, drop, { log: this.ctx.log, onResubscribed: drop });
    drop();
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const t of this.wakeups) clearTimeout(t);
    this.wakeups.clear();
    await this.inserts.idle();
    await this.running;
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** Delivers what is due; a kick during a pass makes one more pass. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.pass()) === BATCH) {
            /* a full batch: more may be due */
          }
        } while (this.again && !this.stopped);
      } catch (err) {
        this.ctx.log.error({ err }, 'webhook delivery pass failed');
      } finally {
        this.running = null;
      }
    })();
  }

  /** Resolves when queued inserts and the running pass are done (tests, shutdown). */
  async idle(): Promise<void> {
    await this.inserts.idle();
    while (this.running) await this.running;
  }

  private async pass(): Promise<number> {
    const claimed = await this.claim();
    await Promise.all(claimed.map((d) => this.deliver(d)));
    return claimed.length;
  }

  private async claim(): Promise<Claimed[]> {
    // Due times are the app's clock, from the delivery's first attempt to its retries.
    const now = this.ctx.clock.now();
    const result = await this.ctx.db.execute(sql`
      with due as (
        select d.id from ${webhookDeliveries} d
        join ${webhooks} w on w.id = d.webhook_id and w.enabled
        where d.status in ('pending', 'delivering') and d.next_attempt_at <= ${at(now)}
          and not exists (
            select 1 from ${webhookDeliveries} e
            where e.webhook_id = d.webhook_id and e.ordering_key = d.ordering_key and e.id < d.id
              and e.status in ('pending', 'delivering'))
        order by d.id
        limit ${BATCH}
        for update of d skip locked)
      update ${webhookDeliveries} set status = 'delivering', attempts = ${webhookDeliveries.attempts} + 1,
        next_attempt_at = ${at(new Date(now.getTime() + LEASE_SECONDS * 1000))}
      from due where ${webhookDeliveries.id} = due.id
      returning ${webhookDeliveries.id}`);
    const ids = rowsOf(result).map((r) => Number(r.id));
    if (ids.length === 0) return [];
    const rows = await this.ctx.db
      .select({
        id: webhookDeliveries.id,
        eventId: webhookDeliveries.eventId,
        event: webhookDeliveries.event,
        payload: webhookDeliveries.payload,
        attempts: webhookDeliveries.attempts,
        url: webhooks.url,
        secret: webhooks.secret,
      })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(inArray(webhookDeliveries.id, ids));
    return rows.sort((a, b) => a.id - b.id);
  }

  private async deliver(d: Claimed): Promise<void> {
    const timestamp = Math.floor(this.ctx.clock.now().getTime() / 1000);
    let code: number | null = null;
    let error: string | null = null;
    let refused = false;
    try {
      code = await this.post(d.url, d.payload, {
        'content-type': 'application/json',
        'user-agent': 'Switchboard-Webhooks',
        [WEBHOOK_HEADERS.event]: d.event,
        [WEBHOOK_HEADERS.eventId]: d.eventId,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signDelivery(d.secret, timestamp, d.payload),
      });
      if (code < 200 || code >= 300) error = `HTTP ${code}`;
    } catch (err) {
      // A refused target stays refused until the installation allows it: no retries, the reason shown.
      refused = err instanceof PrivateTargetError;
      error = err instanceof Error ? (err.name === 'TimeoutError' || err.name === 'AbortError' ? 'Timeout' : err.message) : String(err);
    }
    // Guarded by the attempt number: a stale worker whose lease ran out changes nothing.
    const mine = and(
      eq(webhookDeliveries.id, d.id),
      eq(webhookDeliveries.status, 'delivering'),
      eq(webhookDeliveries.attempts, d.attempts),
    );
    if (!error) {
      await this.ctx.db
        .update(webhookDeliveries)
        .set({ status: 'delivered', responseCode: code, lastError: null, deliveredAt: this.ctx.clock.now() })
        .where(mine);
      return;
    }
    const giveUp = refused || d.attempts >= this.options.maxAttempts;
    const waitMs = this.options.backoffMs[Math.min(d.attempts - 1, this.options.backoffMs.length - 1)] ?? 60_000;
    await this.ctx.db
      .update(webhookDeliveries)
      .set({
        status: giveUp ? 'failed' : 'pending',
        responseCode: code,
        lastError: error.slice(0, 500),
        nextAttemptAt: new Date(this.ctx.clock.now().getTime() + waitMs),
      })
      .where(mine);
    if (!giveUp) this.wakeAfter(waitMs);
  }

  /**
   * POSTs the body and resolves with the answer's status (the body is not read). Redirects are not
   * followed. Unless the installation allows private targets, the connection may only go to a
   * public address: a literal one is checked here, a name by the socket's lookup (target-guard.ts).
   */
  private post(target: string, body: string, headers: Record<string, string>): Promise<number> {
    const url = new URL(target);
    const allowPrivate = this.ctx.config.webhooksAllowPrivate;
    const literal = literalAddressOf(url);
    if (!allowPrivate && literal && isNonPublicAddress(literal)) return Promise.reject(new PrivateTargetError(literal));
    const send = url.protocol === 'https:' ? https.request : http.request;
    return new Promise<number>((resolve, reject) => {
      const req = send(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          signal: AbortSignal.timeout(this.options.timeoutMs),
          // A fresh connection each time: a pooled socket would skip the lookup's check.
          agent: false,
          ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', (err: Error & { cause?: unknown }) => {
        // The lookup's refusal reaches us as the socket's error.
        reject(err instanceof PrivateTargetError ? err : err.cause instanceof PrivateTargetError ? err.cause : err);
      });
      req.end(body);
    });
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
}
