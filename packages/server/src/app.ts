/**
 * buildApp: the whole server without listen(), so tests build as many as they need. main.ts adds
 * the process concerns (data-dir lock, signals, listening).
 */
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { systemClock, type AppContext, type Clock } from './context.js';
import { WebhookDispatcher } from './modules/webhooks/dispatcher.js';
import type { Database } from './db/client.js';
import { makeAuthenticate } from './http/auth.js';
import { registerErrorHandler, registerErrorLanguage, sendNotFound } from './http/errors.js';
import { multipartPluginLimits } from './http/multipart-upload.js';
import { databaseRateStore } from './http/rate-store.js';
import { isSpaRoute, registerSpa } from './http/spa.js';
import type { App } from './http/types.js';
import type { Secrets } from './lib/data-dir.js';
import { SettingsService } from './store/settings.js';
import { Realtime } from './realtime/realtime.js';
import type { ServiceOptions } from './services.js';
import type { PushSenderOptions } from './modules/push/sender.js';
import { buildPushDelivery, buildServices, type Services } from './services.js';
import { DOCS_PREFIX, registerOpenApi } from './http/openapi.js';
import { registerResponseCheck, type ResponseMismatch } from './http/response-check.js';
import { registerApiRoutes } from './http/api-routes.js';
import { wireRealtime } from './realtime-wiring.js';
import { trustFunction } from './lib/client-address.js';
import { MediaLinks } from './lib/media-links.js';
import { secretsKeyOf } from './lib/secret-box.js';
import { registerAuditTrail } from './modules/audit/trail.js';
import { listenMetrics, Metrics, registerMetricsRoute } from './http/metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** `mediaOrigin`: where media links point when PUBLIC_URL names another origin than the page's. */
const contentSecurityPolicy = (mediaOrigin: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${mediaOrigin ? ` ${mediaOrigin}` : ''}`,
    `media-src 'self' data: blob:${mediaOrigin ? ` ${mediaOrigin}` : ''}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');

export interface BuildAppOptions {
  config: Config;
  database: Database;
  secrets: Secrets;
  clock?: Clock;
  /** Serve the built web app (default: when it has been built). */
  serveWeb?: boolean;
  /** Where the built web app is (default: packages/web/dist). */
  webDist?: string;
  /** Channel driver factories by kind (tests inject fakes). */
  factories?: ServiceOptions['factories'];
  /** Start channel sessions and the outbox (default true). */
  startChannels?: boolean;
  /** Automation options; `scheduler: false` leaves scheduled jobs to runDueJobs. */
  automation?: ServiceOptions['automation'];
  /** Web Push retry timings (tests shorten them). */
  push?: Partial<PushSenderOptions>;
  /**
   * No other process uses this database (the embedded one, behind the data-directory lock): the
   * channel leases found at boot belong to a process that died, and are taken at once.
   */
  soleProcess?: boolean;
  /**
   * Test mode: every answer is checked against its route's declared response schema and each
   * mismatch reported here (http/response-check.ts).
   */
  checkResponses?: ResponseMismatch;
}

export interface BuiltApp {
  app: App;
  /** Every registered route with its declared statuses and its schemas (the route-table and contract tests read them). */
  routes: {
    method: string;
    url: string;
    responses: string[];
    schema: { params?: unknown; querystring?: unknown; body?: unknown; response?: unknown };
  }[];
  ctx: AppContext;
  services: Services;
  /** The metrics' own listener (METRICS_LISTEN), when configured: the port it bound. */
  metricsPort: number | undefined;
  /** Resolves once migrations ran and the server can answer (GET /api/health → 200). */
  close(): Promise<void>;
}

/** How long a shutdown waits for requests in flight before cutting their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Closes the HTTP server: requests in flight may finish, but only within `graceMs` — a request
 * that never ends (a client that stalls, a caller whose own side went away) must not keep the
 * process from stopping. Their connections are then cut, and that is logged. Nothing is lost by
 * it: a request is only acknowledged once what it did is stored.
 */
async function closeWithin(app: App, graceMs: number, log: AppContext['log']): Promise<void> {
  const timer = setTimeout(() => {
    app.server.getConnections((err, open) => {
      log.warn({ err, open }, 'requests still running at shutdown: their connections are cut');
      app.server.closeAllConnections();
    });
  }, graceMs);
  timer.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}

export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config, database, secrets } = options;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // One line per request goes at debug (below): at the default level a first start's banner with
    // the administrator's password is not scrolled away by the browser's first requests.
    logController: new LogController({ disableRequestLogging: true }),
    // The client is the first hop that is not a trusted proxy, never X-Forwarded-For's leftmost
    // entry, which the client writes itself.
    trustProxy: trustFunction(config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    // `/api/users/` is `/api/users`: clients of the reference product add the slash.
    routerOptions: { ignoreTrailingSlash: true },
    // Errors the router raises before any route runs (an undecodable path) in the API's shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply.status(400).send({ error: 'ERR_VALIDATION', message: error.message });
    },
    // A request the HTTP parser cannot read never reaches Fastify: answer it in the API's shape.
    clientErrorHandler: (_err, socket) => {
      if (!socket.writable) return socket.destroy();
      const body = JSON.stringify({ error: 'ERR_VALIDATION', message: 'Malformed request' });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  }).withTypeProvider<ZodTypeProvider>();
  const routes: BuiltApp['routes'] = [];
  app.addHook('onRoute', (r) => {
    const responses = Object.keys((r.schema?.response as object | undefined) ?? {});
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url, responses, schema: r.schema ?? {} });
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written as they are: the declared response schemas describe them (OpenAPI, the web
  // client, the tests' check), they do not filter or re-check them on every request.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const realtime = new Realtime();
  const settings = new SettingsService(database.db);
  // Announcements publish their webhook events through it, so it exists before the context.
  const webhookDispatcher = new WebhookDispatcher({ db: database.db, config, clock: options.clock ?? systemClock, log: app.log });
  // So do Web Push's sender and notifier: announcements hand them their pushes (ctx.push).
  const pushDelivery = buildPushDelivery(
    { db: database.db, config, clock: options.clock ?? systemClock, log: app.log, settings },
    options.push,
  );
  const ctx: AppContext = {
    db: database.db,
    database,
    config,
    secrets,
    clock: options.clock ?? systemClock,
    log: app.log,
    realtime,
    settings,
    mediaLinks: new MediaLinks(secretsKeyOf(config), {
      lifetimeSeconds: config.mediaLinkSeconds,
      publicUrl: config.publicUrl,
      clock: options.clock ?? systemClock,
    }),
    webhooks: webhookDispatcher,
    push: pushDelivery.notifier,
  };

  await database.migrate();
  await settings.init();
  await settings.followOtherProcesses(database, app.log);
  const services = buildServices(
    ctx,
    { webhookDispatcher, push: pushDelivery },
    { factories: options.factories, automation: options.automation },
  );
  await services.webhookDispatcher.follow(database);

  registerErrorHandler(app);
  registerErrorLanguage(app);
  if (config.allowedOrigins.length > 0) {
    // A web client served from a listed origin calls the API with its cookies (sign-in, refresh);
    // any other origin gets no CORS headers, so browsers keep it out.
    const allowed = new Set(config.allowedOrigins);
    await app.register(fastifyCors, {
      delegator: (request, callback) => {
        const origin = request.headers.origin;
        callback(null, origin && allowed.has(origin) ? { origin, credentials: true, maxAge: 600 } : { origin: false });
      },
    });
  }
  await app.register(fastifyCookie);
  // Counted in the database, so the limits hold across every server process.
  await app.register(fastifyRateLimit, { global: false, store: databaseRateStore(database.db) });
  await app.register(fastifyMultipart, { limits: multipartPluginLimits(config.mediaMaxBytes) });
  app.decorate('authenticate', makeAuthenticate(services.auth));
  // OpenAPI document + Swagger UI at /api/docs; before the routes so it collects all of them.
  await registerOpenApi(app, '1.0.0');
  app.decorateRequest('actor', null as never);
  if (options.checkResponses) registerResponseCheck(app, options.checkResponses, DOCS_PREFIX);

  const csp = contentSecurityPolicy(config.publicUrl ? new URL(config.publicUrl).origin : '');
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    // docs/decisions.md "Content-Security-Policy": scripts only from our origin; inline styles
    // for MUI/emotion and Swagger UI; images, audio and video also from data:/blob: (QR codes,
    // previews, recordings); no plugins, no framing by other sites.
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', csp);
    return payload;
  });

  // Metrics (http/metrics.ts): every request is timed; /metrics is served only when configured.
  const metrics = new Metrics(ctx, services);
  metrics.instrument(app);
  if (config.metrics.token && !config.metrics.listen) registerMetricsRoute(app, metrics, config.metrics.token);

  // The audit log is written around the audited routes, not inside their services.
  registerAuditTrail(app, database.db, services, services.audit);

  let ready = false;
  await app.register((api) => Promise.resolve().then(() => registerApiRoutes(api as unknown as App, ctx, services, () => ready)), {
    prefix: '/api',
  });

  // One not-found handler (Fastify allows only one): client routes get index.html so a reload
  // works; everything else, /api and /socket.io included, a JSON 404.
  const servingWeb = options.serveWeb !== false && (await registerSpa(app, options.webDist));
  app.setNotFoundHandler((request, reply) => {
    if (servingWeb && request.method === 'GET' && isSpaRoute(request.url)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(request, reply);
  });

  await wireRealtime(app.server, ctx, services);

  await app.ready();
  const metricsListener = config.metrics.listen ? await listenMetrics(metrics, config.metrics.listen, config.metrics.token, app.log) : null;
  await services.processes.start();
  if (options.startChannels !== false) {
    services.outbox.start();
    services.webhookDispatcher.start();
    services.push.sender.start();
    services.automation.start(); // scheduled automation under the leader lock
    await services.channels.startAll({ soleProcess: options.soleProcess === true });
  }
  ready = true;

  return {
    app: app,
    routes,
    ctx,
    services,
    metricsPort: metricsListener?.port,
    close: async () => {
      await metricsListener?.close();
      // A running import stops at its next row (its committed pages stay), before the database closes.
      await services.whaticketImport.stop();
      await services.automation.stop();
      await services.outbox.stop();
      await services.webhookDispatcher.stop();
      await services.push.sender.stop();
      await services.channels.close();
      await services.processes.stop();
      await realtime.close();
      await settings.stopFollowing();
      await closeWithin(app, SHUTDOWN_GRACE_MS, ctx.log);
    },
  };
}
