import { keepPreviousData, useQuery, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { apiRequest } from '../../api/client';
import { useSearchParams } from '../../routing';
import type { ListViewCodec, PagedView, SetView } from './listView';

/** One page of a list as the server answers it. */
export interface ListPage<Row> {
  items: readonly Row[];
  total: number;
  /** False when `total` is a lower bound (a broad search counted only so far). */
  totalExact?: boolean;
  /** With totalExact false: `total` is the database's estimate (a broad search), said as "about". */
  totalEstimated?: boolean;
}

/** A list's view, read from and written to the page's query string. */
export interface UrlView<V extends PagedView> {
  view: V;
  setView: SetView<V>;
  codec: ListViewCodec<V>;
}

/** What ListScreen shows: the view in the URL, the API's path of its page, and the answer. */
export interface ListScreenState<V extends PagedView, Page> extends UrlView<V> {
  path: string | null;
  list: UseQueryResult<Page>;
}

/** The view lives in the query string: reload, links and the back button keep it. */
export const useUrlView = <V extends PagedView>(codec: ListViewCodec<V>): UrlView<V> => {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => codec.parse(params), [codec, params]);
  const setView = useCallback<SetView<V>>(
    (next, options) => setParams(codec.serialize(next), { replace: options?.replace ?? false }),
    [codec, setParams],
  );
  return { view, setView, codec };
};

/**
 * One page of the view from the server. While the next page loads the previous one stays
 * (placeholderData), so the table does not flash; the browser never holds more than one page.
 */
export const useListQuery = <V extends PagedView, Page>(
  url: UrlView<V>,
  queryKey: (path: string) => QueryKey,
  fetchPage: (path: string, signal: AbortSignal) => Promise<Page> = (path, signal) =>
    apiRequest<Page>(path, { signal }),
): ListScreenState<V, Page> => {
  const path = url.codec.apiPath(url.view);
  const list = useQuery({
    queryKey: queryKey(path ?? ''),
    queryFn: ({ signal }) => fetchPage(path!, signal),
    enabled: path !== null,
    placeholderData: keepPreviousData,
  });
  return { ...url, path, list };
};

/** A list screen's state: its view in the URL and its page from the server. */
export const useListScreen = <V extends PagedView, Page>(
  codec: ListViewCodec<V>,
  queryKey: (path: string) => QueryKey,
): ListScreenState<V, Page> => useListQuery<V, Page>(useUrlView(codec), queryKey);
