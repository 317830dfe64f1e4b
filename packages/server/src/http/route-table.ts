/**
 * Registering a route of the shared route table (@switchboard/shared `ROUTES`): the route takes
 * the table's path, its request schemas and its success answer, so the server and its clients
 * read one definition. `route-table.test.ts` checks each table entry against what is registered.
 */
import type { RouteDef } from '@switchboard/shared';
import type { z } from 'zod';

type Has<R extends RouteDef, K extends 'params' | 'query' | 'body', As extends string> = R[K] extends z.ZodType
  ? K extends 'body'
    ? R['bodyCheckedByHandler'] extends true
      ? unknown
      : { [P in As]: R[K] }
    : { [P in As]: R[K] }
  : unknown;

/** The route's params, querystring and body schemas, as Fastify's `schema` takes them. */
export function requestSchemas<R extends RouteDef>(
  def: R,
): Has<R, 'params', 'params'> & Has<R, 'query', 'querystring'> & Has<R, 'body', 'body'> {
  return {
    ...(def.params ? { params: def.params } : {}),
    ...(def.query ? { querystring: def.query } : {}),
    ...(def.body && !def.bodyCheckedByHandler ? { body: def.body } : {}),
  } as Has<R, 'params', 'params'> & Has<R, 'query', 'querystring'> & Has<R, 'body', 'body'>;
}

type OkStatus<R extends RouteDef> = R['status'] extends 201 | 202 | 204 ? R['status'] : 200;

/** The success answer for `answers()`: `{ 200: schema }`, or the route's own status (201 for a route that creates). */
export function ok<R extends RouteDef>(def: R): { [S in OkStatus<R>]: R['answer'] } {
  return { [def.status ?? 200]: def.answer };
}
