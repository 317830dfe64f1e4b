/**
 * Which tags the dashboard's kept figures are counted under (docs/decisions.md "The tag filter from
 * kept figures"): every figure is kept under tag 0 (every contact) and again under each tag of the
 * contact it counts — the contact of the ticket of a cycle or rating, or the person first seen.
 * The statements that compute a change fan their rows out to the contact's tags (a lateral query
 * of tag ids per contact), so keeping them adds no statement to a writer.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

/**
 * The tags a contact's figures are kept under, as a query of tag ids for the contact `contact` (an
 * SQL expression): `everyTag` is 0 (every contact) and each of its tags; a change of its tags moves
 * its figures under just the tags gained or lost (`theseTags`).
 */
export type TagsOf = (contact: SQL) => SQL;
export const everyTag: TagsOf = (contact) =>
  sql`select 0 union all select ctg.tag_id from contact_tags ctg where ctg.contact_id = ${contact}`;
export const theseTags =
  (tagIds: number[]): TagsOf =>
  () =>
    sql`values ${sql.join(
      tagIds.map((id) => sql`(${id}::int)`),
      sql`, `,
    )}`;

/**
 * Locks the contacts `people` (a query of contact ids), in id order, before their tags are read:
 * a change of a contact's tags locks it too, so one waits for the other and then reads what it
 * left (in a transaction; a lone statement reads at once).
 */
export async function lockContacts(db: DbOrTx, inTransaction: boolean, people: SQL): Promise<void> {
  if (inTransaction) await db.execute(sql`select ct.id from contacts ct where ct.id in (${people}) order by ct.id for no key update`);
}
