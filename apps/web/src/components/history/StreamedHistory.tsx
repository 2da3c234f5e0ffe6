import type { HistoryPage } from '@nubes/domain';
import type { QueryKey } from '@tanstack/react-query';
import { useStreamQuery } from '../../hooks/useStreamQuery';
import { HistoryTable, type HistoryLabels } from './HistoryTable';

export interface StreamedHistoryProps {
  /** The table's id (`service-history`). */
  id: string;
  queryKey: QueryKey;
  /** A page of the object's history, newest first (the next page after `cursor`). */
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<HistoryPage>;
  labels: HistoryLabels;
  caption: string;
  emptyTitle: string;
}

/** An object's audit events, newest first, a page at a time: when, who, what, old → new. */
export const StreamedHistory = ({ queryKey, fetchPage, ...table }: StreamedHistoryProps) => {
  const history = useStreamQuery(queryKey, fetchPage);
  return <HistoryTable {...table} rows={history.items} failed={history.query.isError} more={history.more} />;
};
