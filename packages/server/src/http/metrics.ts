/**
 * GET /metrics in the Prometheus text format, for operators' alerts: HTTP requests by route pattern
 * and status, realtime sockets, the outbox's depth and oldest message, the inbound journal, each
 * connection's state with its refused sends and reconnects, the job leader and the database pool.
 *
 * Off unless configured (docs/operations.md "Metrics"): METRICS_TOKEN serves it on the app's own
 * port to a caller presenting that bearer token; METRICS_LISTEN serves it on a separate address
 * (a port only the monitoring network reaches), where the token is asked too when both are set.
 * The figures read from the database are the whole installation's; the process's own (requests,
 * sockets, pool, leader) are this process's, labelled by nothing: Prometheus adds the instance.
 */
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { rowsOf } from '../lib/sql.js';
import { Histogram, family } from '../lib/prometheus.js';
import type { Services } from '../services.js';
import type { App } from './types.js';

/** Request durations in seconds: from a cached read to a slow upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export class Metrics {
  readonly requests = new Histogram(
    'switchboard_http_request_duration_seconds',
    'HTTP requests by method, route pattern and status, and how long they took.',
    DURATION_BUCKETS,
  );

  constructor(
    private readonly ctx: AppContext,
    private readonly services: Services,
  ) {}

  /** Times every request; the route is its pattern (`/api/tickets/:id`), never the raw URL. */
  instrument(app: App): void {
    app.addHook('onResponse', async (request, reply) => {
      // Unmatched URLs share one label, so a scanner cannot grow the series without bound.
      const route = request.is404 ? '(unmatched)' : (request.routeOptions.url ?? '(unmatched)');
      if (route === '/metrics') return;
      this.requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
  }

  /** The whole exposition, read now. */
  async render(): Promise<string> {
    const { ctx, services } = this;
    const parts: string[] = [this.requests.render()];

    const sockets = ctx.realtime.socketCounts();
    parts.push(
      family(
        'switchboard_realtime_sockets',
        'gauge',
        'Open realtime sockets on this process, by namespace.',
        Object.entries(sockets).map(([namespace, value]) => ({ labels: { namespace }, value })),
      ),
    );

    const [outbox] = rowsOf(
      await ctx.db.execute(sql`
        select count(*)::int as depth,
               coalesce(extract(epoch from (now() - min(created_at))), 0)::float8 as oldest
          from messages where send_state in ('pending', 'sending')`),
    );
    parts.push(
      family('switchboard_outbox_depth', 'gauge', 'Outgoing messages waiting to be sent (pending or being sent).', [
        { value: Number(outbox?.depth ?? 0) },
      ]),
    );
    parts.push(
      family('switchboard_outbox_oldest_age_seconds', 'gauge', 'Age of the oldest outgoing message still waiting; 0 when none waits.', [
        { value: Number(outbox?.oldest ?? 0) },
      ]),
    );

    const journal = await services.channels.journal.counts();
    parts.push(
      family(
        'switchboard_inbound_journal_depth',
        'gauge',
        'Received events kept in the inbound journal: pending replay, or set aside for an admin.',
        [
          { labels: { state: 'pending' }, value: journal.pending },
          { labels: { state: 'poisoned' }, value: journal.poisoned },
        ],
      ),
    );

    const connections = rowsOf(await ctx.db.execute(sql`select id, status from whatsapps order by id`));
    const running = new Set(services.channels.connectedIds());
    parts.push(
      family(
        'switchboard_connection_status',
        'gauge',
        'Each connection and its current status (1 for the status it is in).',
        connections.map((c) => ({ labels: { connection: String(c.id), status: String(c.status) }, value: 1 })),
      ),
    );
    parts.push(
      family(
        'switchboard_connection_session_here',
        'gauge',
        "Whether this process runs the connection's session (1) or another one does / none does (0).",
        connections.map((c) => ({ labels: { connection: String(c.id) }, value: running.has(Number(c.id)) ? 1 : 0 })),
      ),
    );
    const health = await services.channels.health.list();
    parts.push(
      family(
        'switchboard_connection_sends_refused_last_hour',
        'gauge',
        'Sends the channel refused in the last hour, per connection.',
        health.connections.map((h) => ({ labels: { connection: String(h.connectionId) }, value: h.refused })),
      ),
    );
    parts.push(
      family(
        'switchboard_connection_reconnects_last_hour',
        'gauge',
        'Session reconnects in the last hour, per connection.',
        health.connections.map((h) => ({ labels: { connection: String(h.connectionId) }, value: h.reconnects })),
      ),
    );

    parts.push(
      family('switchboard_job_leader', 'gauge', "Whether this process holds the scheduled jobs' leader lease.", [
        { value: services.automation.scheduler.isLeader() ? 1 : 0 },
      ]),
    );

    const pool = ctx.database.poolStats();
    parts.push(
      family(
        'switchboard_database_pool_connections',
        'gauge',
        'Database connections of this process, by state (PGlite: one, always in use).',
        [
          { labels: { state: 'total' }, value: pool.total },
          { labels: { state: 'idle' }, value: pool.idle },
        ],
      ),
    );
    parts.push(
      family('switchboard_database_pool_waiting', 'gauge', 'Queries of this process waiting for a free database connection.', [
        { value: pool.waiting },
      ]),
    );

    const memory = process.memoryUsage();
    parts.push(family('process_resident_memory_bytes', 'gauge', 'Resident memory of this process.', [{ value: memory.rss }]));
    parts.push(family('process_uptime_seconds', 'gauge', 'Seconds since this process started.', [{ value: Math.round(process.uptime()) }]));
    return `${parts.join('\n')}\n`;
  }
}

/** Whether the request presents the token (compared in constant time). */
function presentsToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** GET /metrics on the app's own port, behind METRICS_TOKEN. */
export function registerMetricsRoute(app: App, metrics: Metrics, token: string): void {
  app.get('/metrics', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!presentsToken(request.headers.authorization, token)) {
      return reply.status(401).header('WWW-Authenticate', 'Bearer').send({ error: 'ERR_INVALID_TOKEN' });
    }
    return reply
      .header('Content-Type', METRICS_CONTENT_TYPE)
      .header('Cache-Control', 'no-store')
      .send(await metrics.render());
  });
}

/**
 * GET /metrics on a separate address (METRICS_LISTEN): a bare HTTP server, so the scrape does not
 * go through the app's routes, limits or logs. Resolves to its close function.
 */
export async function listenMetrics(
  metrics: Metrics,
  address: { host: string; port: number },
  token: string | undefined,
  log: AppContext['log'],
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'ERR_NOT_FOUND' }));
      return;
    }
    if (token !== undefined && !presentsToken(req.headers.authorization, token)) {
      res
        .writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer' })
        .end(JSON.stringify({ error: 'ERR_INVALID_TOKEN' }));
      return;
    }
    metrics.render().then(
      (text) => res.writeHead(200, { 'Content-Type': METRICS_CONTENT_TYPE, 'Cache-Control': 'no-store' }).end(text),
      (err: unknown) => {
        log.error({ err }, 'metrics could not be read');
        res.writeHead(503, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'ERR_DATABASE_UNAVAILABLE' }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => resolve());
  });
  const bound = server.address();
  return {
    port: bound && typeof bound === 'object' ? bound.port : address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
