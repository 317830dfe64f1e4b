/**
 * Records the audited changes (catalogue.ts) around their routes: the target is read before the
 * handler runs, and once the route answered with success the record is written with the answer as
 * "after" — before the answer leaves, so whoever saw the change succeed finds it in the log. A
 * refused or failed request changed nothing and is not recorded.
 *
 * The record is written after the change committed, not in its transaction: a crash between the
 * two loses that record (docs/decisions.md "Audit log"). A record that cannot be written is logged
 * as an error; the change itself stands.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Services } from '../../services.js';
import { AUDITED_ROUTES, type AuditedRoute } from './catalogue.js';
import type { AuditService } from './service.js';
import { isSecretKey } from './summary.js';

declare module 'fastify' {
  interface FastifyRequest {
    auditBefore?: unknown;
  }
}

function auditedRoute(request: FastifyRequest): AuditedRoute | undefined {
  const url = request.routeOptions.url;
  return url ? AUDITED_ROUTES[`${request.method} ${url}`] : undefined;
}

export function registerAuditTrail(app: FastifyInstance, db: Db, services: Services, audit: AuditService): void {
  app.addHook('preHandler', async (request) => {
    const route = auditedRoute(request);
    if (!route?.before || !request.actor) return;
    request.auditBefore = await route.before({ db, services, actor: request.actor }, request.params as Record<string, unknown>);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const route = auditedRoute(request);
    if (!route || !request.actor || reply.statusCode >= 300) return payload;
    const after = typeof payload === 'string' && String(reply.getHeader('content-type') ?? '').includes('json') ? parseJson(payload) : null;
    // A delete answers a confirmation, not the record: there is no "after".
    const deleted = route.action.endsWith('delete') || route.action.endsWith('delete_all');
    // A secret the request set (a password, a webhook's secret) is named, never its value: the
    // answer does not show it, yet that it changed is what an audit asks.
    const body =
      request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
    const confidentialFieldsSet = Object.keys(body).filter((k) => isSecretKey(k) && body[k] !== undefined);
    const kept = deleted
      ? null
      : after && typeof after === 'object' && confidentialFieldsSet.length > 0
        ? { ...after, confidentialFieldsSet }
        : after;
    const params = request.params as Record<string, unknown>;
    const answeredId = after && typeof after === 'object' && 'id' in after ? String(after.id) : '';
    try {
      await audit.record({
        actor: request.actor,
        action: route.action,
        targetType: route.targetType,
        targetId: route.targetId?.(params) ?? answeredId,
        before: request.auditBefore ?? null,
        after: kept,
        address: request.ip,
      });
    } catch (err) {
      request.log.error({ err, action: route.action }, 'audit record could not be written');
    }
    return payload;
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
