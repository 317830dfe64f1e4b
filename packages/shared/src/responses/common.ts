/**
 * Answers of the API as zod schemas: what the server's presenters produce and what the web client
 * receives (the wire format: dates are ISO 8601 texts). One file per resource. These schemas only
 * describe — no transforms, no defaults — so checking an answer never changes it.
 *
 * Every route declares its answers with them (server: `http/responses.ts`), the OpenAPI document at
 * /api/docs is generated from them, the server's tests check every answer against them, and the web
 * client reads every answer through them (`packages/web/src/api/client.ts`).
 */
import { z } from 'zod';
import { ERROR_CODES } from '../errors.js';

/** A date and time as the API writes it (Date.prototype.toISOString). */
export const isoDateTime = z.string().describe('ISO 8601 date and time').meta({ example: '2026-03-01T12:30:00.000Z' });

/** `{ error: "ERR_…" }` of every failure (spec §8), with field messages for validation failures. */
export const errorBodySchema = z
  .object({
    error: z.string().describe(`One of ${ERROR_CODES.join(', ')}`),
    message: z.string().optional(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });

/** Answer of a deletion or a session action: a sentence for people, no data. */
export const messageResultSchema = z.object({ message: z.string() });
/** A 204 answer: nothing. */
export const noContentSchema = z.undefined().describe('No content');
/** Answer of "delete all": how many were removed. */
export const countResultSchema = z.object({ message: z.string(), count: z.number().int() });

/** A reference by id and name (the connection of a user, the attendant of a ticket). */
export const namedRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** A sector as other resources show it. */
export const queueRefSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type QueueRef = z.infer<typeof queueRefSchema>;

/** A tag as other resources show it. */
export const tagRefDtoSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type TagRef = z.infer<typeof tagRefDtoSchema>;

/** A page of a paged list (spec §7): `{ <items>, hasMore, count }`. */
export function pageSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item), hasMore: z.boolean(), count: z.number().int() } as { [P in K]: z.ZodArray<T> } & {
    hasMore: z.ZodBoolean;
    count: z.ZodNumber;
  });
}
