/** Reads of tags with their contact counts, and the one place a contact's tag list is replaced. */
import { allowed, type TagDTO } from '@switchboard/shared';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { contactTags, contacts, tags, users } from '../../db/schema.js';
import { authorize } from '../../access/authorize.js';
import { AppError } from '../../lib/app-error.js';
import type { CurrentUser } from '../../store/users.js';
import { rollupContactTags } from '../../store/dashboard-rollups.js';

const contactsCount = sql<number>`(select count(*) from ${contactTags} where ${contactTags.tagId} = ${tags.id})::int`;

export const tagOrder = [asc(sql`lower(${tags.name})`), asc(tags.id)];

/** Tags with their contact counts, in name order. */
export async function selectTags(db: DbOrTx, where?: SQL, page?: { limit: number; offset: number }): Promise<TagDTO[]> {
  const q = db
    .select({
      id: tags.id,
      name: tags.name,
      color: tags.color,
      userId: tags.userId,
      contactsCount,
      createdAt: tags.createdAt,
      updatedAt: tags.updatedAt,
    })
    .from(tags)
    .where(where)
    .orderBy(...tagOrder);
  const rows = page ? await q.limit(page.limit).offset(page.offset) : await q;
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
}

export async function presentTagById(db: DbOrTx, id: number): Promise<TagDTO | null> {
  const [dto] = await selectTags(db, eq(tags.id, id));
  return dto ?? null;
}

export async function presentTagsByIds(db: DbOrTx, ids: number[]): Promise<TagDTO[]> {
  const unique = [...new Set(ids)];
  return unique.length ? selectTags(db, inArray(tags.id, unique)) : [];
}

/**
 * Makes `tagIds` the contact's complete tag list, inside the caller's transaction. Unknown tags →
 * ERR_NO_TAG_FOUND. A non-admin whose isRemoveTags flag is disabled may add tags but not remove
 * them (ERR_NO_PERMISSION; nothing changes). Returns the ids added and removed.
 */
export async function replaceContactTags(
  tx: DbOrTx,
  actor: CurrentUser,
  contactId: number,
  tagIds: number[],
): Promise<{ added: number[]; removed: number[] }> {
  // Serialises concurrent changes of the same contact's tags.
  const [contact] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contactId)).for('update');
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  const wanted = [...new Set(tagIds)];
  if (wanted.length) {
    const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, wanted));
    if (found.length !== wanted.length) throw new AppError('ERR_NO_TAG_FOUND', 404);
  }
  const current = (await tx.select({ tagId: contactTags.tagId }).from(contactTags).where(eq(contactTags.contactId, contactId))).map(
    (r) => r.tagId,
  );
  const removed = current.filter((id) => !wanted.includes(id));
  const added = wanted.filter((id) => !current.includes(id));
  // The flag is read only when the role alone does not allow it (admins may always).
  if (removed.length && !allowed(actor, 'tag.removeFromContact', { isRemoveTags: false })) {
    const [u] = await tx.select({ isRemoveTags: users.isRemoveTags }).from(users).where(eq(users.id, actor.id));
    authorize(actor, 'tag.removeFromContact', { isRemoveTags: !!u?.isRemoveTags });
  }
  // The contact's figures leave the tags it loses and join those it gains (the dashboard's tag filter).
  const person = sql`select ${contactId}::int`;
  await rollupContactTags(tx, -1, person, removed);
  await rollupContactTags(tx, 1, person, added);
  if (removed.length) {
    await tx.delete(contactTags).where(and(eq(contactTags.contactId, contactId), inArray(contactTags.tagId, removed)));
  }
  if (added.length) {
    await tx
      .insert(contactTags)
      .values(added.map((tagId) => ({ contactId, tagId })))
      .onConflictDoNothing();
  }
  return { added, removed };
}
