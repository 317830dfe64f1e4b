import { authConfigSchema, loginSchema, sessionSchema, signupSchema, userSchema } from '@switchboard/shared';
import { answers, BODY, noContent, SIGNED_IN } from '../../http/responses.js';
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
    '/auth/login',
    {
      schema: {
        body: loginSchema,
        tags: ['auth'],
        security: [],
        response: answers({ 200: sessionSchema }, BODY, {
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
    response: answers(
      { 200: sessionSchema },
      { 401: ['ERR_SESSION_EXPIRED', 'ERR_OUT_OF_HOURS'], 403: ['ERR_INVALID_TOKEN'], 404: ['ERR_NO_USER_FOUND'] },
    ),
  };
  app.post('/auth/refresh_token', { schema: refreshDoc }, async (request, reply) => {
    try {
      const signedIn = await auth.refresh(request.cookies[REFRESH_COOKIE]);
      if (signedIn.refreshCookie) setRefreshCookie(request, reply, signedIn.refreshCookie, allowedOrigins);
      return { token: signedIn.token, user: signedIn.user };
    } catch (err) {
      clearRefreshCookie(reply);
      throw err;
    }
  });

  app.delete(
    '/auth/logout',
    { schema: { tags: ['auth'], security: [], response: answers({ 204: noContent }) } },
    async (request, reply) => {
      await auth.logout(request.cookies[REFRESH_COOKIE]);
      clearRefreshCookie(reply);
      return reply.status(204).send();
    },
  );

  app.get('/auth/config', { schema: { tags: ['auth'], security: [], response: answers({ 200: authConfigSchema }) } }, () =>
    Promise.resolve({
      signupAllowed: auth.signupAllowed(),
    }),
  );

  app.post(
    '/auth/signup',
    {
      schema: {
        body: signupSchema,
        tags: ['auth'],
        security: [],
        response: answers({ 201: userSchema }, BODY, {
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
    '/auth/me',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], response: answers({ 200: userSchema }, SIGNED_IN, { 404: ['ERR_NO_USER_FOUND'] }) },
    },
    async (request) => auth.me(request.actor),
  );
}
