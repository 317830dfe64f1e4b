/**
 * One route table, shared by the server and its clients. A route is its method, its path (with
 * `:name` parameters), the schemas of what it takes (params, query, body) and of its success
 * answer. The server registers the route with these schemas (`routeSchema`); the web app, the tests
 * and the widget build their requests with `requestOf`, so a wrong path, a missing parameter or a
 * body of the wrong shape fails the typecheck instead of answering 400 or 404 at run time.
 * `http/route-table.test.ts` on the server checks each table entry against the registered route.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The handler checks the body itself (after who calls), so Fastify is not given its schema. */
  bodyCheckedByHandler?: true;
  /** The success answer's schema; `status` its code (200 unless given; 202 for work that goes on after the answer). */
  answer: z.ZodType;
  status?: 200 | 201 | 202 | 204;
}

/** Declares a route (keeps its literal path and method in the type). */
export const route = <const R extends RouteDef>(def: R): R => def;

/**
 * A path's parameters, every one required (a path cannot leave one out), each by its schema's
 * input type; a parameter whose schema reads any input (a coerced number) takes a string or a number.
 */
export type PathParams<P extends z.ZodType> = {
  [K in keyof z.input<P>]-?: unknown extends z.input<P>[K] ? string | number : Exclude<z.input<P>[K], undefined>;
};

/** What a call of the route passes: its path parameters, its query and its body, each by its schema's input type. */
export type RouteInput<R extends RouteDef> = (R['params'] extends z.ZodType ? { params: PathParams<R['params']> } : { params?: never }) &
  (R['query'] extends z.ZodType ? { query?: z.input<R['query']> } : { query?: never }) &
  (R['body'] extends z.ZodType ? { body: z.input<R['body']> } : { body?: never });

/** The route's success answer. */
export type RouteAnswer<R extends RouteDef> = z.infer<R['answer']>;

/** Routes that take nothing can be called without an input. */
export type InputArg<R extends RouteDef> = object extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>];

export interface BuiltRequest {
  method: HttpMethod;
  /** The path with its parameters filled in (no /api prefix, no query). */
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
}

/** The request a call of `route` with `input` makes. */
export function requestOf<R extends RouteDef>(def: R, ...[input]: InputArg<R>): BuiltRequest {
  const params = (input?.params ?? {}) as Record<string, string | number>;
  const path = def.path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${def.method} ${def.path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  return {
    method: def.method,
    path,
    ...(input?.query ? { query: input.query } : {}),
    ...(input?.body !== undefined ? { body: input.body } : {}),
  };
}
