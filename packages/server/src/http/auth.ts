/**
 * Route guards, run at onRequest (before the body is read or validated, so an anonymous caller
 * learns nothing about the input). `authenticate` resolves the bearer token to the live user (permissions are read
 * from the database on each request, so a demotion takes effect at once). No token → 401
 * ERR_SESSION_EXPIRED; a token of an ended session → 401 ERR_SESSION_EXPIRED; a bad or expired token → 403 ERR_INVALID_TOKEN, which the web client
 * answers with one refresh and a retry (spec §4 Session).
 */
import type { RecordlessAction } from '@switchboard/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authorize } from '../access/authorize.js';
import { AppError } from '../lib/app-error.js';
import type { AuthService } from '../modules/auth/service.js';
import type { CurrentUser } from '../store/users.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: CurrentUser;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

export function makeAuthenticate(auth: AuthService) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const result = await auth.authenticate(token);
    // A token of an ended session (password changed, user deleted) is not refreshable: 401.
    if (result.status !== 'ok') {
      throw result.status === 'ended' ? new AppError('ERR_SESSION_EXPIRED', 401) : new AppError('ERR_INVALID_TOKEN', 403);
    }
    request.actor = result.user;
  };
}

/** A guard for routes whose whole module is one recordless action (the operator's tools). */
export function requireAccess(action: RecordlessAction) {
  return function requireAccessHook(request: FastifyRequest): Promise<void> {
    // Returns a promise (rather than throwing) because Fastify treats a hook as async by its result.
    try {
      authorize(request.actor, action);
      return Promise.resolve();
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  };
}
