import { auditLogQuerySchema, DEFAULT_PAGE_SIZE, type AuditLogQuery } from '@nubes/domain';
import type { z } from 'zod';

/**
 * The audit log's filters and page live in the admin panel's query string beside the tab
 * (?tab=auditLog&actor=&action=&objectType=&objectId=&from=&to=&page=&pageSize=), each checked with
 * the server's own schema; what it would refuse falls back to the default, so old links still open.
 */
export interface AuditLogView {
  actor: string | null;
  action: string | null;
  objectType: string | null;
  objectId: string;
  /** `YYYY-MM-DD`, both days included. */
  from: string | null;
  to: string | null;
  page: number;
  pageSize: number;
}

export const AUDIT_LOG_PAGE_SIZES: readonly number[] = [25, 50, 100];

type Filters = Pick<AuditLogView, 'actor' | 'action' | 'objectType' | 'objectId' | 'from' | 'to'>;
export const NO_AUDIT_FILTERS: Filters = {
  actor: null,
  action: null,
  objectType: null,
  objectId: '',
  from: null,
  to: null,
};

// Each field is checked alone; the server says when `to` lies before `from`.
const shape = auditLogQuerySchema.shape;
type Shape = typeof shape;
const field = <K extends keyof Shape>(key: K, value: string | null): NonNullable<z.output<Shape[K]>> | null => {
  if (value === null) return null;
  const parsed = (shape[key] as unknown as z.ZodType<z.output<Shape[K]>>).safeParse(value);
  return parsed.success && parsed.data !== undefined && parsed.data !== null ? parsed.data : null;
};

export const parseAuditLogView = (params: URLSearchParams): AuditLogView => {
  const pageSize = field('pageSize', params.get('pageSize'));
  return {
    actor: field('actor', params.get('actor')),
    action: field('action', params.get('action')),
    objectType: field('objectType', params.get('objectType')),
    objectId: field('objectId', params.get('objectId')) ?? '',
    from: field('from', params.get('from')),
    to: field('to', params.get('to')),
    page: field('page', params.get('page')) ?? 1,
    pageSize: pageSize && AUDIT_LOG_PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
};

/** The filters and page as query parameters: only what differs from the defaults. */
export const serializeAuditLogView = (view: AuditLogView): Record<string, string> => {
  const params: Record<string, string> = {};
  if (view.actor) params.actor = view.actor;
  if (view.action) params.action = view.action;
  if (view.objectType) params.objectType = view.objectType;
  if (view.objectId) params.objectId = view.objectId;
  if (view.from) params.from = view.from;
  if (view.to) params.to = view.to;
  if (view.page > 1) params.page = String(view.page);
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.pageSize = String(view.pageSize);
  return params;
};

export const auditLogQuery = (view: AuditLogView): Partial<AuditLogQuery> => ({
  actor: view.actor ?? undefined,
  action: view.action ?? undefined,
  objectType: view.objectType ?? undefined,
  objectId: view.objectId || undefined,
  from: view.from ?? undefined,
  to: view.to ?? undefined,
  page: view.page,
  pageSize: view.pageSize,
});

export const isFiltered = (view: AuditLogView): boolean =>
  Boolean(view.actor || view.action || view.objectType || view.objectId || view.from || view.to);

/** A changed filter starts on page 1. */
export const changeAuditLogView = (view: AuditLogView, change: Partial<Filters>): AuditLogView => ({
  ...view,
  ...change,
  page: 1,
});
