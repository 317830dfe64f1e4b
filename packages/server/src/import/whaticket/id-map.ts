/**
 * What was already taken from a source: (source, entity, source id) → our id, in the import_map
 * table, written in the same transaction as the row it maps. A second run, or a run after an
 * interruption, skips what is there — nothing is imported twice.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { importMap } from '../../db/schema.js';

export type Entity = 'setting' | 'queue' | 'whatsapp' | 'user' | 'contact' | 'contactField' | 'tag' | 'quickAnswer' | 'ticket' | 'message';

export class IdMap {
  private readonly cache = new Map<Entity, Map<string, string>>();

  constructor(private readonly source: string) {}

  /** Loads every mapping of an entity (entities other than messages are small enough). */
  async load(db: DbOrTx, entity: Entity): Promise<Map<string, string>> {
    const rows = await db
      .select({ sourceId: importMap.sourceId, targetId: importMap.targetId })
      .from(importMap)
      .where(and(eq(importMap.source, this.source), eq(importMap.entity, entity)));
    const map = new Map(rows.map((r) => [r.sourceId, r.targetId]));
    this.cache.set(entity, map);
    return map;
  }

  isLoaded(entity: Entity): boolean {
    return this.cache.has(entity);
  }

  /** Our id for a source id of a loaded entity. */
  get(entity: Entity, sourceId: unknown): string | undefined {
    if (typeof sourceId !== 'string' && typeof sourceId !== 'number') return undefined;
    return this.cache.get(entity)?.get(String(sourceId));
  }

  /** The mappings of some source ids (for messages, looked up a page at a time). */
  async lookup(db: DbOrTx, entity: Entity, sourceIds: string[]): Promise<Map<string, string>> {
    if (sourceIds.length === 0) return new Map();
    const rows = await db
      .select({ sourceId: importMap.sourceId, targetId: importMap.targetId })
      .from(importMap)
      .where(and(eq(importMap.source, this.source), eq(importMap.entity, entity), inArray(importMap.sourceId, sourceIds)));
    return new Map(rows.map((r) => [r.sourceId, r.targetId]));
  }

  /** Remembers a mapping without writing it (a dry run's plan). */
  remember(entity: Entity, sourceId: unknown, targetId: string | number): void {
    const cached = this.cache.get(entity);
    if (cached) cached.set(String(sourceId), String(targetId));
  }

  async put(db: DbOrTx, entity: Entity, sourceId: unknown, targetId: string | number): Promise<void> {
    await db
      .insert(importMap)
      .values({ source: this.source, entity, sourceId: String(sourceId), targetId: String(targetId) })
      .onConflictDoUpdate({ target: [importMap.source, importMap.entity, importMap.sourceId], set: { targetId: sql`excluded.target_id` } });
    const cached = this.cache.get(entity);
    if (cached) cached.set(String(sourceId), String(targetId));
  }
}
