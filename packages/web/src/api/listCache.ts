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
export type ListPage<K extends string, T> = { [P in K]: T[] } & { hasMore: boolean; count: number };

type Pages<K extends string, T> = InfiniteData<ListPage<K, T>> | undefined;

function withCount<K extends string, T>(page: ListPage<K, T>, count: number): ListPage<K, T> {
  return { ...page, count: Math.max(0, count) };
}

/** Replace the item where it appears; an item not yet listed goes first on the first page. */
export function upsertInPages<K extends string, T extends Identified>(data: Pages<K, T>, key: K, item: T): Pages<K, T> {
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
    pages: data.pages.map((page, index) =>
      withCount(index === 0 ? { ...page, [key]: [item, ...page[key]] } : page, count),
    ),
  };
}

export function removeFromPages<K extends string, T extends Identified>(data: Pages<K, T>, key: K, id: number): Pages<K, T> {
  if (!data) return data;
  const present = data.pages.some((p) => p[key].some((x) => x.id === id));
  if (!present) return data;
  const count = (data.pages[0]?.count ?? 1) - 1;
  return {
    ...data,
    pages: data.pages.map((page) => withCount({ ...page, [key]: page[key].filter((x) => x.id !== id) }, count)),
  };
}

/** After a delete-all: one empty page, nothing more to load. */
export function clearPages<K extends string, T>(data: Pages<K, T>, key: K): Pages<K, T> {
  if (!data) return data;
  const first = data.pages[0];
  if (!first) return data;
  return { pages: [{ ...first, [key]: [], hasMore: false, count: 0 }], pageParams: data.pageParams.slice(0, 1) };
}

/** The total a list title shows: the server's count as kept in step by the functions above. */
export function pagesCount<K extends string, T>(data: Pages<K, T>): number {
  return data?.pages[0]?.count ?? 0;
}

/** Unpaged lists (sectors): replace in place, or put first. */
export function upsertInList<T extends Identified>(list: T[] | undefined, item: T): T[] | undefined {
  if (!list) return list;
  return list.some((x) => x.id === item.id) ? list.map((x) => (x.id === item.id ? item : x)) : [item, ...list];
}

export function removeFromList<T extends Identified>(list: T[] | undefined, id: number): T[] | undefined {
  return list?.filter((x) => x.id !== id);
}
