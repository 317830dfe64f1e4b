/**
 * Settings: every key seeded with its default, validated per key (packages/shared), cached in
 * memory and refreshed on write. The API token is visible to admins only.
 */
import {
  SECRET_SETTING_KEYS,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  SETTING_SCHEMAS,
  isAdmin,
  isSettingKey,
  type Actor,
  type SettingDTO,
  type SettingKey,
} from '@switchboard/shared';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';

export type SettingChangeListener = (setting: SettingDTO) => void;

export function newApiToken(): string {
  return randomBytes(24).toString('base64url');
}

export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export class SettingsService {
  private cache = new Map<SettingKey, SettingDTO>();
  private listeners: SettingChangeListener[] = [];

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
    this.cache.clear();
    for (const row of rows) {
      if (isSettingKey(row.key)) this.cache.set(row.key, present(row));
    }
  }

  onChange(listener: SettingChangeListener): void {
    this.listeners.push(listener);
  }

  /** Current value (server-side use: no permission check). */
  get(key: SettingKey): string {
    return this.cache.get(key)?.value ?? '';
  }

  isEnabled(key: SettingKey): boolean {
    return this.get(key) === 'enabled';
  }

  timeZone(): string {
    return this.get('timezone') || serverTimeZone();
  }

  /** The list a user may read: secrets only for admins. */
  listFor(actor: Actor): SettingDTO[] {
    return SETTING_KEYS.filter((k) => isAdmin(actor) || !SECRET_SETTING_KEYS.includes(k))
      .map((k) => this.cache.get(k))
      .filter((s): s is SettingDTO => !!s);
  }

  showFor(actor: Actor, key: string): SettingDTO {
    if (!isSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND', 404);
    if (SECRET_SETTING_KEYS.includes(key) && !isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION', 403);
    const s = this.cache.get(key);
    if (!s) throw new AppError('ERR_NO_SETTING_FOUND', 404);
    return s;
  }

  async update(actor: Actor, key: string, value: string): Promise<SettingDTO> {
    if (!isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION', 403);
    if (!isSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND', 404);
    const parsed = SETTING_SCHEMAS[key].safeParse(value);
    if (!parsed.success) {
      throw new AppError('ERR_VALIDATION', 400, parsed.error.issues[0]?.message ?? 'Invalid value');
    }
    const [row] = await this.db
      .update(settings)
      .set({ value: parsed.data, updatedAt: sql`now()` })
      .where(eq(settings.key, key))
      .returning();
    if (!row) throw new AppError('ERR_NO_SETTING_FOUND', 404);
    const dto = present(row);
    this.cache.set(key, dto);
    for (const l of this.listeners) l(dto);
    return dto;
  }

  async regenerateApiToken(actor: Actor): Promise<SettingDTO> {
    return this.update(actor, 'userApiToken', newApiToken());
  }
}

function present(row: typeof settings.$inferSelect): SettingDTO {
  return { key: row.key as SettingKey, value: row.value, updatedAt: row.updatedAt.toISOString() };
}
