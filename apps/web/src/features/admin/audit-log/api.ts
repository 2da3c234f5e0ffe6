import type { AuditLog, AuditLogQuery } from '@nubes/domain';
import { apiRequest } from '../../../api/client';

export const auditLogKeys = {
  list: (query: string) => ['audit-log', query] as const,
};

export const auditLogQueryString = (query: Partial<AuditLogQuery>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const fetchAuditLog = (query: Partial<AuditLogQuery>, signal?: AbortSignal) =>
  apiRequest<AuditLog>(`/api/audit-events${auditLogQueryString(query)}`, { signal });
