import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';

/** One answer of a paged stream (comments, a history, the outbox): its rows and the next page's cursor. */
export interface StreamPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** What a "Load more" button needs: whether there is more, whether it is on its way, and how to ask. */
export interface StreamMore {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

/**
 * A paged stream through TanStack Query's infinite query (docs/adr/0074-paged-streams.md): the
 * first page at once, each further one when asked, all loaded rows as one list. An invalidation
 * reads the pages again from the newest, so a new comment or event shows at the top.
 */
export const useStreamQuery = <Page extends StreamPage<unknown>>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<Page>,
) => {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const items = useMemo(
    (): Page['items'] | undefined => data?.pages.flatMap((page) => page.items as Page['items']),
    [data],
  );
  const more = useMemo(
    (): StreamMore => ({
      hasMore: hasNextPage,
      loading: isFetchingNextPage,
      onLoadMore: () => void fetchNextPage(),
    }),
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  return { query, items, firstPage: data?.pages[0], more };
};
