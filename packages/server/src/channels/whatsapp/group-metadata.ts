/**
 * The groups' metadata (participants, addressing mode) a connection sends with. baileys asks
 * WhatsApp for it before every group send unless the socket is given `cachedGroupMetadata`
 * (node_modules/baileys/lib/Socket/messages-send.js:500-507), and WhatsApp answers clients that
 * ask too often with `rate-overlimit` (Baileys #1061, #1261). So each group's metadata is fetched
 * once and kept until WhatsApp says the group changed (`groups.update`, a participant added,
 * removed, promoted… `group-participants.update`), or until it is an hour old, in case a change
 * was missed; several sends waiting for the same group make one query.
 */
import type { GroupMetadata } from 'baileys';

export const GROUP_METADATA_MAX_AGE_MS = 3_600_000;

export class GroupMetadataCache {
  private readonly entries = new Map<string, { metadata: GroupMetadata; fetchedAt: number }>();
  private readonly inFlight = new Map<string, Promise<GroupMetadata>>();
  /** Bumped by each invalidation, so a fetch that started before it is not kept. */
  private readonly generation = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The group's metadata: kept, or fetched once (a failed fetch is not kept and rejects). */
  async get(jid: string, fetch: (jid: string) => Promise<GroupMetadata>): Promise<GroupMetadata> {
    const kept = this.entries.get(jid);
    if (kept && this.now() - kept.fetchedAt < GROUP_METADATA_MAX_AGE_MS) return kept.metadata;
    const pending = this.inFlight.get(jid);
    if (pending) return pending;
    const generation = this.generation.get(jid) ?? 0;
    const fetching = fetch(jid).then((metadata) => {
      if ((this.generation.get(jid) ?? 0) === generation) this.entries.set(jid, { metadata, fetchedAt: this.now() });
      return metadata;
    });
    this.inFlight.set(jid, fetching);
    try {
      return await fetching;
    } finally {
      // An invalidation may have let a newer fetch start meanwhile: that one stays.
      if (this.inFlight.get(jid) === fetching) this.inFlight.delete(jid);
    }
  }

  /** Metadata WhatsApp sent whole (a group created or joined): kept as it is. */
  put(metadata: GroupMetadata): void {
    this.entries.set(metadata.id, { metadata, fetchedAt: this.now() });
  }

  /** The group changed: the next send asks WhatsApp again. */
  invalidate(jid: string): void {
    this.entries.delete(jid);
    this.inFlight.delete(jid);
    this.generation.set(jid, (this.generation.get(jid) ?? 0) + 1);
  }
}
