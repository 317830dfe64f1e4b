import { loginSchema, signupSchema } from '@switchboard/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';
import { REFRESH_TTL_SECONDS } from './tokens.js';

export const REFRESH_COOKIE = 'jrt';
const COOKIE_PATH = '/api/auth';

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  reply.setCookie(REFRESH_COOKIE, value, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: REFRESH_TTL_SECONDS,
  });
}

function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
}

export function registerAuthRoutes(app: App, { auth }: Services): void {
  app.post(
    '/auth/login',
    {
      schema: { body: loginSchema, tags: ['auth'] },
    },
    async (request, reply) => {
      const signedIn = await auth.login(request.body, request.ip);
      setRefreshCookie(request, reply, signedIn.refreshCookie);
      return { token: signedIn.token, user: signedIn.user };
    },
  );

  app.post('/auth/refresh_token', { schema: { tags: ['auth'] } }, async (request, reply) => {
    try {
      const signedIn = await auth.refresh(request.cookies[REFRESH_COOKIE]);
      if (signedIn.refreshCookie) setRefreshCookie(request, reply, signedIn.refreshCookie);
      return { token: signedIn.token, user: signedIn.user };
    } catch (err) {
      clearRefreshCookie(reply);
      throw err;
    }
  });

  app.delete('/auth/logout', { schema: { tags: ['auth'] } }, async (request, reply) => {
    await auth.logout(request.cookies[REFRESH_COOKIE]);
    clearRefreshCookie(reply);
    return reply.status(204).send();
  });

  app.get('/auth/config', { schema: { tags: ['auth'] } }, () => Promise.resolve({
    signupAllowed: auth.signupAllowed(),
  }));

  app.post(
    '/auth/signup',
    {
      schema: { body: signupSchema, tags: ['auth'] },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request, reply) => reply.status(201).send(await auth.signup(request.body)),
  );

  app.get('/auth/me', { onRequest: app.authenticate, schema: { tags: ['auth'] } }, async (request) =>
    auth.me(request.actor),
  );
}
