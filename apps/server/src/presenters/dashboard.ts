import { routePath, type DashboardActivity, type VoState, type WaitingItem, type VoDue } from '@nubes/domain';
import type { ActivityRow, NamedObject } from '../queries/dashboard.js';
import { objectLink, serviceLink } from './object-link.js';
import type { WaitingEntry } from '../read-models/dashboard-overview.js';
import type { ServiceListRow } from '../read-models/service-list-snapshot.js';

export const presentWaitingEntry = (entry: WaitingEntry): WaitingItem => {
  switch (entry.kind) {
    case 'service':
      return {
        kind: 'service',
        id: entry.row.id,
        name: entry.row.name,
        state: entry.row.state,
        due: entry.due,
        link: serviceLink(entry.row.id, 'status'),
        since: entry.since.toISOString(),
      };
    case 'changeRequest':
      return {
        kind: 'changeRequest',
        id: entry.request.id,
        name: entry.request.serviceName,
        state: entry.request.state,
        due: entry.due,
        link: serviceLink(entry.request.serviceUuid, 'changeRequests'),
        since: entry.since.toISOString(),
      };
    case 'review':
      return {
        kind: 'review',
        id: entry.row.id,
        name: entry.row.name,
        state: entry.review.status,
        due: entry.due,
        // The service view shows its review banner on every tab.
        link: serviceLink(entry.row.id),
        since: entry.since.toISOString(),
      };
  }
};

/** A VO that waits for the caller: its managers edit a draft in the application, reviewers act in the VO view. */
export const presentWaitingVo = (vo: {
  id: string;
  name: string;
  state: VoState;
  due: VoDue;
  updatedAt: Date;
}): WaitingItem => ({
  kind: 'vo',
  id: vo.id,
  name: vo.name,
  state: vo.state,
  due: vo.due,
  link:
    vo.state === 'application_draft'
      ? routePath('voApplicationEdit', { id: vo.id })
      : routePath('virtualOrganisation', { id: vo.id }),
  since: vo.updatedAt.toISOString(),
});

/**
 * An audit event as the dashboard lists it: a service's event leads to its history; another
 * object's to the audit log filtered to that object for the portal manager, who reads that log,
 * and to the object's own screen for the others.
 */
export const presentActivity = (
  row: ActivityRow,
  service: ServiceListRow | null,
  readsAuditLog: boolean,
  /** Another object as it is now (loadObjectNames), when it still exists. */
  object: NamedObject | null = null,
): DashboardActivity => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actorDisplayName,
  action: row.action,
  objectType: row.objectType,
  objectName: service?.name ?? object?.name ?? null,
  link:
    row.objectType === 'service'
      ? service
        ? serviceLink(service.id, 'history')
        : null
      : readsAuditLog
        ? `${routePath('adminPanel')}?${new URLSearchParams({ tab: 'auditLog', objectType: row.objectType, objectId: row.objectId }).toString()}`
        : objectLink(row.objectType, row.objectId, object?.serviceId),
});
