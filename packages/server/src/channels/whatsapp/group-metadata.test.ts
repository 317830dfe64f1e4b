/** The kept group metadata: one fetch per group, dropped on a change, never kept from before one. */
import type { GroupMetadata } from 'baileys';
import { describe, expect, it } from 'vitest';
import { GROUP_METADATA_MAX_AGE_MS, GroupMetadataCache } from './group-metadata.js';

const GROUP = '120363000000000001@g.us';
const metadata = (subject: string) => ({ id: GROUP, subject, participants: [] }) as unknown as GroupMetadata;

describe('group metadata cache', () => {
  it('fetches once for sends at the same time and after, again after a change or an hour', async () => {
    let now = 0;
    const cache = new GroupMetadataCache(() => now);
    let fetches = 0;
    const fetch = () => Promise.resolve(metadata(`v${++fetches}`));
    await Promise.all([cache.get(GROUP, fetch), cache.get(GROUP, fetch)]);
    expect((await cache.get(GROUP, fetch)).subject).toBe('v1');
    cache.invalidate(GROUP);
    expect((await cache.get(GROUP, fetch)).subject).toBe('v2');
    now += GROUP_METADATA_MAX_AGE_MS;
    expect((await cache.get(GROUP, fetch)).subject).toBe('v3');
    expect(fetches).toBe(3);
  });

  it('does not keep an answer fetched before a change, nor a failed fetch', async () => {
    const cache = new GroupMetadataCache();
    let answer!: (m: GroupMetadata) => void;
    const early = cache.get(GROUP, () => new Promise<GroupMetadata>((resolve) => (answer = resolve)));
    cache.invalidate(GROUP);
    answer(metadata('before the change'));
    await early;
    expect((await cache.get(GROUP, () => Promise.resolve(metadata('after')))).subject).toBe('after');

    cache.invalidate(GROUP);
    await expect(cache.get(GROUP, () => Promise.reject(new Error('rate-overlimit')))).rejects.toThrow('rate-overlimit');
    expect((await cache.get(GROUP, () => Promise.resolve(metadata('retried')))).subject).toBe('retried');
  });
});
