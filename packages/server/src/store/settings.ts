/**
 * Settings: every key seeded with its default, validated per key (packages/shared), cached in
 * memory and refreshed on write. The API token is visible to admins only.
 *
 * Several server processes share one database: a write announces itself on a notification channel
 * and every process re-reads the settings, so a regenerated API token is refused everywhere at
 * once. After the listening connection was lost and re-established, the settings are re-read too,
 * since a notification sent meanwhile is gone.
 */
import {
  COMPANY_LANGUAGES,
  allowed,
  SECRET_SETTING_KEYS,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  SETTING_SCHEMAS,
  isSettingKey,
  type CompanyLanguage,
  type AccessActor,
  type SettingDTO,
  type SettingKey,
} from '@switchboard/shared';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';
import type { ListenerLog } from '../db/listener.js';
import { settings } from '../db/schema.js';
import { authorize } from '../access/authorize.js';
import { AppError } from '../lib/app-error.js';
import { rebuildDashboardRollups } from './dashboard-rollups.js';

export type SettingChangeListener = (setting: SettingDTO) => void;

const CHANGED_CHANNEL = 'switchboard_settings_changed';
/** Notified (payload: the key) by whoever writes settings, so every process re-reads them. */
export const SETTINGS_CHANGED_CHANNEL = CHANGED_CHANNEL;

export function newApiToken(): string {
  return randomBytes(24).toString('base64url');
}

export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export class SettingsService {
  private cache = new Map<SettingKey, SettingDTO>();
  private listeners: SettingChangeListener[] = [];
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly db: Db) {}

  /** Inserts missing keys with their defaults and loads the cache. Safe to run at every start. */
  async init(): Promise<void> {
    const defaults: Record<SettingKey, string> = {
      ...SETTING_DEFAULTS,
      userApiToken: newApiToken(),
      timezone: serverTimeZone(),
    };
    await this.db
      .insert(settings)
      .values(SETTING_KEYS.map((key) => ({ key, value: defaults[key] })))
      .onConflictDoNothing();
    await this.reload();
  }

  async reload(): Promise<void> {
    const rows = await this.db.select().from(settings);
    for (const row of rows) {
      if (!isSettingKey(row.key)) continue;
      // Two re-reads may finish out of order: an older read never replaces a newer value.
      const cached = this.cache.get(row.key);
      if (!cached || Date.parse(cached.updatedAt) <= row.updatedAt.getTime()) this.cache.set(row.key, present(row));
    }
  }

  /** Keeps this process's cache in step with writes made by other processes. */
  async followOtherProcesses(database: Database, log: ListenerLog & { error(obj: object, msg: string): void }): Promise<void> {
    const reread = () => void this.reload().catch((err: unknown) => log.error({ err }, 'settings re-read failed'));
    this.unlisten = await database.listen(CHANGED_CHANNEL, reread, { log, onResubscribed: reread });
    // A write made between init() and LISTEN would otherwise be missed.
    await this.reload();
  }

  async stopFollowing(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }

  onChange(listener: SettingChangeListener): void {
    this.listeners.push(listener);
  }

  /** Current value (server-side use: no permission check). */
  get(key: SettingKey): string {
    return this.cache.get(key)?.value ?? '';
  }

  /** Read from the database, not the cache: for credentials, which must be refused at once everywhere. */
  async fresh(key: SettingKey): Promise<string> {
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    return row?.value ?? '';
  }

  isEnabled(key: SettingKey): boolean {
    return this.get(key) === 'enabled';
  }

  timeZone(): string {
    return this.get('timezone') || serverTimeZone();
  }

  /** The company's language for texts the server writes to customers; Portuguese by default. */
  language(): CompanyLanguage {
    const value = this.get('language');
    return (COMPANY_LANGUAGES as readonly string[]).includes(value) ? (value as CompanyLanguage) : 'pt';
  }

  /** The time zone and language texts for customers are written in. */
  textLocale(): { timeZone: string; language: CompanyLanguage } {
    return { timeZone: this.timeZone(), language: this.language() };
  }

  /** The list a user may read: secrets only for admins. */
  listFor(actor: AccessActor): SettingDTO[] {
    return SETTING_KEYS.filter((k) => allowed(actor, 'setting.read', { secret: SECRET_SETTING_KEYS.includes(k) }))
      .map((k) => this.cache.get(k))
      .filter((s): s is SettingDTO => !!s);
  }

  showFor(actor: AccessActor, key: string): SettingDTO {
    if (!isSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND', 404);
    authorize(actor, 'setting.read', { secret: SECRET_SETTING_KEYS.includes(key) });
    const s = this.cache.get(key);
    if (!s) throw new AppError('ERR_NO_SETTING_FOUND', 404);
    return s;
  }

  async update(actor: AccessActor, key: string, value: string): Promise<SettingDTO> {
    authorize(actor, 'setting.update');
    if (!isSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND', 404);
    const parsed = SETTING_SCHEMAS[key].safeParse(value);
    if (!parsed.success) {
      throw new AppError('ERR_VALIDATION', 400, parsed.error.issues[0]?.message ?? 'Invalid value');
    }
    // The notification goes out with the commit, never for a write that did not happen.
    const row = await this.db.transaction(async (tx) => {
      // The dashboard's days are the zone's: they are recounted with it, the figures' table locked
      // first so a cycle written meanwhile waits and then reads the new zone.
      if (key === 'timezone') await tx.execute(sql`lock table dashboard_rollups in exclusive mode`);
      const [updated] = await tx
        .update(settings)
        .set({ value: parsed.data, updatedAt: sql`clock_timestamp()` })
        .where(eq(settings.key, key))
        .returning();
      if (updated) await tx.execute(sql`select pg_notify(${CHANGED_CHANNEL}, ${key})`);
      if (updated && key === 'timezone') await rebuildDashboardRollups(tx, parsed.data);
      return updated;
    });
    if (!row) throw new AppError('ERR_NO_SETTING_FOUND', 404);
    const dto = present(row);
    this.cache.set(key, dto);
    for (const l of this.listeners) l(dto);
    return dto;
  }

  async regenerateApiToken(actor: AccessActor): Promise<SettingDTO> {
    return this.update(actor, 'userApiToken', newApiToken());
  }
}

function present(row: typeof settings.$inferSelect): SettingDTO {
  return { key: row.key as SettingKey, value: row.value, updatedAt: row.updatedAt.toISOString() };
}
