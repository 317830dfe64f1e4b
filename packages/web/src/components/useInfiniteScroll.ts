import { INFINITE_SCROLL_THRESHOLD_PX } from '@switchboard/shared';
import { useCallback, type UIEvent } from 'react';

/**
 * onScroll handler for a paged list (spec §9): asks for the next page when the bottom is within
 * INFINITE_SCROLL_THRESHOLD_PX, only if there is more and nothing is loading.
 */
export function useInfiniteScroll({ hasMore, loading, loadMore }: { hasMore: boolean; loading: boolean; loadMore: () => void }) {
  return useCallback(
    (event: UIEvent<HTMLElement>) => {
      if (!hasMore || loading) return;
      const el = event.currentTarget;
      if (el.scrollHeight - el.scrollTop - el.clientHeight < INFINITE_SCROLL_THRESHOLD_PX) loadMore();
    },
    [hasMore, loading, loadMore],
  );
}
