/**
 * Brings a Whaticket-family install over: settings, sectors, connections, attendants (their bcrypt
 * password hashes carry over), contacts with extra info, tags, quick answers, tickets and messages
 * with their media. Each page of rows is written in one short transaction with its import_map
 * entries, so an interrupted run continues where it stopped and a second run imports nothing twice;
 * between pages the database serves everyone else (the embedded database has one connection, and a
 * transaction holds it). Nothing slow happens inside a page's transaction: source rows are read and
 * media files copied before it opens.
 *
 * A dry run is a plan: it reads what is here to decide each row's outcome and writes nothing, on a
 * handle that refuses every write, outside any transaction. Rows it would create get planned ids
 * (negative, so they match nothing stored).
 *
 * Security settings (SECURITY_SETTING_KEYS) keep their current value unless the run is told to take
 * the source's; every one whose value differs is listed, old → new, in the result.
 */
import fs from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_TAG_COLOR,
  DEFAULT_USER_WORK_TIME,
  COMPANY_LANGUAGES,
  SETTING_SCHEMAS,
  TIME_INACTIVE_OPTIONS_HOURS,
  WEEKDAYS,
  dayLabel,
  defaultWeekHours,
  mergeWeekHours,
  isSecuritySettingKey,
  isSettingKey,
  type CompanyLanguage,
  type SecuritySettingKey,
  type SettingChoiceDTO,
} from '@switchboard/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  contactExtraInfo,
  contactTags,
  contacts,
  messages,
  queues,
  quickAnswers,
  settings,
  tags,
  ticketCycles,
  tickets,
  userQueues,
  users,
  whatsappQueues,
  whatsapps,
} from '../../db/schema.js';
import { hashPassword, isLegacyHash } from '../../lib/passwords.js';
import { MediaTooLargeError, megabytes, type MediaStore } from '../../lib/media-store.js';
import { SETTINGS_CHANGED_CHANNEL } from '../../store/settings.js';
import { protocolOf } from '../../modules/tickets/insert.js';
import { IdMap, type Entity } from './id-map.js';
import { rebuildDashboardRollups, rollupContactIds, rollupCycles } from '../../store/dashboard-rollups.js';
import { trackContactScopeKeys } from '../../store/contact-scope-keys.js';
import { bool, date, hexColor, str, time } from './values.js';
import type { SourceDb, SourceRow } from './source.js';
import { CONTACT_DETAIL_COLUMNS, surveySource, type SourceSurvey, type SourceTable } from './source-schema.js';

export interface ImportOptions {
  source: SourceDb;
  db: Db;
  /** The old install's public folder (where Whaticket keeps media files) and where ours go. */
  media?: { from: string; store: MediaStore };
  dryRun?: boolean;
  pageSize?: number;
  onProgress?: (progress: { table: SourceTable; done: number; total: number }) => void;
  /** Security settings whose source value replaces the current one (all others are kept). */
  takeSettings?: readonly SecuritySettingKey[];
  /** Aborting stops the run between two rows; what was committed stays (a later run continues). */
  signal?: AbortSignal;
  /** How long reading one media file may take. */
  mediaReadTimeoutMs?: number;
}

export const DEFAULT_MEDIA_READ_TIMEOUT_MS = 30_000;

/** The run was cancelled (its signal aborted): pages committed before stay. */
export class ImportCancelledError extends Error {
  constructor() {
    super('The import was cancelled');
  }
}

export interface TableSummary {
  imported: number;
  /** Taken by an earlier run (or matched to a row that was already here). */
  already: number;
  skipped: number;
}

export interface SkippedRow {
  table: SourceTable;
  id: string;
  reason: string;
}

/** A value that could not come over as it was (cut to a limit here, or no such choice here). */
export interface ChangedValue {
  table: SourceTable;
  id: string;
  field: string;
  source: string;
  imported: string;
  reason: string;
}

export interface ImportResult {
  survey: SourceSurvey;
  tables: Partial<Record<SourceTable, TableSummary>>;
  skipped: SkippedRow[];
  /** Every row whose value was cut or replaced, with the source's value. */
  changed: ChangedValue[];
  /** Rows imported with a change worth knowing (a renamed connection, a ticket imported closed…). */
  notes: string[];
  /** Security settings the source would change: kept unless taken. */
  settingChoices: SettingChoiceDTO[];
  /** The offset the source's zone-less times were read in (MySQL/MariaDB sources). */
  sourceTimeZone: string | null;
  dryRun: boolean;
}

export async function importWhaticket(options: ImportOptions): Promise<ImportResult> {
  const survey = surveySource(await options.source.columns());
  const result: ImportResult = {
    survey,
    tables: {},
    skipped: [],
    changed: [],
    notes: [],
    settingChoices: [],
    sourceTimeZone: options.source.timeZone,
    dryRun: options.dryRun === true,
  };
  await new Run(options, survey, result, options.dryRun ? readOnly(options.db) : options.db).all();
  // Each imported cycle was counted as it was written; the whole history is recounted once more in
  // the company's zone as it stands after the import (the import may have set it).
  if (!options.dryRun) {
    await options.db.transaction((tx) => rebuildDashboardRollups(tx));
    // The imported tickets never changed hands here: their contacts' search keys are worked out now.
    await trackContactScopeKeys(options.db);
  }
  return result;
}

/**
 * The database for a dry run: reads pass, every write (and any transaction) throws, so a plan
 * cannot change anything even through a path that forgot to ask whether it is a dry run.
 */
function readOnly(db: Db): Db {
  const refused = new Set<PropertyKey>(['insert', 'update', 'delete', 'execute', 'transaction', 'refreshMaterializedView']);
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (refused.has(prop)) {
        return () => {
          throw new Error(`A dry run does not write (${String(prop)})`);
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

/** A setting's value as shown in the report: a token by its first characters only. */
function shown(key: SecuritySettingKey, value: string): string {
  return key === 'userApiToken' && value.length > 4 ? `${value.slice(0, 4)}…` : value;
}

/**
 * Rows written per transaction: a page read from the source is written in parts this small, so a
 * transaction holds the embedded database's one connection for a moment only (a page of 500
 * messages in one transaction took over 3 s on a busy machine, and health answered 503 meanwhile).
 */
const WRITE_BATCH = 50;

function inParts<T>(rows: T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < rows.length; i += size) parts.push(rows.slice(i, i + size));
  return parts;
}

/** Waits for the event loop's next turn: requests that arrived during a page are answered first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export const PERMISSION_FLAGS = ['allHistoric', 'isRemoveTags', 'viewConection', 'viewSector', 'viewName', 'viewTags'] as const;

/** The per-user permission flags the source has ('enabled'/'disabled', or booleans). */
function permissionFlags(row: SourceRow): Partial<Record<(typeof PERMISSION_FLAGS)[number], boolean>> {
  const flags: Partial<Record<(typeof PERMISSION_FLAGS)[number], boolean>> = {};
  for (const flag of PERMISSION_FLAGS) if (row[flag] !== undefined && row[flag] !== null) flags[flag] = bool(row[flag]);
  return flags;
}

/**
 * Where tickets whose connection the source no longer has are kept (visible, never started), named
 * in the company's language (the `language` setting, as the import leaves it): a name is data, not
 * interface, so it is written once, when the connection is made.
 */
export const PLACEHOLDER_CONNECTION_NAMES: Readonly<Record<CompanyLanguage, string>> = {
  pt: 'Importada — sem conexão',
  en: 'Imported — no connection',
  es: 'Importada — sin conexión',
};
/** The import_map source id of that placeholder (source connection ids are numbers). */
export const PLACEHOLDER_SOURCE_ID = 'none';

/** Limits of this side's forms (packages/shared): longer source values are cut, and reported. */
/**
 * A contact's postal and personal details (Press-Ticket's columns) as extra-information fields,
 * named by their column; empty ones are left out. A birth date is the day it was written on.
 */
export function contactDetails(row: SourceRow): { name: string; value: string }[] {
  return CONTACT_DETAIL_COLUMNS.flatMap((name) => {
    const raw = row[name];
    if (raw === undefined || raw === null || str(raw).trim() === '') return [];
    const value = raw instanceof Date ? raw.toISOString().slice(0, 10) : str(raw).trim();
    return [{ name, value }];
  });
}

export const LIMITS = {
  queueName: 50,
  connectionName: 50,
  userName: 50,
  contactName: 200,
  fieldName: 200,
  tagName: 100,
  shortcut: 50,
  profilePicUrl: 2000,
} as const;

/**
 * A Whaticket location body, "data:image/png;base64,<thumbnail>|<maps URL with q=lat%2Clng>|<description>",
 * as this side keeps a location: "lat,lng" and the description when it says more than the numbers.
 * Null when the body carries no coordinates.
 */
export function locationBody(body: string): string | null {
  const parts = body.split('|');
  const url = parts.find((p) => /^https?:\/\//.test(p));
  if (!url) return null;
  let q: string | null;
  try {
    q = new URL(url).searchParams.get('q');
  } catch {
    return null;
  }
  const m = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(q ?? '');
  if (!m) return null;
  const description = parts
    .slice(parts.indexOf(url) + 1)
    .join('|')
    .trim();
  const onlyNumbers = /^-?[\d.]+\s*,\s*-?[\d.]+$/.test(description);
  return `${m[1]},${m[2]}${description && !onlyNumbers ? ` ${description}` : ''}`;
}

/** Source hours ("1", "0.25", "") as one of this side's inactivity options; null when it is none. */
export function inactivityHours(v: unknown): number | null {
  const raw = str(v).trim();
  if (raw === '') return 0;
  const n = Number(raw.replace(',', '.'));
  return (TIME_INACTIVE_OPTIONS_HOURS as readonly number[]).includes(n) ? n : null;
}

type MediaOutcome = { name: string; filename: string; mimetype: string } | null | string;

class Run {
  private readonly map: IdMap;
  private readonly pageSize: number;
  private readonly dry: boolean;
  /** Planned ids of a dry run: negative, so no stored row ever matches one. */
  private lastPlanned = 0;
  /** A dry run's planned tickets' connections, and its planned active (contact, connection) pairs. */
  private readonly plannedTicketConnection = new Map<number, number>();
  private readonly plannedActive = new Set<string>();
  /** The source's company language, when it has one this side accepts (a dry run writes none). */
  private sourceLanguage: CompanyLanguage | undefined;

  constructor(
    private readonly options: ImportOptions,
    private readonly survey: SourceSurvey,
    private readonly result: ImportResult,
    private readonly db: DbOrTx,
  ) {
    this.map = new IdMap(options.source.identity);
    this.pageSize = options.pageSize ?? 500;
    this.dry = options.dryRun === true;
  }

  private planned(): number {
    return --this.lastPlanned;
  }

  private checkCancelled(): void {
    if (this.options.signal?.aborted) throw new ImportCancelledError();
  }

  /** One page's writes in one transaction; a dry run's reads outside any. */
  private async inPage<T>(write: (tx: DbOrTx) => Promise<T>): Promise<T> {
    if (this.dry) return write(this.db);
    return this.db.transaction(write);
  }

  /** Maps a row: written with its row in the page's transaction, or only remembered by a dry run. */
  private async mapped(tx: DbOrTx, entity: Entity, sourceId: unknown, targetId: string | number): Promise<void> {
    if (this.dry) this.map.remember(entity, sourceId, targetId);
    else await this.map.put(tx, entity, sourceId, targetId);
  }

  async all(): Promise<void> {
    await this.settings();
    await this.queues();
    await this.whatsapps();
    await this.users();
    await this.contacts();
    await this.contactFields();
    await this.tags();
    await this.quickAnswers();
    await this.tickets();
    await this.messages();
    await this.quotes();
  }

  // ── bookkeeping ────────────────────────────────────────────────────────────────────────────
  private summary(table: SourceTable): TableSummary {
    return (this.result.tables[table] ??= { imported: 0, already: 0, skipped: 0 });
  }
  private skip(table: SourceTable, id: unknown, reason: string): void {
    this.summary(table).skipped += 1;
    this.result.skipped.push({ table, id: str(id), reason });
  }
  /** A text cut to this side's limit; a cut is reported with the source's whole value. */
  private fit(table: SourceTable, id: unknown, field: string, value: string, max: number): string {
    if (value.length <= max) return value;
    const cut = value.slice(0, max);
    this.result.changed.push({
      table,
      id: str(id),
      field,
      source: value,
      imported: cut,
      reason: `longer than ${max} characters (the limit here)`,
    });
    return cut;
  }

  private has(table: SourceTable): boolean {
    return this.survey.tables.has(table);
  }
  private columns(table: SourceTable): string[] {
    return this.survey.tables.get(table) ?? [];
  }

  /**
   * Every row of a table with a single key, a page per transaction: `each` writes one row (or
   * returns a reason to skip it) and its mapping is written with it.
   */
  private async eachPage(
    table: SourceTable,
    entity: Entity,
    key: string,
    each: (tx: DbOrTx, row: SourceRow) => Promise<{ id: string | number; already?: boolean } | string>,
  ): Promise<void> {
    if (!this.has(table)) return;
    await this.map.load(this.db, entity);
    const total = await this.options.source.count(table);
    let after: string | number | null = null;
    let done = 0;
    for (;;) {
      this.checkCancelled();
      const rows = await this.options.source.page(table, this.columns(table), key, after, this.pageSize);
      if (rows.length === 0) break;
      for (const part of inParts(rows, WRITE_BATCH))
        await this.inPage(async (tx) => {
          for (const row of part) {
            this.checkCancelled();
            if (this.map.get(entity, row[key]) !== undefined) {
              this.summary(table).already += 1;
              continue;
            }
            const outcome = await each(tx, row);
            if (typeof outcome === 'string') {
              this.skip(table, row[key], outcome);
              continue;
            }
            await this.mapped(tx, entity, row[key], outcome.id);
            if (outcome.already) this.summary(table).already += 1;
            else this.summary(table).imported += 1;
          }
        });
      await nextTurn();
      after = rows[rows.length - 1][key] as string | number;
      done += rows.length;
      this.options.onProgress?.({ table, done, total });
      await nextTurn();
    }
  }

  /** A link table (no key of its own): pairs whose both ends were imported, added once. */
  private async links(table: SourceTable, write: (tx: DbOrTx, row: SourceRow) => Promise<string | void>): Promise<void> {
    if (!this.has(table)) return;
    this.checkCancelled();
    const rows = await this.options.source.all(table, this.columns(table));
    await this.inPage(async (tx) => {
      for (const row of rows) {
        const reason = await write(tx, row);
        if (reason) this.skip(table, Object.values(row).join('/'), reason);
        else this.summary(table).imported += 1;
      }
    });
    this.options.onProgress?.({ table, done: rows.length, total: rows.length });
  }

  // ── settings ───────────────────────────────────────────────────────────────────────────────
  private async settings(): Promise<void> {
    await this.eachPage('Settings', 'setting', 'key', async (tx, row) => {
      const key = str(row.key);
      if (!isSettingKey(key)) return 'no such setting here';
      const parsed = SETTING_SCHEMAS[key].safeParse(str(row.value));
      if (!parsed.success) return `value not accepted here (${str(row.value).slice(0, 40)})`;
      if (key === 'language') this.sourceLanguage = parsed.data as CompanyLanguage;
      if (isSecuritySettingKey(key)) {
        const [current] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
        if (current && current.value !== parsed.data) {
          const taken = this.options.takeSettings?.includes(key) === true;
          this.result.settingChoices.push({ key, current: shown(key, current.value), incoming: shown(key, parsed.data), taken });
          // Not mapped: a later run told to take it still can.
          if (!taken) return "security setting: kept the current value (the source's is taken only when chosen)";
        }
      }
      if (this.dry) return { id: key };
      await tx
        .insert(settings)
        .values({ key, value: parsed.data })
        .onConflictDoUpdate({ target: settings.key, set: { value: parsed.data, updatedAt: sql`clock_timestamp()` } });
      // Every process re-reads its settings with the commit: the pages show what is in force.
      await tx.execute(sql`select pg_notify(${SETTINGS_CHANGED_CHANNEL}, ${key})`);
      return { id: key };
    });
  }

  // ── sectors ────────────────────────────────────────────────────────────────────────────────
  private async queues(): Promise<void> {
    await this.eachPage('Queues', 'queue', 'id', async (tx, row) => {
      const name = this.fit('Queues', row.id, 'name', str(row.name).trim(), LIMITS.queueName);
      if (name.length < 2) return 'name shorter than 2 characters';
      const [same] = await tx
        .select({ id: queues.id })
        .from(queues)
        .where(sql`lower(${queues.name}) = lower(${name})`);
      if (same) return { id: same.id, already: true };
      const color = await this.freeQueueColor(tx, hexColor(row.color) ?? '#7c7c7c', name);
      if (this.dry) return { id: this.planned() };
      const [created] = await tx
        .insert(queues)
        .values({
          name,
          color,
          greetingMessage: str(row.greetingMessage),
          absenceMessage: str(row.absenceMessage),
          startWork: row.startWork ? time(row.startWork, '00:00') : null,
          endWork: row.endWork ? time(row.endWork, '23:59') : null,
          createdAt: date(row.createdAt),
          updatedAt: date(row.updatedAt),
        })
        .returning({ id: queues.id });
      return { id: created.id };
    });
  }

  /** Sector colours are unique here; a colour already taken is nudged to the nearest free one. */
  private async freeQueueColor(tx: DbOrTx, wanted: string, name: string): Promise<string> {
    const full = wanted.length === 4 ? `#${[...wanted.slice(1)].map((c) => c + c).join('')}` : wanted;
    let value = parseInt(full.slice(1), 16);
    for (let i = 0; i < 4096; i++) {
      const candidate = `#${value.toString(16).padStart(6, '0')}`;
      const [taken] = await tx
        .select({ id: queues.id })
        .from(queues)
        .where(sql`lower(${queues.color}) = ${candidate}`);
      if (!taken) {
        if (i > 0) this.result.notes.push(`Sector "${name}": colour ${full} was taken, imported as ${candidate}.`);
        return candidate;
      }
      value = (value + 1) % 0x1000000;
    }
    throw new Error(`No free colour near ${full}`);
  }

  // ── connections ────────────────────────────────────────────────────────────────────────────
  private async whatsapps(): Promise<void> {
    await this.eachPage('Whatsapps', 'whatsapp', 'id', async (tx, row) => {
      const wanted = this.fit('Whatsapps', row.id, 'name', str(row.name).trim(), LIMITS.connectionName) || `Connection ${str(row.id)}`;
      let name = wanted;
      for (let n = 2; ; n++) {
        const [taken] = await tx
          .select({ id: whatsapps.id })
          .from(whatsapps)
          .where(sql`lower(${whatsapps.name}) = lower(${name})`);
        if (!taken) break;
        name = `${wanted} (${n})`;
      }
      if (name !== wanted) this.result.notes.push(`Connection "${wanted}" exists here already: imported as "${name}".`);
      if (this.dry) return { id: this.planned() };
      const [defaultExists] = await tx.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.isDefault, true));
      const [created] = await tx
        .insert(whatsapps)
        .values({
          name,
          channel: 'whatsapp',
          status: 'DISCONNECTED',
          isDefault: bool(row.isDefault) && !defaultExists,
          greetingMessage: str(row.greetingMessage),
          farewellMessage: str(row.farewellMessage),
          ratingMessage: str(row.ratingMessage),
          transferTicketMessage: str(row.transferTicketMessage),
          isDisplay: bool(row.isDisplay),
          isGroup: bool(row.isGroup),
          inactiveMessage: str(row.inactiveMessage),
          sendInactiveMessage: bool(row.sendInactiveMessage),
          timeInactiveMessage: this.inactivity(row),
          outOfWorkMessage: str(row.outOfWorkMessage),
          defineWorkHours: bool(row.defineWorkHours),
          workHours: this.workHours(row),
          // Its old phone may still run the old install: nothing starts until an admin pairs it.
          awaitingPairing: true,
          createdAt: date(row.createdAt),
          updatedAt: date(row.updatedAt),
        })
        .returning({ id: whatsapps.id });
      return { id: created.id };
    });
    await this.links('WhatsappQueues', async (tx, row) => {
      const whatsappId = this.map.get('whatsapp', row.whatsappId);
      const queueId = this.map.get('queue', row.queueId);
      if (!whatsappId || !queueId) return 'connection or sector not imported';
      if (this.dry) return;
      await tx
        .insert(whatsappQueues)
        .values({ whatsappId: Number(whatsappId), queueId: Number(queueId) })
        .onConflictDoNothing();
    });
  }

  /** The source's inactivity hours, or (reported) none when it is not one of the options here. */
  private inactivity(row: SourceRow): number {
    if (row.timeInactiveMessage === undefined) return 0;
    const hours = inactivityHours(row.timeInactiveMessage);
    if (hours !== null) return hours;
    this.result.changed.push({
      table: 'Whatsapps',
      id: str(row.id),
      field: 'timeInactiveMessage',
      source: str(row.timeInactiveMessage),
      imported: '0',
      reason: `not one of the inactivity options here (${TIME_INACTIVE_OPTIONS_HOURS.join(', ')} hours); automatic close is off`,
    });
    return 0;
  }

  /** The 7 day flags and 28 hour fields; absent or unreadable ones keep this side's defaults. */
  private workHours(row: SourceRow) {
    const base = defaultWeekHours();
    const flat: Record<string, unknown> = {};
    for (const d of WEEKDAYS) {
      if (row[d] !== undefined && row[d] !== null) flat[d] = bool(row[d]);
      const L = dayLabel(d);
      const hours: [string, string][] = [
        [`StartDefineWorkHours${L}`, base[d].start],
        [`EndDefineWorkHours${L}`, base[d].end],
        [`StartDefineWorkHours${L}Lunch`, base[d].lunchStart],
        [`EndDefineWorkHours${L}Lunch`, base[d].lunchEnd],
      ];
      for (const [field, fallback] of hours) {
        if (row[field] === undefined || row[field] === null || str(row[field]) === '') continue;
        flat[field] = time(row[field], fallback);
        if (flat[field] !== str(row[field]).slice(0, 5)) {
          this.result.changed.push({
            table: 'Whatsapps',
            id: str(row.id),
            field,
            source: str(row[field]),
            imported: fallback,
            reason: 'not a time of day (HH:mm)',
          });
        }
      }
    }
    return mergeWeekHours(base, flat);
  }

  // ── attendants ─────────────────────────────────────────────────────────────────────────────
  private async users(): Promise<void> {
    await this.eachPage('Users', 'user', 'id', async (tx, row) => {
      const email = str(row.email).trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) return 'no valid e-mail';
      const [same] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (same) {
        this.result.notes.push(`Attendant ${email} exists here already: kept the existing account.`);
        return { id: same.id, already: true };
      }
      let passwordHash = str(row.passwordHash);
      // Switched off in the old install (Press-Ticket's active = false): this side has no such
      // switch, so the account comes over without a password anyone knows.
      if (row.active !== undefined && row.active !== null && !bool(row.active)) {
        this.result.notes.push(`Attendant ${email} was deactivated in the source: imported without a usable password.`);
        if (!this.dry) passwordHash = await hashPassword(randomUUID());
      } else if (!isLegacyHash(passwordHash)) {
        this.result.notes.push(`Attendant ${email}: the password hash is not bcrypt; an administrator must set a new password.`);
        if (!this.dry) passwordHash = await hashPassword(randomUUID());
      }
      if (this.dry) return { id: this.planned() };
      const whatsappId = this.map.get('whatsapp', row.whatsappId);
      const [created] = await tx
        .insert(users)
        .values({
          name: this.fit('Users', row.id, 'name', str(row.name).trim(), LIMITS.userName) || email,
          email,
          passwordHash,
          profile: str(row.profile) === 'admin' ? 'admin' : 'user',
          whatsappId: whatsappId ? Number(whatsappId) : null,
          startWork: time(row.startWork, DEFAULT_USER_WORK_TIME.start),
          endWork: time(row.endWork, DEFAULT_USER_WORK_TIME.end),
          allTicket: bool(row.allTicket),
          // Permission flags ('enabled'/'disabled' in the source); a column the source lacks keeps our default.
          ...permissionFlags(row),
          createdAt: date(row.createdAt),
          updatedAt: date(row.updatedAt),
        })
        .returning({ id: users.id });
      return { id: created.id };
    });
    await this.links('UserQueues', async (tx, row) => {
      const userId = this.map.get('user', row.userId);
      const queueId = this.map.get('queue', row.queueId);
      if (!userId || !queueId) return 'attendant or sector not imported';
      if (this.dry) return;
      await tx
        .insert(userQueues)
        .values({ userId: Number(userId), queueId: Number(queueId) })
        .onConflictDoNothing();
    });
  }

  // ── contacts ───────────────────────────────────────────────────────────────────────────────
  private async contacts(): Promise<void> {
    await this.eachPage('Contacts', 'contact', 'id', async (tx, row) => {
      const isGroup = bool(row.isGroup);
      const raw = str(row.number).split('@')[0];
      const number = isGroup ? raw.replace(/[^\d-]/g, '') : raw.replace(/\D/g, '');
      if (number.length < 5) return 'no usable number';
      const [same] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.number, number));
      if (same) return { id: same.id, already: true };
      if (this.dry) return { id: this.planned() };
      const email = str(row.email).trim();
      const validEmail = /^[^\s@]+@[^\s@]+$/.test(email);
      if (email && !validEmail) {
        this.result.changed.push({
          table: 'Contacts',
          id: str(row.id),
          field: 'email',
          source: email,
          imported: '',
          reason: 'not an e-mail address: left empty',
        });
      }
      const [created] = await tx
        .insert(contacts)
        .values({
          name: this.fit('Contacts', row.id, 'name', str(row.name).trim(), LIMITS.contactName) || number,
          number,
          email: validEmail ? email : '',
          profilePicUrl: this.fit('Contacts', row.id, 'profilePicUrl', str(row.profilePicUrl), LIMITS.profilePicUrl),
          isGroup,
          createdAt: date(row.createdAt),
          updatedAt: date(row.updatedAt),
        })
        .returning({ id: contacts.id });
      await rollupContactIds(tx, 1, [created.id]);
      const details = contactDetails(row);
      if (details.length)
        await tx.insert(contactExtraInfo).values(details.map((d) => ({ contactId: created.id, name: d.name, value: d.value })));
      return { id: created.id };
    });
  }

  private async contactFields(): Promise<void> {
    await this.eachPage('ContactCustomFields', 'contactField', 'id', async (tx, row) => {
      const contactId = this.map.get('contact', row.contactId);
      if (!contactId) return 'contact not imported';
      if (this.dry) return { id: this.planned() };
      const [created] = await tx
        .insert(contactExtraInfo)
        .values({
          contactId: Number(contactId),
          name: this.fit('ContactCustomFields', row.id, 'name', str(row.name), LIMITS.fieldName),
          value: str(row.value),
        })
        .returning({ id: contactExtraInfo.id });
      return { id: created.id };
    });
  }

  // ── tags and quick answers ─────────────────────────────────────────────────────────────────
  private async tags(): Promise<void> {
    await this.eachPage('Tags', 'tag', 'id', async (tx, row) => {
      const name = this.fit('Tags', row.id, 'name', str(row.name).trim(), LIMITS.tagName);
      if (name.length < 3) return 'name shorter than 3 characters';
      const [same] = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(sql`lower(${tags.name}) = lower(${name})`);
      if (same) return { id: same.id, already: true };
      if (this.dry) return { id: this.planned() };
      const [created] = await tx
        .insert(tags)
        .values({ name, color: hexColor(row.color) ?? DEFAULT_TAG_COLOR, createdAt: date(row.createdAt), updatedAt: date(row.updatedAt) })
        .returning({ id: tags.id });
      return { id: created.id };
    });
    await this.links('ContactTags', async (tx, row) => {
      const contactId = this.map.get('contact', row.contactId);
      const tagId = this.map.get('tag', row.tagId);
      if (!contactId || !tagId) return 'contact or tag not imported';
      if (this.dry) return;
      await tx
        .insert(contactTags)
        .values({ contactId: Number(contactId), tagId: Number(tagId) })
        .onConflictDoNothing();
    });
  }

  private async quickAnswers(): Promise<void> {
    await this.eachPage('QuickAnswers', 'quickAnswer', 'id', async (tx, row) => {
      const shortcut = this.fit('QuickAnswers', row.id, 'shortcut', str(row.shortcut).trim(), LIMITS.shortcut);
      const message = str(row.message);
      if (shortcut.length < 2 || message.length === 0) return 'shortcut or message empty';
      if (this.dry) return { id: this.planned() };
      const [created] = await tx
        .insert(quickAnswers)
        .values({ shortcut, message, createdAt: date(row.createdAt), updatedAt: date(row.updatedAt) })
        .returning({ id: quickAnswers.id });
      return { id: created.id };
    });
  }

  // ── tickets ────────────────────────────────────────────────────────────────────────────────
  private async tickets(): Promise<void> {
    await this.eachPage('Tickets', 'ticket', 'id', async (tx, row) => {
      const contactId = this.map.get('contact', row.contactId);
      if (!contactId) return 'contact not imported';
      // A connection deleted in the source leaves its tickets without one: they are kept, on a
      // placeholder connection that shows where they came from.
      const whatsappId = this.map.get('whatsapp', row.whatsappId) ?? (await this.placeholderConnection(tx, row.id));
      const userId = this.map.get('user', row.userId);
      const queueId = this.map.get('queue', row.queueId);
      let status = ['open', 'pending', 'closed'].includes(str(row.status)) ? str(row.status) : 'closed';
      if (status !== 'closed') {
        // One open-or-pending ticket per contact and connection, here as in the source.
        const [active] = await tx
          .select({ id: tickets.id })
          .from(tickets)
          .where(
            and(
              eq(tickets.contactId, Number(contactId)),
              eq(tickets.whatsappId, Number(whatsappId)),
              inArray(tickets.status, ['open', 'pending']),
            ),
          );
        const pair = `${contactId}/${whatsappId}`;
        if (active || this.plannedActive.has(pair)) {
          this.result.notes.push(`Ticket ${str(row.id)}: its contact already has an active ticket here; imported closed.`);
          status = 'closed';
        }
      }
      if (this.dry) {
        const id = this.planned();
        this.plannedTicketConnection.set(id, Number(whatsappId));
        if (status !== 'closed') this.plannedActive.add(`${contactId}/${whatsappId}`);
        return { id };
      }
      const createdAt = date(row.createdAt);
      const updatedAt = date(row.updatedAt);
      const [created] = await tx
        .insert(tickets)
        .values({
          status,
          contactId: Number(contactId),
          whatsappId: Number(whatsappId),
          userId: userId ? Number(userId) : null,
          queueId: queueId ? Number(queueId) : null,
          lastMessage: str(row.lastMessage),
          lastMessageAt: updatedAt,
          unreadMessages: Math.max(0, Number(row.unreadMessages) || 0),
          isGroup: bool(row.isGroup),
          createdAt,
          updatedAt,
        })
        .returning({ id: tickets.id });
      await tx
        .update(tickets)
        .set({ protocol: protocolOf(createdAt, created.id) })
        .where(eq(tickets.id, created.id));
      // Its service cycle, so the dashboard counts it: queued at creation, started if someone had it.
      const [cycle] = await tx
        .insert(ticketCycles)
        .values({
          ticketId: created.id,
          queueId: queueId ? Number(queueId) : null,
          userId: userId ? Number(userId) : null,
          queuedAt: createdAt,
          startedAt: userId ? createdAt : null,
          finishedAt: status === 'closed' ? updatedAt : null,
          finishedBy: status === 'closed' && userId ? Number(userId) : null,
          outcome: status === 'closed' ? 'resolved' : null,
        })
        .returning({ id: ticketCycles.id });
      await rollupCycles(tx, 1, sql`c.id = ${cycle.id}`);
      return { id: created.id };
    });
  }

  /** The placeholder connection, made (disconnected, never started) with the first ticket that needs it. */
  private async placeholderConnection(tx: DbOrTx, ticketId: unknown): Promise<string> {
    const known = this.map.get('whatsapp', PLACEHOLDER_SOURCE_ID);
    if (known) {
      this.result.notes.push(`Ticket ${str(ticketId)}: its connection is gone from the source; kept on the placeholder connection.`);
      return known;
    }
    const name = PLACEHOLDER_CONNECTION_NAMES[await this.companyLanguage(tx)];
    this.result.notes.push(`Ticket ${str(ticketId)}: its connection is gone from the source; kept on "${name}".`);
    // One made by an earlier import from another source, in any of the languages, is reused.
    const names = Object.values(PLACEHOLDER_CONNECTION_NAMES).map((n) => n.toLowerCase());
    const [same] = await tx
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(inArray(sql`lower(${whatsapps.name})`, names));
    let id: number;
    if (same) id = same.id;
    else if (this.dry) id = this.planned();
    else {
      // While connections exist one of them is the default, even if this is the only one.
      const [defaultExists] = await tx.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.isDefault, true));
      const [created] = await tx
        .insert(whatsapps)
        .values({ name, channel: 'whatsapp', status: 'DISCONNECTED', awaitingPairing: true, isDefault: !defaultExists })
        .returning({ id: whatsapps.id });
      id = created.id;
    }
    await this.mapped(tx, 'whatsapp', PLACEHOLDER_SOURCE_ID, id);
    return String(id);
  }

  /** The company's language after the settings were imported (Portuguese when unset, as the server reads it). */
  private async companyLanguage(tx: DbOrTx): Promise<CompanyLanguage> {
    if (this.sourceLanguage) return this.sourceLanguage;
    const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, 'language'));
    return (COMPANY_LANGUAGES as readonly string[]).includes(row?.value ?? '') ? (row.value as CompanyLanguage) : 'pt';
  }

  // ── messages ───────────────────────────────────────────────────────────────────────────────
  private async messages(): Promise<void> {
    if (!this.has('Messages')) return;
    // Loaded (and, in a dry run, planned) by their own tables already; read here only if absent.
    if (!this.map.isLoaded('ticket')) await this.map.load(this.db, 'ticket');
    if (!this.map.isLoaded('contact')) await this.map.load(this.db, 'contact');
    const table: SourceTable = 'Messages';
    const total = await this.options.source.count(table);
    let after: string | null = null;
    let done = 0;
    for (;;) {
      this.checkCancelled();
      const rows = await this.options.source.page(table, this.columns(table), 'id', after, this.pageSize);
      if (rows.length === 0) break;
      const ids = rows.map((r) => str(r.id));
      const quoted = rows.map((r) => str(r.quotedMsgId)).filter(Boolean);
      // Read before the page's transaction opens: what is taken, and the files (slow, and a file
      // that never answers must not hold the database).
      const taken = await this.map.lookup(this.db, 'message', ids);
      const files = new Map<string, MediaOutcome>();
      for (const row of rows) {
        if (taken.has(str(row.id)) || this.map.get('ticket', row.ticketId) === undefined) continue;
        this.checkCancelled();
        files.set(str(row.id), await this.mediaOf(row));
      }
      const quotedMap = await this.map.lookup(this.db, 'message', quoted);
      for (const part of inParts(rows, WRITE_BATCH))
        await this.inPage(async (tx) => {
          for (const row of part) {
            this.checkCancelled();
            const sourceId = str(row.id);
            if (taken.has(sourceId)) {
              this.summary(table).already += 1;
              continue;
            }
            const outcome = await this.message(tx, row, quotedMap, files.get(sourceId) ?? null);
            if (typeof outcome === 'string') {
              this.skip(table, sourceId, outcome);
              continue;
            }
            // A dry run keeps no map of planned messages (a quote changes no outcome of the plan).
            if (!this.dry) await this.map.put(tx, 'message', sourceId, outcome.id);
            quotedMap.set(sourceId, outcome.id);
            this.summary(table).imported += 1;
          }
        });
      await nextTurn();
      after = str(rows[rows.length - 1].id);
      done += rows.length;
      this.options.onProgress?.({ table, done, total });
      await nextTurn();
    }
  }

  /**
   * Quotes, once every message is mapped: messages are read in the order of their WhatsApp ids,
   * which are random, so a quoted message often comes in a later page than its quote. A quote whose
   * message was not imported is said in the notes. A dry run plans no quote (they change no row's
   * outcome).
   */
  private async quotes(): Promise<void> {
    if (this.dry || !this.has('Messages') || !this.columns('Messages').includes('quotedMsgId')) return;
    let after: string | null = null;
    for (;;) {
      this.checkCancelled();
      const rows = await this.options.source.page('Messages', ['id', 'quotedMsgId'], 'id', after, this.pageSize);
      if (rows.length === 0) break;
      after = str(rows[rows.length - 1].id);
      const quoting = rows.filter((r) => str(r.quotedMsgId) !== '');
      if (quoting.length === 0) continue;
      const ours = await this.map.lookup(
        this.db,
        'message',
        quoting.map((r) => str(r.id)),
      );
      const quoted = await this.map.lookup(
        this.db,
        'message',
        quoting.map((r) => str(r.quotedMsgId)),
      );
      await this.inPage(async (tx) => {
        for (const row of quoting) {
          const id = ours.get(str(row.id));
          if (!id) continue; // the quoting message itself was skipped, and reported
          const target = quoted.get(str(row.quotedMsgId));
          if (!target) {
            this.result.notes.push(
              `Message ${str(row.id)}: the message it quotes (${str(row.quotedMsgId)}) was not imported; imported without the quote.`,
            );
            continue;
          }
          await tx
            .update(messages)
            .set({ quotedMsgId: target })
            .where(and(eq(messages.id, id), isNull(messages.quotedMsgId)));
        }
      });
      await nextTurn();
    }
  }

  /** Writes one message; its new id, or the reason it was skipped. */
  private async message(tx: DbOrTx, row: SourceRow, quotedMap: Map<string, string>, file: MediaOutcome): Promise<{ id: string } | string> {
    const ticketId = this.map.get('ticket', row.ticketId);
    if (!ticketId) return 'ticket not imported';
    const [stored] = await tx
      .select({ whatsappId: tickets.whatsappId })
      .from(tickets)
      .where(eq(tickets.id, Number(ticketId)));
    const whatsappId = stored?.whatsappId ?? this.plannedTicketConnection.get(Number(ticketId));
    if (whatsappId === undefined) throw new Error(`Ticket ${ticketId} of message ${str(row.id)} is mapped but not here`);
    const [duplicate] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.whatsappId, whatsappId), eq(messages.externalId, str(row.id))));
    if (duplicate) return 'a message with this WhatsApp id is already here';
    const fromMe = bool(row.fromMe);
    let media = file;
    if (typeof media === 'string') {
      // The conversation matters more than one lost file: the message comes over without it.
      this.result.notes.push(`Message ${str(row.id)}: ${media}; imported without its file.`);
      media = null;
    }
    const contactId = this.map.get('contact', row.contactId);
    const userId = this.map.get('user', row.userId);
    const createdAt = date(row.createdAt);
    const mediaType = str(row.mediaType) || 'chat';
    // A location is kept as this side keeps one ("lat,lng description"), not as the source's raw text.
    const body = (mediaType === 'location' ? locationBody(str(row.body)) : null) ?? str(row.body);
    const id = randomUUID();
    if (this.dry) return { id };
    await tx.insert(messages).values({
      id,
      ticketId: Number(ticketId),
      whatsappId,
      externalId: str(row.id),
      contactId: contactId ? Number(contactId) : null,
      userId: userId ? Number(userId) : null,
      body,
      fromMe,
      read: bool(row.read) || fromMe,
      mediaType,
      mediaPath: media?.name ?? null,
      mediaName: media?.filename ?? null,
      mediaMime: media?.mimetype ?? null,
      quotedMsgId: quotedMap.get(str(row.quotedMsgId)) ?? null,
      isDeleted: bool(row.isDeleted),
      isEdited: bool(row.isEdited),
      ack: Math.min(5, Math.max(0, Number(row.ack) || 0)),
      // Already sent by the old install: the outbox must never pick an imported message up.
      sendState: fromMe ? 'sent' : 'received',
      createdAt,
      updatedAt: date(row.updatedAt ?? row.createdAt),
    });
    return { id };
  }

  /**
   * The message's file copied into our media store; a reason when it cannot be. Only a regular
   * file is read (a named pipe or a device in the folder would never end), and a read that takes
   * longer than its limit is given up.
   */
  private async mediaOf(row: SourceRow): Promise<MediaOutcome> {
    const url = str(row.mediaUrl);
    if (!url) return null;
    // Whaticket stores the file name, or a full URL ending in it, of a file in its public folder.
    const file = path.basename(url.split('?')[0]);
    if (!this.options.media) return 'media file not imported: no --media folder given';
    const source = path.join(this.options.media.from, file);
    let data: Buffer;
    let handle: fs.FileHandle | undefined;
    try {
      // O_NONBLOCK: opening a named pipe for reading would otherwise wait for a writer forever.
      handle = await fs.open(source, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
      if (!(await handle.stat()).isFile()) return `media file ${file} is not a regular file (skipped)`;
      if (this.dry) return { name: '', filename: file, mimetype: '' };
      const timeout = AbortSignal.timeout(this.options.mediaReadTimeoutMs ?? DEFAULT_MEDIA_READ_TIMEOUT_MS);
      const signal = this.options.signal ? AbortSignal.any([timeout, this.options.signal]) : timeout;
      data = await handle.readFile({ signal });
    } catch (err) {
      this.checkCancelled();
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return `media file ${file} not found in the media folder`;
      if ((err as Error).name === 'AbortError' || (err as Error).name === 'TimeoutError')
        return `media file ${file} could not be read in time`;
      return `media file ${file} could not be read (${code ?? (err as Error).message})`;
    } finally {
      await handle?.close();
    }
    try {
      const stored = await this.options.media.store.save(data, { filename: file, purpose: 'received' });
      return { name: stored.name, filename: stored.filename, mimetype: stored.mimetype };
    } catch (err) {
      if (err instanceof MediaTooLargeError) return `media file ${file} is larger than ${megabytes(err.limit)}`;
      throw err;
    }
  }
}
