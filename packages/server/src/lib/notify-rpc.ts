/**
 * Calls between server processes over one database notification channel: a request is announced
 * to every process, the one that owns the thing asked about (a channel session, a simulated phone)
 * carries it out and answers on the same channel. The caller waits for that answer, so an action
 * is reported done only once it happened; with no answer in time (no owner, or a notification
 * lost while a connection was down) the caller gets an error, never a silent success.
 */
import { ERROR_CODES, type ErrorCode } from '@switchboard/shared';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { AppError } from './app-error.js';

/** A handler answers `undefined` when the request is not for this process. */
export type RpcHandler = (args: Record<string, unknown>) => Promise<unknown>;

interface Request {
  t: 'req';
  id: string;
  op: string;
  args: Record<string, unknown>;
}
interface Response {
  t: 'res';
  id: string;
  result?: unknown;
  error?: { code: string; status: number; message: string };
}

const DEFAULT_TIMEOUT_MS = 10_000;

export class NotifyRpc {
  private handlers = new Map<string, RpcHandler>();
  private pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  handle(op: string, handler: RpcHandler): void {
    this.handlers.set(op, handler);
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(this.channel, (payload) => this.received(payload), { log: this.log });
  }

  async stop(): Promise<void> {
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new AppError('ERR_WAPP_NOT_INITIALIZED', 503, 'The server is shutting down'));
    }
    this.pending.clear();
    await this.unlisten?.();
  }

  /** Asks whichever process owns the matter; rejects with the owner's error or after the timeout. */
  call<T>(op: string, args: Record<string, unknown>, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<T> {
    const id = randomUUID();
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new AppError('ERR_WAPP_NOT_INITIALIZED', 503, 'No server process answered for this connection'));
      }, timeoutMs);
      timer.unref();
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      this.notify({ t: 'req', id, op, args }).catch((err: unknown) => {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(err instanceof Error ? err : new Error(String(err)));
      });
    });
  }

  private async notify(message: Request | Response): Promise<void> {
    await this.database.db.execute(sql`select pg_notify(${this.channel}, ${JSON.stringify(message)})`);
  }

  private received(payload: string): void {
    let message: Request | Response;
    try {
      message = JSON.parse(payload) as Request | Response;
    } catch {
      this.log.warn({ channel: this.channel }, 'unreadable notification ignored');
      return;
    }
    if (message.t === 'res') {
      const p = this.pending.get(message.id);
      if (!p) return; // another process's call
      clearTimeout(p.timer);
      this.pending.delete(message.id);
      if (message.error) {
        const code = (ERROR_CODES as readonly string[]).includes(message.error.code) ? (message.error.code as ErrorCode) : 'ERR_INTERNAL';
        p.reject(new AppError(code, message.error.status, message.error.message));
      } else p.resolve(message.result);
      return;
    }
    const handler = this.handlers.get(message.op);
    if (!handler) return;
    void this.serve(message, handler).catch((err: unknown) => this.log.error({ err, op: message.op }, 'answering a process call failed'));
  }

  private async serve(request: Request, handler: RpcHandler): Promise<void> {
    let response: Response;
    try {
      const result = await handler(request.args);
      if (result === undefined) return; // not ours: the owner answers
      response = { t: 'res', id: request.id, result };
    } catch (err) {
      const e = err instanceof AppError ? err : null;
      if (!e) this.log.error({ err, op: request.op }, 'process call failed');
      response = {
        t: 'res',
        id: request.id,
        error: { code: e?.code ?? 'ERR_INTERNAL', status: e?.status ?? 500, message: e?.message ?? 'Internal error' },
      };
    }
    await this.notify(response);
  }
}
