import { routePath, SERVICE_STATES, type Dashboard, type DashboardActivity, type WaitingItem } from '@nubes/domain';
import type {
  ContactDatabaseGlance,
  DashboardActivityRow,
  NamedObject,
  ServiceCountRow,
} from '../queries/dashboard.js';
import type { WaitingEntry } from '../queries/dashboard-waiting.js';
import { objectLink, serviceLink } from './object-link.js';

/** What waits for the caller, linked where they act: a service's status or change request tab, its review banner, a VO. */
export const presentWaitingEntry = (entry: WaitingEntry): WaitingItem => {
  const since = entry.since.toISOString();
  switch (entry.kind) {
    case 'service':
      return { ...entry, link: serviceLink(entry.id, 'status'), since };
    case 'changeRequest':
      return {
        kind: 'changeRequest',
        id: entry.id,
        name: entry.name,
        state: entry.state,
        due: entry.due,
        link: serviceLink(entry.serviceId, 'changeRequests'),
        since,
      };
    case 'review':
      // The service view shows its review banner on every tab.
      return { ...entry, link: serviceLink(entry.id), since };
    case 'vo':
      // Its managers edit a draft in the application, reviewers act in the VO view.
      return {
        ...entry,
        link:
          entry.state === 'application_draft'
            ? routePath('voApplicationEdit', { id: entry.id })
            : routePath('virtualOrganisation', { id: entry.id }),
        since,
      };
    case 'resourcePackage':
      // The package's own page under its service, where the reviewer decides and the provider edits.
      return {
        kind: 'resourcePackage',
        id: entry.id,
        name: entry.name,
        serviceName: entry.serviceName,
        state: entry.state,
        due: entry.due,
        comment: entry.comment,
        link: routePath('policy', { serviceID: entry.serviceId, policyUID: entry.id }),
        since,
      };
  }
};

/** The contact database at a glance, dates as the API writes them. */
export const presentContactDatabase = (glance: ContactDatabaseGlance): Dashboard['contactDatabase'] =>
  glance && {
    contacts: glance.contacts,
    institutions: glance.institutions,
    recentContacts: glance.recent.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
  };

/**
 * An audit event as the dashboard lists it: a service's event leads to its history; another
 * object's to the audit log filtered to that object for the portal manager, who reads that log,
 * and to the object's own screen for the others.
 */
export const presentActivity = (
  row: DashboardActivityRow,
  readsAuditLog: boolean,
  /** Another object as it is now (loadObjectNames), when it still exists. */
  object: NamedObject | null = null,
): DashboardActivity => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actorDisplayName,
  action: row.action,
  objectType: row.objectType,
  objectName: row.serviceName ?? object?.name ?? null,
  link:
    row.objectType === 'service'
      ? row.serviceName !== null
        ? serviceLink(row.objectId, 'history')
        : null
      : readsAuditLog
        ? `${routePath('adminPanel')}?${new URLSearchParams({ tab: 'auditLog', objectType: row.objectType, objectId: row.objectId }).toString()}`
        : objectLink(row.objectType, row.objectId, object?.serviceId),
});

/**
 * The counts per state (the workflow's order, states without a service left out) and per providing
 * centre (most services first, then by abbreviation, services without a provider last), folded
 * from the counts per state and centre.
 */
export const presentCounts = (rows: readonly ServiceCountRow[]): Pick<Dashboard, 'stateCounts' | 'centreCounts'> => {
  const byState = new Map<string, number>();
  const centres = new Map<string | null, Dashboard['centreCounts'][number]>();
  for (const row of rows) {
    byState.set(row.state, (byState.get(row.state) ?? 0) + row.count);
    const centre = centres.get(row.institutionId);
    if (centre) centre.count += row.count;
    else
      centres.set(row.institutionId, {
        institutionId: row.institutionId,
        abbreviation: row.abbreviation,
        name: row.name,
        count: row.count,
      });
  }
  return {
    stateCounts: SERVICE_STATES.flatMap((state) => {
      const count = byState.get(state);
      return count ? [{ state, count }] : [];
    }),
    centreCounts: [...centres.values()].sort(
      (a, b) => b.count - a.count || (a.abbreviation ?? '\uffff').localeCompare(b.abbreviation ?? '\uffff'),
    ),
  };
};
