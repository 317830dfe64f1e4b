/**
 * Pure cache transformations for the list screens (contacts, tags, quick answers, sectors), shared
 * by their mutations and realtime events (spec §4 Live updates): create/update upserts with new
 * items first, delete removes, a delete-all clears; paged lists keep their `count` in step so the
 * titles stay right without a refetch.
 */
import type { InfiniteData } from '@tanstack/react-query';

interface Identified {
  id: number;
}

/** One page of a paged list endpoint: the items under `key` (e.g. `contacts`) plus paging facts. */
export type ListPage<K extends string, T> = { [P in K]: T[] } & { hasMore: boolean; count: number; countCapped?: boolean };

/** The cached pages; P keeps whatever else the endpoint's page carries (e.g. nextCursor). */
type Pages<K extends string, T, P extends ListPage<K, T> = ListPage<K, T>> = InfiniteData<P> | undefined;

function withCount<K extends string, T, P extends ListPage<K, T>>(page: P, count: number): P {
  // A capped count is a lower bound ("10,000+"): one more or one less does not change it.
  if (page.countCapped) return page;
  return { ...page, count: Math.max(0, count) };
}

/** Replace the item where it appears; an item not yet listed goes first on the first page. */
export function upsertInPages<K extends string, T extends Identified, P extends ListPage<K, T> = ListPage<K, T>>(
  data: Pages<K, T, P>,
  key: K,
  item: T,
): Pages<K, T, P> {
  if (!data) return data;
  const present = data.pages.some((p) => p[key].some((x) => x.id === item.id));
  if (present) {
    return {
      ...data,
      pages: data.pages.map((page) => ({ ...page, [key]: page[key].map((x) => (x.id === item.id ? item : x)) })),
    };
  }
  const count = (data.pages[0]?.count ?? 0) + 1;
  return {
    ...data,
    pages: data.pages.map((page, index) => withCount<K, T, P>(index === 0 ? { ...page, [key]: [item, ...page[key]] } : page, count)),
  };
}

export function removeFromPages<K extends string, T extends Identified, P extends ListPage<K, T> = ListPage<K, T>>(
  data: Pages<K, T, P>,
  key: K,
  id: number,
): Pages<K, T, P> {
  if (!data) return data;
  const present = data.pages.some((p) => p[key].some((x) => x.id === id));
  if (!present) return data;
  const count = (data.pages[0]?.count ?? 1) - 1;
  return {
    ...data,
    pages: data.pages.map((page) => withCount<K, T, P>({ ...page, [key]: page[key].filter((x) => x.id !== id) }, count)),
  };
}

/** After a delete-all: one empty page, nothing more to load. */
export function clearPages<K extends string, T, P extends ListPage<K, T> = ListPage<K, T>>(data: Pages<K, T, P>, key: K): Pages<K, T, P> {
  if (!data) return data;
  const first = data.pages[0];
  if (!first) return data;
  const cleared = {
    ...first,
    [key]: [],
    hasMore: false,
    count: 0,
    ...(first.countCapped ? { countCapped: false } : {}),
    ...('nextCursor' in first ? { nextCursor: null } : {}),
  } as P;
  return { pages: [cleared], pageParams: data.pageParams.slice(0, 1) };
}

/** The total a list title shows: the server's count as kept in step by the functions above. */
export function pagesCount<K extends string, T>(data: Pages<K, T>): number {
  return data?.pages[0]?.count ?? 0;
}

/** Whether the server stopped counting (the count is a lower bound). */
export function pagesCountCapped<K extends string, T>(data: Pages<K, T>): boolean {
  return !!data?.pages[0]?.countCapped;
}

/** Unpaged lists (sectors): replace in place, or put first. */
export function upsertInList<T extends Identified>(list: T[] | undefined, item: T): T[] | undefined {
  if (!list) return list;
  return list.some((x) => x.id === item.id) ? list.map((x) => (x.id === item.id ? item : x)) : [item, ...list];
}

export function removeFromList<T extends Identified>(list: T[] | undefined, id: number): T[] | undefined {
  return list?.filter((x) => x.id !== id);
}
