/**
 * What a route answers, declared once on the route (`schema.response`): its success schema from
 * packages/shared (`@switchboard/shared` responses/*, the presenters' types) and, per error status,
 * the `{ error: "ERR_…" }` codes it can give. The OpenAPI document lists them; the test suite checks
 * every answer against them (http/response-check.ts); the web client reads answers through the same
 * schemas. A route without `response` fails routes-contract.test.ts.
 *
 *   schema: { params, body, tags, response: answers({ 200: ticketSchema }, SIGNED_IN, INPUT, { 404: ['ERR_NO_TICKET_FOUND'] }) }
 */
import { noContentSchema, type ErrorCode } from '@switchboard/shared';
import { z } from 'zod';

/** Error codes by HTTP status. */
export type ErrorCodes = Partial<Record<number, readonly ErrorCode[]>>;

/** What every route behind `app.authenticate` may answer: no or an ended session, an expired token. */
export const SIGNED_IN = { 401: ['ERR_SESSION_EXPIRED'], 403: ['ERR_INVALID_TOKEN'] } as const satisfies ErrorCodes;
/** A route with params, a query or a body: a value the schema refuses (also an unreadable body). */
export const INPUT = { 400: ['ERR_VALIDATION'] } as const satisfies ErrorCodes;
/** Refused to this user (administrators only, or a rule of the resource). */
export const REFUSED = { 403: ['ERR_NO_PERMISSION'] } as const satisfies ErrorCodes;
/** A JSON body over the server's limit, or not JSON. */
export const BODY = { 400: ['ERR_VALIDATION'], 413: ['ERR_VALIDATION'], 415: ['ERR_VALIDATION'] } as const satisfies ErrorCodes;

const errorDetails = z.array(z.object({ path: z.string(), message: z.string() }));

/** The error body of one status, its `error` limited to the codes the route gives with it. */
export function errorBody(codes: readonly ErrorCode[]) {
  const [first, ...rest] = [...new Set(codes)];
  return z
    .object({
      error: z.enum([first, ...rest]),
      message: z.string().optional(),
      details: errorDetails.optional(),
    })
    .describe(`Error: ${[first, ...rest].join(', ')}`)
    .meta({ example: { error: first } });
}
type ErrorBodySchema = ReturnType<typeof errorBody>;
/** The statuses of a list of code sets (each set's keys, not only the keys they share). */
type StatusesOf<E extends ErrorCodes[]> = E[number] extends infer U ? (U extends unknown ? keyof U : never) : never;

/**
 * `schema.response` of a route: its successes as given, and one error body per status from the
 * merged code lists (500 ERR_INTERNAL and 503 ERR_DATABASE_UNAVAILABLE always).
 */
export function answers<Ok extends Record<number, z.ZodType>, E extends ErrorCodes[]>(
  ok: Ok,
  ...errors: E
): Ok & { [S in Exclude<StatusesOf<E> | 500 | 503, keyof Ok>]: ErrorBodySchema } {
  // Any route can meet a failure of its own (500) or a database that refuses writes or cannot be
  // reached (503, http/errors.ts): both are declared everywhere.
  const byStatus = new Map<number, ErrorCode[]>([
    [500, ['ERR_INTERNAL']],
    [503, ['ERR_DATABASE_UNAVAILABLE']],
  ]);
  for (const set of errors) {
    for (const [status, codes] of Object.entries(set)) {
      byStatus.set(Number(status), [...(byStatus.get(Number(status)) ?? []), ...(codes ?? [])]);
    }
  }
  const out: Record<number, z.ZodType> = { ...ok };
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    // A status the route answers with its own body (GET /health's 503) keeps that body.
    if (!(status in ok)) out[status] = errorBody(codes);
  }
  return out as Ok & { [S in Exclude<StatusesOf<E> | 500 | 503, keyof Ok>]: ErrorBodySchema };
}

/** A file answered as it is (media, CSV): described for the document, not checked as JSON. */
export function fileBody(description: string) {
  return z.custom<NodeJS.ReadableStream | string | Buffer>(() => true).meta({ type: 'string', format: 'binary', description });
}

/** 204: nothing in the body. */
export const noContent = noContentSchema;
