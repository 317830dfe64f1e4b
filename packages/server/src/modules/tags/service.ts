/**
 * Tags. Anyone signed in lists, creates, edits and applies tags (spec §6); deleting one or all
 * tags and the contact export are admin-only (drawer-admin-items:view). Removing a tag from a
 * contact needs the isRemoveTags flag unless admin.
 */
import {
  EVENTS,
  PAGE_SIZE,
  toCsv,
  type PagedSearchQuery,
  type TagDTO,
  type TagEvent,
  type TagExportRow,
  type TagSaveInput,
  type TagSyncInput,
  type TagSyncResult,
  type TagsPage,
  type ListedTagDTO,
  type ContactEvent,
  NAME_TAKEN,
} from '@switchboard/shared';
import { asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext } from '../../context.js';
import { ROOM_ALL_USERS } from '../../realtime/rooms.js';
import { announce } from '../../realtime/announce.js';
import { contactTags, contacts, tags } from '../../db/schema.js';
import { authorize } from '../../access/authorize.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import { escapeLike } from '../../lib/sql.js';
import { presentContactById } from '../../store/contacts.js';
import type { CurrentUser } from '../../store/users.js';
import { presentTagById, presentTagsByIds, replaceContactTags, selectTags } from './repository.js';
import { announceContact } from '../../messaging/ticket-events.js';
import { rollupDropTags } from '../../store/dashboard-rollups.js';

/** The page's tags with their contacts' ids (one read for the whole page). */
async function withContacts(db: DbOrTx, page: TagDTO[]): Promise<ListedTagDTO[]> {
  const links = page.length
    ? await db
        .select({ tagId: contactTags.tagId, contactId: contactTags.contactId })
        .from(contactTags)
        .where(
          inArray(
            contactTags.tagId,
            page.map((t) => t.id),
          ),
        )
        .orderBy(asc(contactTags.contactId))
    : [];
  return page.map((tag) => {
    const contacttag = links.filter((l) => l.tagId === tag.id);
    return { ...tag, contacttag, contacts: contacttag.map((l) => ({ id: l.contactId })) };
  });
}

export const TAG_EXPORT_COLUMNS = ['tagName', 'contactName', 'contactNumber'] as const;

const duplicateName = () => new AppError('ERR_VALIDATION', 409, NAME_TAKEN.tag);

export class TagsService {
  constructor(private readonly ctx: AppContext) {}

  /** Every tag (for pickers and filters), with contact counts. */
  listAll(_actor: CurrentUser): Promise<TagDTO[]> {
    return selectTags(this.ctx.db);
  }

  async list(_actor: CurrentUser, query: PagedSearchQuery): Promise<TagsPage> {
    const term = query.searchParam.trim();
    const where = term ? ilike(tags.name, `%${escapeLike(term)}%`) : undefined;
    const offset = (query.pageNumber - 1) * PAGE_SIZE;
    const [rows, [{ total }]] = await Promise.all([
      selectTags(this.ctx.db, where, { limit: PAGE_SIZE, offset }),
      this.ctx.db.select({ total: count() }).from(tags).where(where),
    ]);
    return { tags: await withContacts(this.ctx.db, rows), count: total, hasMore: offset + rows.length < total };
  }

  async show(_actor: CurrentUser, id: number): Promise<TagDTO> {
    const dto = await presentTagById(this.ctx.db, id);
    if (!dto) throw new AppError('ERR_NO_TAG_FOUND', 404);
    return dto;
  }

  async create(actor: CurrentUser, input: TagSaveInput): Promise<TagDTO> {
    let id: number;
    try {
      [{ id }] = await this.ctx.db
        .insert(tags)
        .values({ name: input.name, color: input.color, userId: actor.id })
        .returning({ id: tags.id });
    } catch (err) {
      if (isUniqueViolation(err, 'tags_name_unique')) throw duplicateName();
      throw err;
    }
    const dto = (await presentTagById(this.ctx.db, id))!;
    this.announce({ action: 'create', tag: dto });
    return dto;
  }

  async update(_actor: CurrentUser, id: number, input: TagSaveInput): Promise<TagDTO> {
    let updated: { id: number }[];
    try {
      updated = await this.ctx.db
        .update(tags)
        .set({ name: input.name, color: input.color, updatedAt: this.ctx.clock.now() })
        .where(eq(tags.id, id))
        .returning({ id: tags.id });
    } catch (err) {
      if (isUniqueViolation(err, 'tags_name_unique')) throw duplicateName();
      throw err;
    }
    if (updated.length === 0) throw new AppError('ERR_NO_TAG_FOUND', 404);
    const dto = (await presentTagById(this.ctx.db, id))!;
    this.announce({ action: 'update', tag: dto });
    return dto;
  }

  async remove(actor: CurrentUser, id: number): Promise<void> {
    authorize(actor, 'tag.delete');
    // Its contacts lose it by the cascade: the dashboard's figures kept under it go with it.
    const deleted = await this.ctx.db.transaction(async (tx) => {
      await rollupDropTags(tx, id);
      return tx.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id });
    });
    if (deleted.length === 0) throw new AppError('ERR_NO_TAG_FOUND', 404);
    this.announce({ action: 'delete', tagId: id });
  }

  async removeAll(actor: CurrentUser): Promise<number> {
    authorize(actor, 'tag.deleteAll');
    const deleted = await this.ctx.db.transaction(async (tx) => {
      await rollupDropTags(tx);
      return tx.delete(tags).returning({ id: tags.id });
    });
    this.announce({ action: 'delete', all: true });
    return deleted.length;
  }

  /** Replaces a contact's tags with `input.tags` (its complete list). */
  async sync(actor: CurrentUser, input: TagSyncInput): Promise<TagSyncResult> {
    const { added, removed } = await this.ctx.db.transaction((tx) => replaceContactTags(tx, actor, input.contactId, input.tags));
    const contact = await presentContactById(this.ctx.db, input.contactId);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    if (added.length || removed.length) {
      announceContact(this.ctx, { action: 'update', contact } satisfies ContactEvent);
      for (const tag of await presentTagsByIds(this.ctx.db, [...added, ...removed])) {
        this.announce({ action: 'update', tag });
      }
    }
    return { contactId: contact.id, tags: contact.tags };
  }

  /** Rows of the admin download: one per (tag, contact), by tag then contact name. */
  async exportRows(actor: CurrentUser): Promise<TagExportRow[]> {
    authorize(actor, 'tag.export');
    return this.ctx.db
      .select({ tagName: tags.name, contactName: contacts.name, contactNumber: contacts.number })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .innerJoin(contacts, eq(contacts.id, contactTags.contactId))
      .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id), asc(sql`lower(${contacts.name})`), asc(contacts.id));
  }

  async exportCsv(actor: CurrentUser): Promise<string> {
    return toCsv(TAG_EXPORT_COLUMNS, await this.exportRows(actor));
  }

  private announce(event: TagEvent): void {
    announce(this.ctx, ROOM_ALL_USERS, EVENTS.tags, event);
  }
}
