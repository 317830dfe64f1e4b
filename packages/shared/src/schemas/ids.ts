import { z } from 'zod';
import { numeric } from './primitives.js';

/** Largest value of a PostgreSQL `integer` (serial) column: ids above it can never exist. */
export const MAX_DB_ID = 2_147_483_647;

/** A record id in a body or query: a positive integer within the database's id range. */
export const dbIdSchema = numeric(z.number({ error: 'Invalid id' }).int('Invalid id').positive('Invalid id').max(MAX_DB_ID, 'Invalid id'));

/** Path parameter `:id` of contacts, tags, quick answers and sectors (400 instead of a DB error for huge ids). */
export const dbIdParamSchema = z.object({ id: dbIdSchema });
