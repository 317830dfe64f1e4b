import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { clearPages, pagesCount, removeFromList, removeFromPages, upsertInList, upsertInPages, type ListPage } from './listCache';

interface Item {
  id: number;
  label: string;
}
type Page = ListPage<'items', Item>;

function pagesOf(...ids: number[][]): InfiniteData<Page> {
  const count = ids.flat().length;
  return {
    pageParams: ids.map((_, i) => i + 1),
    pages: ids.map((page, i) => ({ items: page.map((id) => ({ id, label: `L${id}` })), hasMore: i < ids.length - 1, count })),
  };
}
const idsOf = (data: InfiniteData<Page> | undefined) => data!.pages.map((p) => p.items.map((x) => x.id));

describe('paged list cache updates (spec §4 Live updates)', () => {
  it('puts a new item first on the first page and counts it', () => {
    const next = upsertInPages(pagesOf([1, 2], [3]), 'items', { id: 9, label: 'new' });
    expect(idsOf(next)).toEqual([[9, 1, 2], [3]]);
    expect(pagesCount(next)).toBe(4);
    expect(next!.pages[1].count).toBe(4);
  });

  it('replaces a known item where it is, without changing the count', () => {
    const next = upsertInPages(pagesOf([1, 2], [3]), 'items', { id: 3, label: 'renamed' });
    expect(idsOf(next)).toEqual([[1, 2], [3]]);
    expect(next!.pages[1].items[0].label).toBe('renamed');
    expect(pagesCount(next)).toBe(3);
  });

  it('removes a deleted item and counts it out; an unknown id changes nothing', () => {
    const data = pagesOf([1, 2], [3]);
    const next = removeFromPages(data, 'items', 2);
    expect(idsOf(next)).toEqual([[1], [3]]);
    expect(pagesCount(next)).toBe(2);
    expect(removeFromPages(data, 'items', 42)).toBe(data);
  });

  it('clears everything after a delete-all', () => {
    const next = clearPages(pagesOf([1, 2], [3]), 'items');
    expect(idsOf(next)).toEqual([[]]);
    expect(next!.pages[0]).toMatchObject({ hasMore: false, count: 0 });
    expect(next!.pageParams).toEqual([1]);
  });

  it('leaves a list that was never loaded alone', () => {
    expect(upsertInPages<'items', Item>(undefined, 'items', { id: 1, label: 'x' })).toBeUndefined();
    expect(removeFromPages<'items', Item>(undefined, 'items', 1)).toBeUndefined();
    expect(clearPages<'items', Item>(undefined, 'items')).toBeUndefined();
  });
});

describe('unpaged list cache updates', () => {
  const list: Item[] = [
    { id: 1, label: 'a' },
    { id: 2, label: 'b' },
  ];
  it('upserts: new first, known replaced in place', () => {
    expect(upsertInList(list, { id: 3, label: 'c' })!.map((x) => x.id)).toEqual([3, 1, 2]);
    expect(upsertInList(list, { id: 2, label: 'B' })).toEqual([list[0], { id: 2, label: 'B' }]);
  });
  it('removes by id', () => {
    expect(removeFromList(list, 1)).toEqual([list[1]]);
  });
});
