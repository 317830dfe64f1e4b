import { z } from 'zod';

/** Message of a text holding a character no database text can store. */
export const INVALID_CHARACTER = 'Invalid character';

/**
 * Every text field of every form and route: a string without NUL (U+0000), which PostgreSQL text
 * cannot hold — refused with 400 here instead of failing in the database.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  // eslint-disable-next-line no-control-regex -- matching NUL is the point (kept a regex so the OpenAPI document shows the pattern)
  return z.string(params).regex(/^[^\u0000]*$/, INVALID_CHARACTER);
}

/**
 * A number, also when written as text (query strings, path parameters, form fields). Unlike
 * z.coerce it never reads a boolean, an array or an empty text as a number: `true` stays invalid
 * instead of becoming 1.
 */
export function numeric<T extends z.ZodType>(schema: T) {
  // Typed input (the number, or its text): a client's payload type, z.input of the route's schema,
  // then says what to send instead of `unknown`. What arrives is checked at run time all the same.
  return z.preprocess((v: z.input<T> | string) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v), schema);
}
