import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchingTicketIds } from '../modules/tickets/list-query.js';
import { rowsOf } from '../lib/sql.js';
import { openTestDatabase, type TestDatabase } from '../test/harness.js';

/**
 * A number search of six digits or more must be answerable from the digits indexes (migration
 * 0034), whose work follows the matches; the tickets benchmark measures that it does. Here: the
 * pieces indexed, and that the search's own SQL can use those indexes at all (a condition written
 * differently from the index expression or predicate silently falls back to trigrams).
 */
describe('searching numbers by their six-digit pieces', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
    await t.database.migrate();
  });
  afterAll(() => t.drop());

  it('indexes the six-digit pieces of each run of six or more digits, and nothing else', async () => {
    const [row] = rowsOf(
      await t.database.db.execute(sql`select digit_grams('pedido 1234567 ou 12345, tel 987654') as g, digit_grams('sem números') as none`),
    );
    expect([...(row.g as string[])].sort()).toEqual(['123456', '234567', '987654']);
    expect(row.none).toEqual([]);
  });

  const plan = async (term: string): Promise<string> => {
    const lines = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf(await tx.execute(sql`explain select * from tickets where id in ${matchingTicketIds(term)}`));
    });
    return lines.map((l) => String(Object.values(l)[0])).join('\n');
  };

  it('a search of 6+ digits can be answered from the digits indexes of numbers and messages', async () => {
    const p = await plan('90001234');
    expect(p).toContain('contacts_number_digits_idx');
    expect(p).toContain('messages_body_digits_idx');
    expect(p).not.toContain('contacts_number_trgm_idx');
    expect(p).not.toContain('messages_body_trgm_idx');
  });

  it('shorter numbers and words go through the trigram indexes', async () => {
    expect(await plan('90012')).toContain('contacts_number_trgm_idx');
    expect(await plan('prazo')).toContain('messages_body_trgm_idx');
  });
});
