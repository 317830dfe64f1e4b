/**
 * Contacts. Anyone signed in lists, reads, creates and edits contacts (spec §6) — except the
 * number, which decides where replies go: see the shared canChangeContactNumber. Deleting one needs
 * contacts-page:deleteContact; deleting all, the CSV import and the export need
 * drawer-admin-items:view.
 * Numbers are canonicalised by the NumberChecker (the channel manager) and unique.
 * Deleting a contact deletes its tickets and their messages with it (foreign keys cascade, one
 * statement, one transaction).
 */
import {
  EVENTS,
  contactActions,
  PAGE_SIZE,
  checkContactImportRows,
  toCsv,
  type ContactCreateInput,
  type ContactCsvImportInput,
  type ContactCsvImportResult,
  type ContactDTO,
  type ContactEvent,
  type ContactQuickCreateInput,
  type ContactUpdateInput,
  type ContactsPage,
  type ContactsQuery,
  CONTACTS_COUNT_CAP,
  type TagEvent,
} from '@switchboard/shared';
import { and, asc, count, eq, like, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ROOM_ALL_USERS } from '../../realtime/rooms.js';
import { announce } from '../../realtime/announce.js';
import type { DbOrTx } from '../../db/client.js';
import { contactExtraInfo, contactTags, contacts, tickets } from '../../db/schema.js';
import { authorize } from '../../access/authorize.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import { digitsContain, textContains } from '../../store/text-search.js';
import { escapeLike } from '../../lib/sql.js';
import { announceContact, Announcements, announceTicketDeleted } from '../../messaging/ticket-events.js';
import { announceImportedContacts } from './announce-import.js';
import { presentTagsByIds, replaceContactTags } from '../tags/repository.js';
import type { CurrentUser } from '../../store/users.js';
import { rollupContactIds, rollupContacts, rollupForgetTickets } from '../../store/dashboard-rollups.js';
import { passThroughNumberChecker, type NumberChecker } from '../../channels/number-checker.js';
import { contactTicketFacts, findContactRow, presentContactById, presentContacts } from '../../store/contacts.js';

export const CONTACT_EXPORT_COLUMNS = ['name', 'number', 'email'] as const;

const duplicated = () => new AppError('ERR_DUPLICATED_CONTACT', 409);
const notFound = () => new AppError('ERR_NO_CONTACT_FOUND', 404);

export class ContactsService {
  constructor(
    private readonly ctx: AppContext,
    /** Replaced by the channel manager's checker (default connection) once channels run. */
    public numberChecker: NumberChecker = passThroughNumberChecker,
  ) {}

  /**
   * A page of GET /contacts in name order: after `cursor` (keyset, a walk of contacts_name_idx that
   * stops at the page) or at `pageNumber` (offset, for existing clients), one row more than a page
   * to know whether more follow, and the count bounded by CONTACTS_COUNT_CAP.
   */
  async list(actor: CurrentUser, query: ContactsQuery): Promise<ContactsPage> {
    const where = searchCondition(query.searchParam);
    const after = query.cursor ? afterContactCursor(query.cursor) : undefined;
    const offset = query.cursor ? 0 : (query.pageNumber - 1) * PAGE_SIZE;
    const nameKey = sql<string>`lower(${contacts.name})`;
    const [rows, [{ total }]] = await Promise.all([
      this.ctx.db
        .select({ row: contacts, key: nameKey })
        .from(contacts)
        .where(and(where, after))
        .orderBy(asc(nameKey), asc(contacts.id))
        .limit(PAGE_SIZE + 1)
        .offset(offset),
      this.ctx.db.select({ total: count() }).from(
        this.ctx.db
          .select({ one: sql`1` })
          .from(contacts)
          .where(where)
          .limit(CONTACTS_COUNT_CAP + 1)
          .as('matching'),
      ),
    ]);
    const page = rows.slice(0, PAGE_SIZE);
    const hasMore = rows.length > PAGE_SIZE;
    const last = page.at(-1);
    return {
      contacts: (
        await presentContacts(
          this.ctx.db,
          page.map((r) => r.row),
        )
      ).map((c) => this.withActions(actor, c)),
      count: Math.min(total, CONTACTS_COUNT_CAP),
      countCapped: total > CONTACTS_COUNT_CAP,
      hasMore,
      nextCursor: hasMore && last ? encodeContactCursor(last.key, last.row.id) : null,
    };
  }

  async show(actor: CurrentUser, id: number): Promise<ContactDTO> {
    const dto = await presentContactById(this.ctx.db, id);
    if (!dto) throw notFound();
    return this.withActions(actor, dto);
  }

  /** The contact as its caller sees it: with the actions they may take on it. */
  private withActions(actor: CurrentUser, dto: ContactDTO): ContactDTO {
    return {
      ...dto,
      allowedActions: contactActions(actor, { tickets: dto.tickets, sectorlessForAll: this.ctx.settings.isEnabled('allTicket') }),
    };
  }

  /** POST /contacts: with extra info and tags. */
  async create(actor: CurrentUser, input: ContactCreateInput): Promise<ContactDTO> {
    return this.insert(actor, input);
  }

  /** POST /contact: name, number (digits), e-mail. */
  async quickCreate(actor: CurrentUser, input: ContactQuickCreateInput): Promise<ContactDTO> {
    return this.insert(actor, { ...input, extraInfo: [] });
  }

  async update(actor: CurrentUser, id: number, input: ContactUpdateInput): Promise<ContactDTO> {
    const existing = await findContactRow(this.ctx.db, id);
    if (!existing) throw notFound();
    let number: string | undefined;
    if (input.number !== undefined && input.number !== existing.number) {
      await this.assertMayChangeNumber(actor, id);
      number = await this.numberChecker.check(input.number);
      if (number === existing.number) number = undefined;
    }
    const { changedTags, dto, events } = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, id)).for('update');
      if (!row) throw notFound();
      if (number !== undefined) await assertNumberFree(tx, number, id);
      const patch: Partial<typeof contacts.$inferInsert> = {};
      if (input.name !== undefined) patch.name = input.name;
      if (input.email !== undefined) patch.email = input.email;
      if (number !== undefined) patch.number = number;
      try {
        await tx
          .update(contacts)
          .set({ ...patch, updatedAt: this.ctx.clock.now() })
          .where(eq(contacts.id, id));
      } catch (err) {
        if (isUniqueViolation(err, 'contacts_number_unique')) throw duplicated();
        throw err;
      }
      if (input.extraInfo) {
        await tx.delete(contactExtraInfo).where(eq(contactExtraInfo.contactId, id));
        await insertExtraInfo(tx, id, input.extraInfo);
      }
      const changed = input.tags ? await replaceContactTags(tx, actor, id, input.tags) : { added: [], removed: [] };
      // Presented and its webhook event written in the change's transaction (they commit together).
      const contact = (await presentContactById(tx, id))!;
      const events = new Announcements(this.ctx, tx);
      await events.contact({ action: 'update', contact });
      return { changedTags: [...changed.added, ...changed.removed], dto: contact, events };
    });
    events.announce();
    await this.announceTagCounts(changedTags);
    return dto;
  }

  /** The shared rule (canChangeContactNumber): the contact form disables the field by it too. */
  private async assertMayChangeNumber(actor: CurrentUser, contactId: number): Promise<void> {
    const tickets = (await contactTicketFacts(this.ctx.db, [contactId])).get(contactId) ?? [];
    authorize(actor, 'contact.changeNumber', { tickets, sectorlessForAll: this.ctx.settings.isEnabled('allTicket') });
  }

  async remove(actor: CurrentUser, id: number): Promise<void> {
    authorize(actor, 'contact.delete');
    const { removedTickets, tagIds } = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, id)).for('update');
      if (!row) throw notFound();
      const tagRows = await tx.select({ tagId: contactTags.tagId }).from(contactTags).where(eq(contactTags.contactId, id));
      // Tickets, their messages, cycles and ratings go through ON DELETE CASCADE.
      const ticketRows = await tx
        .select({ id: tickets.id, userId: tickets.userId, queueId: tickets.queueId })
        .from(tickets)
        .where(eq(tickets.contactId, id));
      await rollupForgetTickets(tx, sql`select t.id from tickets t where t.contact_id = ${id}`);
      await rollupContactIds(tx, -1, [id]);
      await tx.delete(contacts).where(eq(contacts.id, id));
      return { removedTickets: ticketRows, tagIds: tagRows.map((t) => t.tagId) };
    });
    this.announce({ action: 'delete', contactId: id });
    this.announceTicketsGone(removedTickets);
    await this.announceTagCounts(tagIds);
  }

  /** DELETE /contacts: every contact, with every ticket and message. */
  async removeAll(actor: CurrentUser): Promise<number> {
    authorize(actor, 'contact.deleteAll');
    const { removed, removedTickets, tagIds } = await this.ctx.db.transaction(async (tx) => {
      const tagRows = await tx.selectDistinct({ tagId: contactTags.tagId }).from(contactTags);
      const ticketRows = await tx.select({ id: tickets.id, userId: tickets.userId, queueId: tickets.queueId }).from(tickets);
      await rollupForgetTickets(tx, sql`select t.id from tickets t`);
      await rollupContacts(tx, -1, sql`true`);
      const deleted = await tx.delete(contacts).returning({ id: contacts.id });
      return { removed: deleted.length, removedTickets: ticketRows, tagIds: tagRows.map((t) => t.tagId) };
    });
    this.announce({ action: 'delete', all: true });
    this.announceTicketsGone(removedTickets);
    await this.announceTagCounts(tagIds);
    return removed;
  }

  /**
   * POST /contacts/import/csv (admins, like the export): each row is checked with the rules of a new
   * contact; the valid ones are added in one transaction, numbers that already are contacts are left
   * as they are, and every row left out is reported with its reason.
   */
  async importCsv(actor: CurrentUser, input: ContactCsvImportInput): Promise<ContactCsvImportResult> {
    authorize(actor, 'contact.import');
    const { valid, errors } = checkContactImportRows(input.rows);
    if (valid.length === 0) return { imported: 0, existing: 0, errors };
    const { inserted, events } = await this.ctx.db.transaction(async (tx) => {
      const added = await tx
        .insert(contacts)
        .values(valid.map(({ name, number, email }) => ({ name, number, email })))
        .onConflictDoNothing({ target: contacts.number })
        .returning();
      await rollupContactIds(
        tx,
        1,
        added.map((c) => c.id),
      );
      return { inserted: added, events: await announceImportedContacts(this.ctx, tx, added) };
    });
    events.announce();
    return { imported: inserted.length, existing: valid.length - inserted.length, errors };
  }

  /** contacts.csv of the admin toolbar (columns name;number;email). */
  async exportCsv(actor: CurrentUser): Promise<string> {
    authorize(actor, 'contact.export');
    const rows = await this.ctx.db
      .select({ name: contacts.name, number: contacts.number, email: contacts.email })
      .from(contacts)
      .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id));
    return toCsv(CONTACT_EXPORT_COLUMNS, rows);
  }

  private async insert(actor: CurrentUser, input: ContactCreateInput): Promise<ContactDTO> {
    const number = await this.numberChecker.check(input.number);
    const { dto, tagIds, events } = await this.ctx.db.transaction(async (tx) => {
      await assertNumberFree(tx, number);
      let id: number;
      try {
        [{ id }] = await tx
          .insert(contacts)
          .values({ name: input.name, number, email: input.email ?? '' })
          .returning({ id: contacts.id });
      } catch (err) {
        if (isUniqueViolation(err, 'contacts_number_unique')) throw duplicated();
        throw err;
      }
      await rollupContactIds(tx, 1, [id]);
      await insertExtraInfo(tx, id, input.extraInfo);
      const tagIds = input.tags?.length ? (await replaceContactTags(tx, actor, id, input.tags)).added : [];
      const contact = (await presentContactById(tx, id))!;
      const events = new Announcements(this.ctx, tx);
      await events.contact({ action: 'create', contact });
      return { dto: contact, tagIds, events };
    });
    events.announce();
    await this.announceTagCounts(tagIds);
    return dto;
  }

  private announce(event: ContactEvent): void {
    announceContact(this.ctx, event);
  }

  /** The tags screen shows contact counts: tags whose count changed are re-sent. */
  private async announceTagCounts(tagIds: number[]): Promise<void> {
    for (const tag of await presentTagsByIds(this.ctx.db, tagIds)) {
      announce(this.ctx, ROOM_ALL_USERS, EVENTS.tags, { action: 'update', tag } satisfies TagEvent);
    }
  }

  /** Tickets removed with their contact leave the lists of everyone who could see them. */
  private announceTicketsGone(rows: { id: number; userId: number | null; queueId: number | null }[]): void {
    for (const t of rows) announceTicketDeleted(this.ctx, t);
  }
}

/** Name (case-insensitive) or number contains the term; a formatted number also matches by its digits. */
/**
 * A contacts cursor names the last contact shown by its sort key (the lower-cased name, compared by
 * the database as the index orders it) and id.
 */
const contactCursorSchema = z.object({ name: z.string(), id: z.number().int().positive().max(2_147_483_647) });

function encodeContactCursor(name: string, id: number): string {
  return Buffer.from(JSON.stringify({ name, id })).toString('base64url');
}

/** "After the cursor" in name order, as a row comparison the (lower(name), id) index answers; ERR_VALIDATION for a cursor not ours. */
function afterContactCursor(cursor: string): SQL {
  let key: z.infer<typeof contactCursorSchema>;
  try {
    key = contactCursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('ERR_VALIDATION', 400, 'Invalid cursor');
  }
  return sql`(lower(${contacts.name}), ${contacts.id}) > (${key.name}::text, ${key.id}::int)`;
}

function searchCondition(searchParam: string): SQL | undefined {
  const term = searchParam.trim().toLowerCase();
  if (!term) return undefined;
  const digits = term.replace(/\D/g, '');
  if (digits === term) return or(textContains(contacts.name, term), digitsContain(contacts.number, digits));
  const conditions = [textContains(contacts.name, term), like(contacts.number, `%${escapeLike(term)}%`)];
  // A number typed with separators ('+55 (11) 9999-0000') also matches by its digits.
  if (digits && /^[\d\s\-().+]+$/.test(term)) conditions.push(digitsContain(contacts.number, digits));
  return or(...conditions);
}

async function assertNumberFree(tx: DbOrTx, number: string, exceptId?: number): Promise<void> {
  const [row] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(exceptId === undefined ? eq(contacts.number, number) : and(eq(contacts.number, number), ne(contacts.id, exceptId)));
  if (row) throw duplicated();
}

async function insertExtraInfo(tx: DbOrTx, contactId: number, items: { name: string; value?: string }[]): Promise<void> {
  if (items.length) {
    await tx.insert(contactExtraInfo).values(items.map((e) => ({ contactId, name: e.name, value: e.value ?? '' })));
  }
}
