import { AUTH_ROUTES as R } from '@switchboard/shared';
import { answers, BODY, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';
import { REFRESH_TTL_SECONDS } from './tokens.js';

export const REFRESH_COOKIE = 'jrt';
const COOKIE_PATH = '/api/auth';

/**
 * The refresh cookie stays on this site (SameSite=Strict), except for a web client served from
 * one of ALLOWED_ORIGINS over HTTPS: its browser sends the cookie cross-site only when it is
 * SameSite=None (which browsers accept only with Secure).
 */
function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, value: string, allowedOrigins: string[]): void {
  const secure = request.protocol === 'https';
  const fromAllowedOrigin = request.headers.origin != null && allowedOrigins.includes(request.headers.origin);
  reply.setCookie(REFRESH_COOKIE, value, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: secure && fromAllowedOrigin ? 'none' : 'strict',
    secure,
    maxAge: REFRESH_TTL_SECONDS,
  });
}

function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
}

export function registerAuthRoutes(app: App, { auth }: Services, allowedOrigins: string[]): void {
  app.post(
    R.login.path,
    {
      schema: {
        ...requestSchemas(R.login),
        tags: ['auth'],
        security: [],
        response: answers(ok(R.login), BODY, {
          401: ['ERR_INVALID_CREDENTIALS', 'ERR_OUT_OF_HOURS'],
          429: ['ERR_TOO_MANY_REQUESTS'],
        }),
      },
    },
    async (request, reply) => {
      const signedIn = await auth.login(request.body, request.ip);
      setRefreshCookie(request, reply, signedIn.refreshCookie, allowedOrigins);
      return { token: signedIn.token, user: signedIn.user };
    },
  );

  const refreshDoc = {
    tags: ['auth'],
    security: [],
    description: 'Uses the httpOnly refresh cookie; rotates it.',
    response: answers(ok(R.refresh), {
      401: ['ERR_SESSION_EXPIRED', 'ERR_OUT_OF_HOURS'],
      403: ['ERR_INVALID_TOKEN'],
      404: ['ERR_NO_USER_FOUND'],
    }),
  };
  app.post(R.refresh.path, { schema: refreshDoc }, async (request, reply) => {
    try {
      const signedIn = await auth.refresh(request.cookies[REFRESH_COOKIE]);
      if (signedIn.refreshCookie) setRefreshCookie(request, reply, signedIn.refreshCookie, allowedOrigins);
      return { token: signedIn.token, user: signedIn.user };
    } catch (err) {
      clearRefreshCookie(reply);
      throw err;
    }
  });

  app.delete(R.logout.path, { schema: { tags: ['auth'], security: [], response: answers(ok(R.logout)) } }, async (request, reply) => {
    await auth.logout(request.cookies[REFRESH_COOKIE]);
    clearRefreshCookie(reply);
    return reply.status(204).send();
  });

  app.get(R.config.path, { schema: { tags: ['auth'], security: [], response: answers(ok(R.config)) } }, () =>
    Promise.resolve({
      signupAllowed: auth.signupAllowed(),
    }),
  );

  app.post(
    R.signup.path,
    {
      schema: {
        ...requestSchemas(R.signup),
        tags: ['auth'],
        security: [],
        response: answers(ok(R.signup), BODY, {
          403: ['ERR_USER_CREATION_DISABLED', 'ERR_USER_CREATION_COUNT'],
          409: ['ERR_DUPLICATED_EMAIL'],
          429: ['ERR_TOO_MANY_REQUESTS'],
        }),
      },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request, reply) => reply.status(201).send(await auth.signup(request.body)),
  );

  app.get(
    R.me.path,
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], response: answers(ok(R.me), SIGNED_IN, { 404: ['ERR_NO_USER_FOUND'] }) },
    },
    async (request) => auth.me(request.actor),
  );
}
