import type { HistoryPage } from '@nubes/domain';
import type { QueryKey } from '@tanstack/react-query';
import { useStreamQuery } from '../../hooks/useStreamQuery';
import { HistoryTable } from './HistoryTable';
import { useAuditHistoryLabels } from './auditEventLabels';

export interface AuditHistoryProps {
  /** The audit log's object type, which names the table too (`contact-history`). */
  objectType: 'contact' | 'institution';
  queryKey: QueryKey;
  /** A page of the object's history, newest first (the next page after `cursor`). */
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<HistoryPage>;
  caption: string;
  emptyTitle: string;
}

/**
 * The audit events of an object without words of its own (a contact, an institution), newest
 * first, a page at a time: when, who, what, old → new, read as the audit log reads them.
 */
export const AuditHistory = ({ objectType, queryKey, fetchPage, caption, emptyTitle }: AuditHistoryProps) => {
  const history = useStreamQuery(queryKey, fetchPage);
  const labels = useAuditHistoryLabels(objectType);
  return (
    <HistoryTable
      id={`${objectType}-history`}
      caption={caption}
      rows={history.items}
      failed={history.query.isError}
      more={history.more}
      labels={labels}
      emptyTitle={emptyTitle}
    />
  );
};
