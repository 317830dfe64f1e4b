import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { mergePagesById } from '../api/cacheUpdates';
import { pagesCount, pagesCountCapped, type ListPage } from '../api/listCache';
import { useInfiniteScroll } from './useInfiniteScroll';

/**
 * What a paged list screen renders from its infinite query: the items of every loaded page merged
 * by id, the total count (and whether it is a lower bound), the scroll handler that loads the next page, and whether a page is loading.
 */
export function usePagedList<K extends string, T extends { id: number }>(
  query: UseInfiniteQueryResult<InfiniteData<ListPage<K, T>>>,
  key: K,
) {
  const { data, hasNextPage, isFetching, isLoading, isFetchingNextPage, fetchNextPage } = query;
  const items = useMemo(() => mergePagesById((data?.pages ?? []).map((p) => p[key])), [data, key]);
  const onScroll = useInfiniteScroll({
    hasMore: !!hasNextPage,
    loading: isFetching,
    loadMore: () => void fetchNextPage(),
  });
  return { items, count: pagesCount(data), countCapped: pagesCountCapped(data), onScroll, loading: isLoading || isFetchingNextPage };
}
