/**
 * Compares every imported row with its source row, after an import: rows per table, a checksum of
 * the times and one of the texts on each side, each field that differs, and the bytes of every
 * media file; the settings by key, and the link tables (a connection's or an attendant's sectors, a
 * contact's tags) pair by pair; and the tags each ticket shows (its contact's, on both sides). A difference the import means to make (a name cut to a limit here, a number kept as
 * digits, a location kept as coordinates, a row skipped with its reason…) is marked explained with
 * why; any other is unexplained — the import lost or changed something without saying so.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_TAG_COLOR,
  SETTING_SCHEMAS,
  flattenWeekHours,
  defaultWeekHours,
  isSettingKey,
  verifyReasonText,
  type VerifyReason,
  type VerifyReasonCode,
} from '@switchboard/shared';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  contactExtraInfo,
  contactTags,
  contacts,
  messages,
  queues,
  quickAnswers,
  settings,
  tags,
  tickets,
  userQueues,
  users,
  whatsappQueues,
  whatsapps,
} from '../../db/schema.js';
import type { MediaStore } from '../../lib/media-store.js';
import { IdMap, type Entity } from './id-map.js';
import {
  ImportCancelledError,
  LIMITS,
  PERMISSION_FLAGS,
  PLACEHOLDER_SOURCE_ID,
  inactivityHours,
  locationBody,
  type ImportResult,
} from './importer.js';
import type { SourceDb, SourceRow } from './source.js';
import { TABLES, type SourceTable } from './source-schema.js';
import { bool, hexColor, str, time } from './values.js';

export interface VerifyDifference {
  table: SourceTable;
  id: string;
  field: string;
  source: string;
  imported: string;
  /** Why the import made it, in English; absent when nothing explains it. */
  explained?: string;
  /** The same reason as a code and parameters (the page says it in the reader's language). */
  reason?: VerifyReason;
}

export interface VerifyTable {
  table: SourceTable;
  sourceRows: number;
  imported: number;
  /** Source rows not imported, each with the import's reason (in `differences`). */
  notImported: number;
  /** sha256 over (id, creation time) and over (id, texts) of the imported rows, source side and ours. */
  times: { source: string; imported: string };
  texts: { source: string; imported: string };
}

export interface VerifyResult {
  tables: VerifyTable[];
  differences: VerifyDifference[];
  unexplained: number;
  /** Media files compared byte for byte, and how many matched. */
  media: { compared: number; identical: number };
}

export interface VerifyOptions {
  source: SourceDb;
  db: DbOrTx;
  /** The run just made: its skipped rows and changed values explain what is missing or cut. */
  result: ImportResult;
  media?: { from: string; store: MediaStore };
  pageSize?: number;
  /** Stops the comparison at its next page (a cancel, the server's shutdown). */
  signal?: AbortSignal;
}

function checkCancelled(options: VerifyOptions): void {
  if (options.signal?.aborted) throw new ImportCancelledError();
}

type Ours = Record<string, unknown>;
/** Field → [source value, our value] as text, with what would explain a difference. */
type Pair = [field: string, source: string, ours: string, explain?: (source: string, ours: string) => VerifyReason | undefined];

/** A reason with its English text, as a difference carries it. */
function why(code: VerifyReasonCode, params: VerifyReason['params'] = {}): VerifyReason {
  return { code, params };
}
const explainedBy = (reason: VerifyReason | undefined) => (reason ? { explained: verifyReasonText(reason), reason } : {});

const iso = (v: unknown): string =>
  v instanceof Date ? v.toISOString() : v === null || v === undefined ? '' : new Date(str(v)).toISOString();
const cutTo = (max: number) => (source: string, ours: string) =>
  source.trim().length > max && ours === source.trim().slice(0, max) ? why('cutToLimit', { max }) : undefined;
const trimmed = (source: string, ours: string) => (source.trim() === ours ? why('spacesRemoved') : undefined);

/** A source tag on a contact: its id and name. */
interface SourceTag {
  id: string;
  name: string;
}

/** What some checks need besides the two rows: the source's tags per contact, the skipped rows. */
interface CheckContext {
  map: IdMap;
  /** Source contact id → the source tags on it. */
  sourceTags: Map<string, SourceTag[]>;
  skipped: Map<string, string>;
}

/** Per table: its key, our entity and table, and the fields compared. */
interface Check {
  entity: Entity;
  read: (db: DbOrTx, ids: number[] | string[]) => Promise<Ours[]>;
  pairs: (src: SourceRow, ours: Ours, map: IdMap, ctx: CheckContext) => Pair[];
  /** The texts put in the text checksum. */
  texts: (row: Ours | SourceRow) => unknown[];
}

export async function verifyImport(options: VerifyOptions): Promise<VerifyResult> {
  const { source, db, result } = options;
  const map = new IdMap(source.identity);
  for (const entity of ['queue', 'whatsapp', 'user', 'contact', 'tag', 'ticket'] as Entity[]) await map.load(db, entity);
  const out: VerifyResult = { tables: [], differences: [], unexplained: 0, media: { compared: 0, identical: 0 } };
  const skipped = new Map(result.skipped.map((s) => [`${s.table}/${s.id}`, s.reason]));
  const changed = new Map(result.changed.map((c) => [`${c.table}/${c.id}/${c.field}`, c.reason]));
  const checks = checksFor();
  const ctx: CheckContext = { map, sourceTags: await sourceTagsByContact(source, result), skipped };

  for (const [table, check] of Object.entries(checks) as [SourceTable, Check][]) {
    const columns = result.survey.tables.get(table);
    if (!columns) continue;
    const summary: VerifyTable = {
      table,
      sourceRows: 0,
      imported: 0,
      notImported: 0,
      times: { source: '', imported: '' },
      texts: { source: '', imported: '' },
    };
    const hashes = { ts: createHash('sha256'), ti: createHash('sha256'), xs: createHash('sha256'), xi: createHash('sha256') };
    let after: string | number | null = null;
    for (;;) {
      checkCancelled(options);
      const rows = await source.page(table, columns, 'id', after, options.pageSize ?? 500);
      if (rows.length === 0) break;
      after = rows[rows.length - 1].id as string | number;
      summary.sourceRows += rows.length;
      const ids = await map.lookup(
        db,
        check.entity,
        rows.map((r) => str(r.id)),
      );
      const targets = [...new Set(ids.values())];
      const ours = new Map(
        (await check.read(db, check.entity === 'message' ? targets : targets.map(Number))).map((r) => [String(r.id), r]),
      );
      for (const row of rows) {
        const id = str(row.id);
        const target = ids.get(id);
        const mine = target === undefined ? undefined : ours.get(target);
        if (!mine) {
          summary.notImported += 1;
          const reason = skipped.get(`${table}/${id}`);
          out.differences.push({
            table,
            id,
            field: '(row)',
            source: 'present',
            imported: 'absent',
            ...explainedBy(reason ? why('skipped', { reason }) : undefined),
          });
          continue;
        }
        summary.imported += 1;
        // Creation times only: a row's update time moves with its use here (a session starting…).
        hashes.ts.update(`${id}|${iso(row.createdAt)}\n`);
        hashes.ti.update(`${id}|${iso(mine.createdAt)}\n`);
        hashes.xs.update(`${id}|${check.texts(row).map(str).join('|')}\n`);
        hashes.xi.update(`${id}|${check.texts(mine).map(str).join('|')}\n`);
        const pairs: Pair[] = [['createdAt', iso(row.createdAt), iso(mine.createdAt)], ...check.pairs(row, mine, map, ctx)];
        // A row that matched one already here (same e-mail, number or name) keeps that row's values.
        const matched = iso(row.createdAt) !== iso(mine.createdAt) && ['queue', 'user', 'contact', 'tag'].includes(check.entity);
        for (const [field, s, o, explain] of pairs) {
          if (s === o) continue;
          const byImport = changed.get(`${table}/${id}/${field}`);
          const reason =
            (byImport === undefined ? undefined : why('changedByImport', { reason: byImport })) ??
            explain?.(s, o) ??
            (matched ? why('matchedExisting') : undefined);
          out.differences.push({ table, id, field, source: s, imported: o, ...explainedBy(reason) });
        }
      }
    }
    summary.times = { source: hashes.ts.digest('hex'), imported: hashes.ti.digest('hex') };
    summary.texts = { source: hashes.xs.digest('hex'), imported: hashes.xi.digest('hex') };
    out.tables.push(summary);
  }
  await verifySettings(options, out, skipped);
  for (const link of LINK_TABLES) await verifyLinkTable(options, out, map, skipped, link);
  await verifyMessageLinks(options, out);
  out.unexplained = out.differences.filter((d) => !d.explained).length;
  return out;
}

function checksFor(): Partial<Record<SourceTable, Check>> {
  const text =
    (field: string, max?: number): ((src: SourceRow, ours: Ours) => Pair) =>
    (src, ours) => [field, str(src[field]), str(ours[field]), (s, o) => (max ? cutTo(max)(s, o) : undefined) ?? trimmed(s, o)];
  const flag =
    (field: string) =>
    (src: SourceRow, ours: Ours): Pair[] =>
      src[field] === undefined || src[field] === null ? [] : [[field, String(bool(src[field])), String(ours[field])]];
  /** A text column some variants lack: compared where the source has it. */
  const optionalText =
    (field: string) =>
    (src: SourceRow, ours: Ours): Pair[] =>
      src[field] === undefined ? [] : [[field, str(src[field]), str(ours[field])]];
  const link =
    (field: string, entity: Entity, oursField: string) =>
    (src: SourceRow, ours: Ours, map: IdMap): Pair => [field, map.get(entity, src[field]) ?? '', str(ours[oursField])];
  return {
    Queues: {
      entity: 'queue',
      read: (db, ids) =>
        db
          .select()
          .from(queues)
          .where(inArray(queues.id, ids as number[])),
      texts: (r) => [r.name, r.greetingMessage],
      pairs: (src, ours) => [
        text('name', LIMITS.queueName)(src, ours),
        ['color', hexColor(src.color) ?? '', str(ours.color), () => why('colourNudged')],
        ['greetingMessage', str(src.greetingMessage), str(ours.greetingMessage)],
        ...optionalText('absenceMessage')(src, ours),
        // Press-Ticket's sector hours: a value that is not a time of day gets the whole day's end.
        ...(['startWork', 'endWork'] as const)
          .filter((f) => src[f] !== undefined && src[f] !== null && str(src[f]) !== '')
          .map((f): Pair => [f, time(src[f], ''), str(ours[f]), (s) => (s === '' ? why('wholeDayKept') : undefined)]),
      ],
    },
    Whatsapps: {
      entity: 'whatsapp',
      read: (db, ids) =>
        db
          .select()
          .from(whatsapps)
          .where(inArray(whatsapps.id, ids as number[])),
      texts: (r) => [r.name, r.greetingMessage, r.farewellMessage, r.outOfWorkMessage, r.inactiveMessage],
      pairs: (src, ours) => {
        const pairs: Pair[] = [
          [
            'name',
            str(src.name),
            str(ours.name),
            (s, o) =>
              cutTo(LIMITS.connectionName)(s, o) ??
              (o.startsWith(s.trim().slice(0, LIMITS.connectionName)) && / \(\d+\)$/.test(o) ? why('nameNumbered') : undefined),
          ],
          ['greetingMessage', str(src.greetingMessage), str(ours.greetingMessage)],
          ['farewellMessage', str(src.farewellMessage), str(ours.farewellMessage)],
          ...optionalText('ratingMessage')(src, ours),
          ...optionalText('transferTicketMessage')(src, ours),
          [
            'isDefault',
            String(bool(src.isDefault)),
            String(ours.isDefault),
            (s, o) => (s === 'true' && o === 'false' ? why('defaultElsewhere') : undefined),
          ],
        ];
        for (const f of ['outOfWorkMessage', 'inactiveMessage']) if (src[f] !== undefined) pairs.push([f, str(src[f]), str(ours[f])]);
        for (const f of ['isGroup', 'isDisplay', 'defineWorkHours', 'sendInactiveMessage']) pairs.push(...flag(f)(src, ours));
        if (src.timeInactiveMessage !== undefined) {
          const hours = inactivityHours(src.timeInactiveMessage);
          pairs.push([
            'timeInactiveMessage',
            hours === null ? str(src.timeInactiveMessage) : String(hours),
            String(ours.timeInactiveMessage),
          ]);
        }
        const week = flattenWeekHours((ours.workHours as Parameters<typeof flattenWeekHours>[0] | null) ?? defaultWeekHours());
        for (const [field, value] of Object.entries(week)) {
          if (src[field] === undefined || src[field] === null || str(src[field]) === '') continue;
          const expected = typeof value === 'boolean' ? String(bool(src[field])) : time(src[field], str(src[field]));
          pairs.push([field, expected, String(value)]);
        }
        return pairs;
      },
    },
    Users: {
      entity: 'user',
      read: (db, ids) =>
        db
          .select()
          .from(users)
          .where(inArray(users.id, ids as number[])),
      texts: (r) => [r.name, r.email],
      pairs: (src, ours, map) => [
        text('name', LIMITS.userName)(src, ours),
        ['email', str(src.email), str(ours.email), (s, o) => (s.trim().toLowerCase() === o ? why('emailLowerCase') : undefined)],
        ['profile', str(src.profile) === 'admin' ? 'admin' : 'user', str(ours.profile)],
        ...(['startWork', 'endWork'] as const)
          .filter((f) => src[f] !== undefined && src[f] !== null)
          .map((f): Pair => [f, time(src[f], ''), str(ours[f]), () => why('timeDefaultKept')]),
        ...PERMISSION_FLAGS.flatMap((f) => flag(f)(src, ours)),
        ...flag('allTicket')(src, ours),
        ...(src.whatsappId === undefined ? [] : [link('whatsappId', 'whatsapp', 'whatsappId')(src, ours, map)]),
      ],
    },
    Contacts: {
      entity: 'contact',
      read: (db, ids) =>
        db
          .select()
          .from(contacts)
          .where(inArray(contacts.id, ids as number[])),
      texts: (r) => [r.name, r.number],
      pairs: (src, ours) => [
        text('name', LIMITS.contactName)(src, ours),
        [
          'number',
          str(src.number),
          str(ours.number),
          (s, o) => (s.split('@')[0].replace(bool(src.isGroup) ? /[^\d-]/g : /\D/g, '') === o ? why('digitsKept') : undefined),
        ],
        ...(src.email === undefined
          ? []
          : [
              [
                'email',
                str(src.email).trim(),
                str(ours.email),
                (s: string, o: string) => (o === '' && !/^[^\s@]+@[^\s@]+$/.test(s) ? why('notAnEmail') : undefined),
              ] as Pair,
            ]),
        ...(src.profilePicUrl === undefined ? [] : [['profilePicUrl', str(src.profilePicUrl), str(ours.profilePicUrl)] as Pair]),
        ...flag('isGroup')(src, ours),
      ],
    },
    ContactCustomFields: {
      entity: 'contactField',
      read: (db, ids) =>
        db
          .select()
          .from(contactExtraInfo)
          .where(inArray(contactExtraInfo.id, ids as number[])),
      texts: (r) => [r.name, r.value],
      pairs: (src, ours, map) => [
        text('name', LIMITS.fieldName)(src, ours),
        ['value', str(src.value), str(ours.value)],
        link('contactId', 'contact', 'contactId')(src, ours, map),
      ],
    },
    Tags: {
      entity: 'tag',
      read: (db, ids) =>
        db
          .select()
          .from(tags)
          .where(inArray(tags.id, ids as number[])),
      texts: (r) => [r.name, r.color],
      pairs: (src, ours) => [
        text('name', LIMITS.tagName)(src, ours),
        [
          'color',
          hexColor(src.color) ?? str(src.color),
          str(ours.color),
          (s, o) => (hexColor(s) === undefined && o === DEFAULT_TAG_COLOR ? why('tagColourDefault') : undefined),
        ],
      ],
    },
    QuickAnswers: {
      entity: 'quickAnswer',
      read: (db, ids) =>
        db
          .select()
          .from(quickAnswers)
          .where(inArray(quickAnswers.id, ids as number[])),
      texts: (r) => [r.shortcut, r.message],
      pairs: (src, ours) => [text('shortcut', LIMITS.shortcut)(src, ours), ['message', str(src.message), str(ours.message)]],
    },
    Tickets: {
      entity: 'ticket',
      read: readTicketsWithTags,
      texts: (r) => [r.status, r.lastMessage],
      pairs: (src, ours, map, ctx) => {
        const connection = map.get('whatsapp', src.whatsappId);
        return [
          ['updatedAt', iso(src.updatedAt), iso(ours.updatedAt)],
          [
            'status',
            ['open', 'pending', 'closed'].includes(str(src.status)) ? str(src.status) : 'closed',
            str(ours.status),
            (s, o) => (o === 'closed' ? why('importedClosed') : undefined),
          ],
          ['lastMessage', str(src.lastMessage), str(ours.lastMessage)],
          link('contactId', 'contact', 'contactId')(src, ours, map),
          ...(src.unreadMessages === undefined
            ? []
            : [
                [
                  'unreadMessages',
                  str(src.unreadMessages) || '0',
                  String(ours.unreadMessages),
                  (s, o) => (o === String(Math.max(0, Number(s) || 0)) ? why('countNearest') : undefined),
                ] as Pair,
              ]),
          ...flag('isGroup')(src, ours),
          link('userId', 'user', 'userId')(src, ours, map),
          link('queueId', 'queue', 'queueId')(src, ours, map),
          [
            'whatsappId',
            connection ?? '',
            String(ours.whatsappId),
            (_s, o) =>
              connection === undefined && o === map.get('whatsapp', PLACEHOLDER_SOURCE_ID) ? why('placeholderConnection') : undefined,
          ],
          ticketTags(src, ours, ctx),
        ];
      },
    },
    Messages: {
      entity: 'message',
      read: (db, ids) =>
        db
          .select()
          .from(messages)
          .where(inArray(messages.id, ids as string[])),
      // A source without the column wrote text messages: 'chat', as here.
      texts: (r) => [r.body, str(r.mediaType) || 'chat'],
      pairs: (src, ours, map) => [
        ['updatedAt', iso(src.updatedAt ?? src.createdAt), iso(ours.updatedAt)],
        [
          'body',
          str(src.body),
          str(ours.body),
          (s, o) => (str(src.mediaType) === 'location' && locationBody(s) === o ? why('location') : undefined),
        ],
        ['fromMe', String(bool(src.fromMe)), String(ours.fromMe)],
        ...flag('isEdited')(src, ours),
        ...(src.userId === undefined ? [] : [link('userId', 'user', 'userId')(src, ours, map)]),
        // The delivery state (0 pending … 5 played): what the old install last knew.
        ...(src.ack === undefined
          ? []
          : [
              [
                'ack',
                str(src.ack),
                String(ours.ack),
                (s: string, o: string) => (String(Math.min(5, Math.max(0, Number(s) || 0))) === o ? why('ackNearest') : undefined),
              ] as Pair,
            ]),
        ...(src.read === undefined
          ? []
          : [
              [
                'read',
                String(bool(src.read)),
                String(ours.read),
                (_s: string, o: string) => (bool(src.fromMe) && o === 'true' ? why('readByCompany') : undefined),
              ] as Pair,
            ]),
        ['mediaType', str(src.mediaType) || 'chat', str(ours.mediaType)],
        ['isDeleted', String(bool(src.isDeleted)), String(ours.isDeleted)],
        link('ticketId', 'ticket', 'ticketId')(src, ours, map),
        // Who wrote it (in a group, which member).
        ...(src.contactId === undefined ? [] : [link('contactId', 'contact', 'contactId')(src, ours, map)]),
        ['externalId', str(src.id), str(ours.externalId)],
      ],
    },
  } satisfies Partial<Record<keyof typeof TABLES, Check>>;
}

/**
 * The source's tags per contact (a ticket shows its contact's: neither side keeps tags on the
 * ticket itself); empty when the source has no tags (whaticket-community).
 */
async function sourceTagsByContact(source: SourceDb, result: ImportResult): Promise<Map<string, SourceTag[]>> {
  const byContact = new Map<string, SourceTag[]>();
  const tagColumns = result.survey.tables.get('Tags');
  const linkColumns = result.survey.tables.get('ContactTags');
  if (!tagColumns || !linkColumns) return byContact;
  const names = new Map((await source.all('Tags', ['id', 'name'])).map((t) => [str(t.id), str(t.name)]));
  for (const link of await source.all('ContactTags', ['contactId', 'tagId'])) {
    const id = str(link.tagId);
    const contact = str(link.contactId);
    byContact.set(contact, [...(byContact.get(contact) ?? []), { id, name: names.get(id) ?? `#${id}` }]);
  }
  return byContact;
}

/** Our tickets, each with the ids of the tags its contact carries here. */
async function readTicketsWithTags(db: DbOrTx, ids: number[] | string[]): Promise<Ours[]> {
  const rows = await db
    .select()
    .from(tickets)
    .where(inArray(tickets.id, ids as number[]));
  const contactIds = [...new Set(rows.map((r) => r.contactId))];
  const links = contactIds.length
    ? await db
        .select({ contactId: contactTags.contactId, tagId: contactTags.tagId })
        .from(contactTags)
        .innerJoin(tags, eq(tags.id, contactTags.tagId))
        .where(inArray(contactTags.contactId, contactIds))
    : [];
  return rows.map((r) => ({ ...r, tagIds: links.filter((l) => l.contactId === r.contactId).map((l) => String(l.tagId)) }));
}

/**
 * The source tags a ticket showed against those it shows here, by the source's names: a tag lost
 * on the way is listed; one added here since (or kept on a contact that was already here) is not,
 * the ContactTags checksum shows it. A tag the import skipped explains its absence.
 */
function ticketTags(src: SourceRow, ours: Ours, ctx: CheckContext): Pair {
  const wanted = ctx.sourceTags.get(str(src.contactId)) ?? [];
  const here = new Set(ours.tagIds as string[]);
  const present = (t: SourceTag) => here.has(ctx.map.get('tag', t.id) ?? '');
  const names = (list: SourceTag[]) =>
    list
      .map((t) => t.name)
      .sort()
      .join(', ');
  const missing = wanted.filter((t) => !present(t));
  const reasons = missing.map((t) => (ctx.map.get('tag', t.id) ? undefined : ctx.skipped.get(`Tags/${t.id}`)));
  return [
    'tags',
    names(wanted),
    names(wanted.filter(present)),
    () =>
      reasons.every((r) => r !== undefined)
        ? why('tagNotImported', { tags: missing.map((t, i) => `${t.name} (${reasons[i]})`).join(', ') })
        : undefined,
  ];
}

/**
 * Each source setting against ours by key: the value the import wrote (as this side writes it), or
 * the reason it was not taken (no such setting here, a value not accepted, a security setting kept).
 */
async function verifySettings(options: VerifyOptions, out: VerifyResult, skipped: Map<string, string>): Promise<void> {
  const { source, db, result } = options;
  const columns = result.survey.tables.get('Settings');
  if (!columns) return;
  const rows = await source.all('Settings', columns);
  const ours = new Map((await db.select({ key: settings.key, value: settings.value }).from(settings)).map((r) => [r.key, r.value]));
  const summary: VerifyTable = {
    table: 'Settings',
    sourceRows: rows.length,
    imported: 0,
    notImported: 0,
    times: { source: '', imported: '' },
    texts: { source: '', imported: '' },
  };
  const xs = createHash('sha256');
  const xi = createHash('sha256');
  for (const row of [...rows].sort((a, b) => str(a.key).localeCompare(str(b.key)))) {
    const key = str(row.key);
    const reason = skipped.get(`Settings/${key}`);
    const parsed = isSettingKey(key) ? SETTING_SCHEMAS[key].safeParse(str(row.value)) : undefined;
    const expected = parsed?.success ? String(parsed.data) : str(row.value);
    const mine = ours.get(key);
    if (reason || mine === undefined) {
      summary.notImported += 1;
      out.differences.push({
        table: 'Settings',
        id: key,
        field: 'value',
        source: expected,
        imported: mine ?? '',
        ...explainedBy(reason ? why('skipped', { reason }) : undefined),
      });
      continue;
    }
    summary.imported += 1;
    xs.update(`${key}|${expected}\n`);
    xi.update(`${key}|${mine}\n`);
    if (mine !== expected) out.differences.push({ table: 'Settings', id: key, field: 'value', source: expected, imported: mine });
  }
  // Settings have no creation time worth comparing: both sides are the empty digest.
  const none = createHash('sha256').digest('hex');
  summary.times = { source: none, imported: none };
  summary.texts = { source: xs.digest('hex'), imported: xi.digest('hex') };
  out.tables.push(summary);
}

/** A link table: its two ends (source column, our entity) and our table's pairs among some first ends. */
interface LinkTable {
  table: SourceTable;
  ends: [[column: string, entity: Entity], [column: string, entity: Entity]];
  pairs: (db: DbOrTx, firsts: number[]) => Promise<[number, number][]>;
}

const LINK_TABLES: readonly LinkTable[] = [
  {
    table: 'WhatsappQueues',
    ends: [
      ['whatsappId', 'whatsapp'],
      ['queueId', 'queue'],
    ],
    pairs: async (db, ids) =>
      (await db.select().from(whatsappQueues).where(inArray(whatsappQueues.whatsappId, ids))).map((r) => [r.whatsappId, r.queueId]),
  },
  {
    table: 'UserQueues',
    ends: [
      ['userId', 'user'],
      ['queueId', 'queue'],
    ],
    pairs: async (db, ids) => (await db.select().from(userQueues).where(inArray(userQueues.userId, ids))).map((r) => [r.userId, r.queueId]),
  },
  {
    table: 'ContactTags',
    ends: [
      ['contactId', 'contact'],
      ['tagId', 'tag'],
    ],
    pairs: async (db, ids) =>
      (await db.select().from(contactTags).where(inArray(contactTags.contactId, ids))).map((r) => [r.contactId, r.tagId]),
  },
];

/**
 * Each source pair found here between the rows its ends became, or the reason it was not imported.
 * The checksums cover the pairs on both sides among the imported rows: a link here the source
 * lacks (added after the import, or kept from before it on a matched row) makes them differ.
 */
async function verifyLinkTable(
  options: VerifyOptions,
  out: VerifyResult,
  map: IdMap,
  skipped: Map<string, string>,
  link: LinkTable,
): Promise<void> {
  const { source, db, result } = options;
  const columns = result.survey.tables.get(link.table);
  if (!columns) return;
  const rows = await source.all(link.table, columns);
  const [[firstColumn, firstEntity], [secondColumn, secondEntity]] = link.ends;
  const wanted = rows.map((row) => ({
    row,
    first: map.get(firstEntity, row[firstColumn]),
    second: map.get(secondEntity, row[secondColumn]),
  }));
  const firsts = [...new Set(wanted.flatMap((w) => (w.first ? [Number(w.first)] : [])))];
  const seconds = new Set(wanted.flatMap((w) => (w.second ? [Number(w.second)] : [])));
  const ours = firsts.length ? (await link.pairs(db, firsts)).filter(([, b]) => seconds.has(b)).map(([a, b]) => `${a}/${b}`) : [];
  const here = new Set(ours);
  const summary: VerifyTable = {
    table: link.table,
    sourceRows: rows.length,
    imported: 0,
    notImported: 0,
    times: { source: '', imported: '' },
    texts: { source: '', imported: '' },
  };
  const expected: string[] = [];
  for (const { row, first, second } of wanted) {
    const id = columns.map((c) => str(row[c])).join('/');
    const pair = `${first}/${second}`;
    if (first && second) expected.push(pair);
    if (first && second && here.has(pair)) {
      summary.imported += 1;
      continue;
    }
    summary.notImported += 1;
    const reason = skipped.get(`${link.table}/${id}`);
    out.differences.push({
      table: link.table,
      id,
      field: '(row)',
      source: 'present',
      imported: 'absent',
      ...explainedBy(reason ? why('skipped', { reason }) : undefined),
    });
  }
  const digest = (pairs: string[]) =>
    createHash('sha256')
      .update([...new Set(pairs)].sort().join('\n'))
      .digest('hex');
  const none = createHash('sha256').digest('hex');
  summary.times = { source: none, imported: none };
  summary.texts = { source: digest(expected), imported: digest(ours) };
  out.tables.push(summary);
}

/**
 * The second half of the message check, which needs the message map: each quote points at the
 * message it quoted, and each media file holds the source file's bytes.
 */
async function verifyMessageLinks(options: VerifyOptions, out: VerifyResult): Promise<void> {
  const { source, db, result } = options;
  const columns = result.survey.tables.get('Messages');
  if (!columns) return;
  const map = new IdMap(source.identity);
  let after: string | null = null;
  for (;;) {
    checkCancelled(options);
    const rows = await source.page('Messages', columns, 'id', after, options.pageSize ?? 500);
    if (rows.length === 0) break;
    after = str(rows[rows.length - 1].id);
    const ids = await map.lookup(
      db,
      'message',
      rows.map((r) => str(r.id)),
    );
    const quoted = await map.lookup(db, 'message', rows.map((r) => str(r.quotedMsgId)).filter(Boolean));
    const ours = new Map(
      (
        await db
          .select({ id: messages.id, quotedMsgId: messages.quotedMsgId, mediaPath: messages.mediaPath })
          .from(messages)
          .where(inArray(messages.id, [...ids.values()]))
      ).map((m) => [m.id, m]),
    );
    for (const row of rows) {
      const id = str(row.id);
      const mine = ours.get(ids.get(id) ?? '');
      if (!mine) continue;
      const wanted = str(row.quotedMsgId) ? (quoted.get(str(row.quotedMsgId)) ?? '') : '';
      const got = mine.quotedMsgId ?? '';
      if (wanted !== got) out.differences.push({ table: 'Messages', id, field: 'quotedMsgId', source: wanted, imported: got });
      else if (str(row.quotedMsgId) && !wanted) {
        out.differences.push({
          table: 'Messages',
          id,
          field: 'quotedMsgId',
          source: str(row.quotedMsgId),
          imported: '',
          ...explainedBy(why('quoteMissing')),
        });
      }
      await compareMedia(options, out, row, mine.mediaPath);
    }
  }
}

async function compareMedia(options: VerifyOptions, out: VerifyResult, row: SourceRow, stored: string | null): Promise<void> {
  const url = str(row.mediaUrl);
  if (!url) return;
  const id = str(row.id);
  const file = path.basename(url.split('?')[0]);
  const sourceBytes = options.media ? await fs.readFile(path.join(options.media.from, file)).catch(() => null) : null;
  if (!stored) {
    out.differences.push({
      table: 'Messages',
      id,
      field: 'media',
      source: file,
      imported: '',
      ...explainedBy(sourceBytes === null ? why(options.media ? 'mediaNotInFolder' : 'noMediaFolder') : undefined),
    });
    return;
  }
  out.media.compared += 1;
  const ourBytes = await fs.readFile(path.join(options.media!.store.dir, stored)).catch(() => null);
  const digest = (b: Buffer | null) => (b ? createHash('sha256').update(b).digest('hex') : 'missing');
  if (sourceBytes && ourBytes && digest(sourceBytes) === digest(ourBytes)) out.media.identical += 1;
  else out.differences.push({ table: 'Messages', id, field: 'media', source: digest(sourceBytes), imported: digest(ourBytes) });
}

/** The comparison as printed by `--verify`. */
export function verifyText(v: VerifyResult): string {
  const lines = ['Verification (source → here):'];
  for (const t of v.tables) {
    const same = (p: { source: string; imported: string }) => (p.source === p.imported ? 'same' : 'differ');
    lines.push(
      `  ${t.table.padEnd(20)} source ${t.sourceRows}, imported ${t.imported}, not imported ${t.notImported}; times ${same(t.times)}, texts ${same(t.texts)}`,
    );
  }
  lines.push(`  media files: ${v.media.identical} of ${v.media.compared} byte-identical`);
  const explained = v.differences.filter((d) => d.explained);
  lines.push(`Differences: ${v.differences.length} (${explained.length} explained, ${v.unexplained} unexplained)`);
  for (const d of v.differences) {
    const short = (x: string) => (x.length > 60 ? `${x.slice(0, 57)}…` : x);
    lines.push(
      `  ${d.explained ? 'explained' : 'UNEXPLAINED'} ${d.table} ${d.id} ${d.field}: ${short(d.source)} → ${short(d.imported)}${d.explained ? ` (${d.explained})` : ''}`,
    );
  }
  return lines.join('\n');
}
