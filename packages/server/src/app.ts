/**
 * buildApp: the whole server without listen(), so tests build as many as they need. main.ts adds
 * the process concerns (data-dir lock, signals, listening).
 */
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { systemClock, type AppContext, type Clock } from './context.js';
import type { Database } from './db/client.js';
import { makeAuthenticate } from './http/auth.js';
import { registerErrorHandler, sendNotFound } from './http/errors.js';
import { isSpaRoute, registerSpa } from './http/spa.js';
import type { App } from './http/types.js';
import type { Secrets } from './lib/data-dir.js';
import { SettingsService } from './modules/settings/service.js';
import { Realtime } from './realtime/realtime.js';
import type { ServiceOptions } from './services.js';
import { buildServices, type Services } from './services.js';
import { registerOpenApi } from './http/openapi.js';
import { registerApiRoutes } from './http/api-routes.js';
import { wireRealtime } from './realtime/wiring.js';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

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
}

export interface BuiltApp {
  app: App;
  /** Every route registered (method and URL), for checks that cover all of them. */
  routes: { method: string; url: string }[];
  ctx: AppContext;
  services: Services;
  /** Resolves once migrations ran and the server can answer (GET /api/health → 200). */
  close(): Promise<void>;
}

export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config, database, secrets } = options;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  const routes: BuiltApp['routes'] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const realtime = new Realtime();
  const settings = new SettingsService(database.db);
  const ctx: AppContext = {
    db: database.db,
    database,
    config,
    secrets,
    clock: options.clock ?? systemClock,
    log: app.log,
    realtime,
    settings,
  };

  await database.migrate();
  await settings.init();
  const services = buildServices(ctx, { factories: options.factories, automation: options.automation });

  registerErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, { limits: { fileSize: 64 * 1024 * 1024, files: 10 } });
  app.decorate('authenticate', makeAuthenticate(services.auth));
  // OpenAPI document + Swagger UI at /api/docs; before the routes so it collects all of them.
  await registerOpenApi(app, '1.0.0');
  app.decorateRequest('actor', null as never);

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    return payload;
  });

  let ready = false;
  await app.register(async (api) => registerApiRoutes(api as unknown as App, ctx, services, () => ready), { prefix: '/api' });

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
  if (options.startChannels !== false) {
    services.outbox.start();
    services.automation.start(); // scheduled automation under the leader lock
    await services.channels.startAll();
  }
  ready = true;

  return {
    app: app as unknown as App,
    routes,
    ctx,
    services,
    close: async () => {
      await services.automation.stop();
      await services.outbox.stop();
      await services.channels.close();
      await realtime.close();
      await app.close();
    },
  };
}
