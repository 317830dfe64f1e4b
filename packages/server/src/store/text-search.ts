/**
 * "Contains" conditions for the search boxes, each answerable from an index whose work follows the
 * matches. Text goes through trigram indexes. A number of six digits or more goes through the
 * six-digit pieces of digit runs (digit_grams, migration 0034): its trigrams ('123', '000') occur
 * in a share of every number and message, so their index entries grow with the data, while a
 * six-digit piece occurs in hardly more rows than the ones that match. The exact condition is
 * checked on those few rows with position(), which no trigram index offers to take over.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { messages } from '../db/schema.js';
import { escapeLike } from '../lib/sql.js';

const PIECE = 6;

/** A column of digits (a contact's number) contains `digits`. */
export function digitsContain(column: PgColumn, digits: string): SQL {
  if (digits.length < PIECE) return sql`${column} like ${`%${escapeLike(digits)}%`}`;
  return sql`(digit_grams(${column}) @> digit_grams(${digits}::text) and position(${digits}::text in ${column}) > 0)`;
}

/** A text column with a trigram index (a name) contains `term`, case-insensitively. */
export function textContains(column: PgColumn, term: string): SQL {
  return sql`${column} ilike ${`%${escapeLike(term.toLowerCase())}%`}`;
}

/**
 * A message body contains `term`, case-insensitively. Only bodies with a run of six digits are in
 * the digits index, which the condition restates (as a literal, so the planner sees the index's
 * own predicate).
 */
export function bodyContains(term: string): SQL {
  if (term.length >= PIECE && /^\d+$/.test(term)) {
    return sql`(${messages.body} ~ '[0-9]{6}' and digit_grams(${messages.body}) @> digit_grams(${term}::text) and position(${term}::text in ${messages.body}) > 0)`;
  }
  return textContains(messages.body, term);
}
