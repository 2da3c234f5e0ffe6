import { auditLogQuerySchema } from '@nubes/domain';
import { defineListView, firstPage, oneOf, type PagedView } from '../../../components/list-screen/listView';

/**
 * The audit log's filters and page live in the admin panel's query string beside its tab
 * (?tab=auditLog&actor=&action=&objectType=&objectId=&from=&to=&page=&pageSize=), each checked with
 * the server's own schema; what it would refuse falls back to the default, so old links still open.
 */
export interface AuditLogView extends PagedView {
  actor: string | null;
  action: string | null;
  objectType: string | null;
  objectId: string;
  /** `YYYY-MM-DD`, both days included. */
  from: string | null;
  to: string | null;
  sort: 'at';
  /** The admin panel's tab, which the log's address keeps and the API never sees. */
  tab: 'auditLog' | null;
}

// Each field is checked alone; the server says when `to` lies before `from`.
const shape = auditLogQuerySchema.shape;

export const auditLogView = defineListView<AuditLogView>({
  path: '/api/audit-events',
  params: {
    actor: shape.actor,
    action: shape.action,
    objectType: shape.objectType,
    objectId: shape.objectId,
    from: shape.from,
    to: shape.to,
    tab: oneOf(['auditLog'] as const),
  },
  sort: oneOf(['at']),
  local: ['tab'],
  defaults: {
    actor: null,
    action: null,
    objectType: null,
    objectId: '',
    from: null,
    to: null,
    tab: null,
    ...firstPage('at', 'desc'),
  },
});
