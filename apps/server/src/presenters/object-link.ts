import { routePath } from '@nubes/domain';
import type { NamedObject } from '../queries/dashboard.js';

/** A service's screen, at a tab when one is named. */
export const serviceLink = (id: string, tab?: string) => `${routePath('service', { id })}${tab ? `?tab=${tab}` : ''}`;

/**
 * The screen of an object an audit event is about: a service's history, a contact, an institution,
 * a VO, a user account, and under its service (`serviceId`, loadObjectNames) a resource package
 * or a service's change requests. Other kinds, and those without their service, have none: null.
 */
export const objectLink = (objectType: string, objectId: string, serviceId?: string): string | null => {
  switch (objectType) {
    case 'service':
      return serviceLink(objectId, 'history');
    case 'contact':
      return `${routePath('contactDatabase')}?${new URLSearchParams({ contact: objectId }).toString()}`;
    case 'institution':
      return routePath('institutions');
    case 'vo':
      return routePath('virtualOrganisation', { id: objectId });
    case 'user':
      return `${routePath('userAccounts')}?${new URLSearchParams({ user: objectId }).toString()}`;
    case 'resourcePackage':
      return serviceId ? routePath('policy', { serviceID: serviceId, policyUID: objectId }) : null;
    case 'changeRequest':
      return serviceId ? serviceLink(serviceId, 'changeRequests') : null;
    default:
      return null;
  }
};

/** An event's object as the audit lists show it: its name now, and its screen; one that is gone has neither. */
export const presentEventObject = (
  row: { objectType: string; objectId: string },
  object: NamedObject | undefined,
): { objectName: string | null; objectLink: string | null } => ({
  objectName: object?.name ?? null,
  objectLink: object ? objectLink(row.objectType, row.objectId, object.serviceId) : null,
});
