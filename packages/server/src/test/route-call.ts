/**
 * A request of the shared route table (@switchboard/shared ROUTES) injected into the app: the
 * path, its parameters, the query and the body are checked by the typecheck against the table, so
 * a test cannot call a path or send a body the clients could not.
 */
import { requestOf, type InputArg, type RouteAnswer, type RouteDef, type RouteInput } from '@switchboard/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A response of a table route, with its answer read as the route's answer type. */
export type RouteResponse<R extends RouteDef> = LightMyRequestResponse & { answer(): RouteAnswer<R> };

/** `call(ROUTES.tags.update, token, { params: { id }, body })`; a null token calls signed out. */
export type RouteCall = <R extends RouteDef>(def: R, token: string | null, ...input: InputArg<R>) => Promise<RouteResponse<R>>;

export function routeCallOn(app: () => Pick<FastifyInstance, 'inject'>): RouteCall {
  return async <R extends RouteDef>(def: R, token: string | null, ...[input]: InputArg<R>): Promise<RouteResponse<R>> => {
    const req = requestOf<RouteDef>(def, input as RouteInput<RouteDef>);
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined && v !== null) query.set(k, String(v));
    const res = await app().inject({
      method: req.method,
      url: `/api${req.path}${query.size ? `?${query.toString()}` : ''}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(req.body !== undefined ? { payload: req.body as object } : {}),
    });
    return Object.assign(res, { answer: () => res.json<RouteAnswer<R>>() });
  };
}
