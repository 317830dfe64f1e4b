/**
 * Caches kept live by realtime events (spec §4 Live updates) and the reads that race with them.
 * An event is applied to the cached data at once. A cache being read at that moment may get an
 * answer the server read before the event's change — and an event applied to a list still loading
 * changes nothing — so that cache is read again once its read ends. However many events arrive
 * during one read, one more read follows it: a burst costs one extra read, never a lost ticket.
 */
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/** Per query client: the queries to read again when their current read ends (by query hash). */
const waiting = new WeakMap<QueryClient, Set<string>>();

function waitingOf(queryClient: QueryClient): Set<string> {
  const known = waiting.get(queryClient);
  if (known) return known;
  const hashes = new Set<string>();
  waiting.set(queryClient, hashes);
  queryClient.getQueryCache().subscribe((event) => {
    const { query } = event;
    if (!hashes.has(query.queryHash)) return;
    if (event.type === 'removed') return void hashes.delete(query.queryHash);
    if (event.type !== 'updated' || query.state.fetchStatus === 'fetching') return;
    hashes.delete(query.queryHash);
    // Shown queries are read now; others are marked stale and read when shown again.
    void queryClient.invalidateQueries({ queryKey: query.queryKey as QueryKey, exact: true });
  });
  return hashes;
}

/** Reads the query again after the read under way (which may predate a change just announced). */
export function readAgainAfterCurrentRead(queryClient: QueryClient, query: Query): void {
  if (query.state.fetchStatus !== 'fetching') return;
  waitingOf(queryClient).add(query.queryHash);
}

/**
 * Applies an event to every cached query under `queryKey`; each one being read right now is read
 * again when that read ends.
 */
export function updateLiveQueries<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: T | undefined, key: QueryKey) => T | undefined,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey })) {
    queryClient.setQueryData<T>(query.queryKey, (data) => update(data, query.queryKey));
    readAgainAfterCurrentRead(queryClient, query);
  }
}

/**
 * After the socket (re)connected: events sent before it listened were not heard, so whatever was
 * read before is read again — a read under way once it ends (cancelling it would restart it with
 * nothing to show), the rest now (shown queries) or when shown again.
 */
export function readAllAgain(queryClient: QueryClient): void {
  const cache = queryClient.getQueryCache();
  for (const query of cache.findAll({ fetchStatus: 'fetching' })) readAgainAfterCurrentRead(queryClient, query);
  void queryClient.invalidateQueries({ predicate: (query) => query.state.fetchStatus !== 'fetching' });
}
