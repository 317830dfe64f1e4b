/**
 * LISTEN on PostgreSQL that survives its connection: a database restart, a network cut or
 * pg_terminate_backend ends the listening connection, and notifications sent meanwhile are gone.
 * So the listener reconnects with growing delays, LISTENs again, and then tells the subscriber
 * (`onResubscribed`) so it can re-read from the database whatever it may have missed.
 */
import pg from 'pg';

export interface ListenerLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface ListenOptions {
  /** Called after a lost connection was re-established and LISTEN is active again. */
  onResubscribed?: () => void;
  /** Where connection losses are reported (default: the console). */
  log?: ListenerLog;
}

const consoleLog: ListenerLog = {
  warn: (obj, msg) => console.warn(msg, obj),
  info: (obj, msg) => console.info(msg, obj),
};

const RECONNECT_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 5_000];

export class ResilientListener {
  private client: pg.Client | null = null;
  private closed = false;
  private attempt = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly options: ListenOptions,
  ) {}

  private get log(): ListenerLog {
    return this.options.log ?? consoleLog;
  }

  /** First connection: errors reach the caller (a server that cannot LISTEN does not start). */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    // Without an 'error' listener a dropped connection would throw and end the process.
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    client.on('notification', (msg) => {
      if (msg.channel === this.channel && msg.payload !== undefined) this.onPayload(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel.replace(/"/g, '')}"`);
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private lost(client: pg.Client, err: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = null;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    this.log.warn({ err, channel: this.channel }, 'LISTEN connection lost; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.timer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)];
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect().then(
        () => {
          if (this.closed) return;
          this.attempt = 0;
          this.log.info({ channel: this.channel }, 'LISTEN connection re-established');
          this.options.onResubscribed?.();
        },
        (err: unknown) => {
          this.log.warn({ err, channel: this.channel, attempt: this.attempt }, 'LISTEN reconnect failed; trying again');
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
