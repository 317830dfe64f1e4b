/**
 * Sends pushes in the background: never on a request's path. Each push is one POST of the
 * encrypted payload to the device's endpoint; the push service's answer decides what follows:
 *   2xx        delivered (the device's last success is recorded);
 *   404, 410   the subscription is gone (unsubscribed, expired, app data cleared): it is removed;
 *   429, 5xx,  the service is busy or unreachable: tried again after a growing pause, a few times;
 *   network
 *   other 4xx  our request is wrong (403: the VAPID key changed since the device subscribed): logged,
 *              not retried.
 * Every failure is logged. The queue lives in this process: a push still waiting when the process
 * stops is lost — a notification that late would no longer be news (its TTL is short too).
 */
import http from 'node:http';
import https from 'node:https';
import { eq } from 'drizzle-orm';
import type { PushPayload } from '@switchboard/shared';
import type { AppContext } from '../../context.js';
import { pushSubscriptions } from '../../db/schema.js';
import { publicOnlyLookup } from '../webhooks/target-guard.js';
import { checkEndpoint } from './endpoint-guard.js';
import { encryptPayload, endpointFingerprint, fromB64u, vapidAuthorization, vapidSigningKey, type VapidKeys } from './web-push.js';

export interface PushTarget {
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSenderOptions {
  /** Pause before each retry (the last one repeats). */
  backoffMs: number[];
  /** Attempts in all, the first included. */
  maxAttempts: number;
  timeoutMs: number;
  /** Posts in flight at once. */
  concurrency: number;
  /** How long the push service keeps an undelivered push (the phone is off). */
  ttlSeconds: number;
}

export const DEFAULT_PUSH_SENDER_OPTIONS: PushSenderOptions = {
  backoffMs: [2_000, 10_000, 60_000],
  maxAttempts: 4,
  timeoutMs: 10_000,
  concurrency: 4,
  ttlSeconds: 3_600,
};

interface Job {
  target: PushTarget;
  payload: PushPayload;
  attempt: number;
}

type Outcome = 'delivered' | 'gone' | 'retry' | 'failed';

export class PushSender {
  private readonly queue: Job[] = [];
  private inFlight = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  private idleWaiters: (() => void)[] = [];
  private readonly signingKey;

  constructor(
    private readonly ctx: AppContext,
    private readonly keys: VapidKeys,
    private readonly options: PushSenderOptions = DEFAULT_PUSH_SENDER_OPTIONS,
  ) {
    this.signingKey = vapidSigningKey(keys);
  }

  send(target: PushTarget, payload: PushPayload): void {
    if (this.stopped) return;
    this.queue.push({ target, payload, attempt: 1 });
    this.pump();
  }

  /** Resolves once nothing is queued, in flight or waiting for a retry (tests, shutdown). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.queue.length = 0;
    this.settle();
  }

  private isIdle(): boolean {
    return this.queue.length === 0 && this.inFlight === 0 && this.timers.size === 0;
  }

  private settle(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  private pump(): void {
    while (!this.stopped && this.inFlight < this.options.concurrency && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.inFlight++;
      void this.attempt(job)
        .catch((err: unknown) => this.ctx.log.error({ err }, 'push: delivery bookkeeping failed'))
        .finally(() => {
          this.inFlight--;
          this.pump();
          this.settle();
        });
    }
  }

  private async attempt(job: Job): Promise<void> {
    const outcome = await this.deliver(job);
    if (outcome !== 'retry') return;
    if (job.attempt >= this.options.maxAttempts) {
      this.ctx.log.error(
        { endpoint: endpointFingerprint(job.target.endpoint), attempts: job.attempt },
        'push: gave up after repeated failures',
      );
      return;
    }
    const wait = this.options.backoffMs[Math.min(job.attempt - 1, this.options.backoffMs.length - 1)] ?? 60_000;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.stopped) return this.settle();
      this.queue.push({ ...job, attempt: job.attempt + 1 });
      this.pump();
    }, wait);
    timer.unref();
    this.timers.add(timer);
  }

  private async deliver({ target, payload, attempt }: Job): Promise<Outcome> {
    const where = endpointFingerprint(target.endpoint);
    const verdict = checkEndpoint(target.endpoint, this.ctx.config.push.allowLoopbackHttp);
    if (!verdict.ok) {
      // Stored before a rule tightened (or written around the API): never posted to.
      this.ctx.log.error({ endpoint: where, reason: verdict.reason }, 'push: endpoint refused; subscription removed');
      await this.remove(target);
      return 'gone';
    }
    let status: number;
    try {
      const body = encryptPayload(Buffer.from(JSON.stringify(payload)), { p256dh: fromB64u(target.p256dh), auth: fromB64u(target.auth) });
      status = await this.post(target.endpoint, body, verdict.loopbackHttp, payload);
    } catch (err) {
      this.ctx.log.warn({ err, endpoint: where, attempt }, 'push: push service unreachable');
      return 'retry';
    }
    if (status >= 200 && status < 300) {
      await this.ctx.db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: this.ctx.clock.now() })
        .where(eq(pushSubscriptions.id, target.subscriptionId));
      return 'delivered';
    }
    if (status === 404 || status === 410) {
      this.ctx.log.info({ endpoint: where, status }, 'push: subscription gone; removed');
      await this.remove(target);
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

  private async remove(target: PushTarget): Promise<void> {
    await this.ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, target.endpoint));
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
