/**
 * Test mode only (buildApp's `checkResponses`): every answer is checked against the schema its route
 * declares for that status, on the JSON the client receives. A status the route does not declare,
 * or a body that does not match, is reported (the test harness fails the test with it). In
 * production the answers are not checked: the declared schemas describe, the presenters' types
 * (the same schemas) keep them true at compile time, and a mismatch never turns into a 500.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

export type ResponseMismatch = (problem: string) => void;

/** The schema a route declares for a status: exact, then `4XX`-style, then `default`. */
function declaredFor(responses: Record<string, unknown>, status: number): z.ZodType | undefined {
  return (responses[status] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default) as z.ZodType | undefined;
}

export function registerResponseCheck(app: FastifyInstance, report: ResponseMismatch, skipPrefix: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    // No route matched (the one not-found handler), or the generated documentation itself.
    if (!url?.startsWith('/api/') || url.startsWith(skipPrefix) || request.is404) return payload;
    const where = `${request.method} ${url} → ${reply.statusCode}`;
    const responses = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    if (!responses) {
      report(`${where}: the route declares no response schema`);
      return payload;
    }
    const schema = declaredFor(responses, reply.statusCode);
    if (!schema) {
      report(`${where}: status not declared (declared: ${Object.keys(responses).join(', ')})`);
      return payload;
    }
    const type = String(reply.getHeader('content-type') ?? '');
    // Files and streams are described, not checked; an empty body is a 204 or a HEAD.
    if (!type.includes('json') || typeof payload !== 'string' || payload === '') return payload;
    const result = schema.safeParse(JSON.parse(payload));
    if (!result.success) {
      const issues = result.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
      report(`${where}: answer does not match its schema — ${issues.join('; ')}\n  body: ${payload.slice(0, 500)}`);
    }
    return payload;
  });
}
