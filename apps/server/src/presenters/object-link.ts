import { routePath } from '@nubes/domain';

/** A service's screen, at a tab when one is named. */
export const serviceLink = (id: string, tab?: string) => `${routePath('service', { id })}${tab ? `?tab=${tab}` : ''}`;

/**
 * The screen of an object an audit event is about, from its kind and id alone: a service's history,
 * a contact, an institution, a VO, a user account. Other kinds (a package, a change request) have
 * their screens under their service, which the event does not name: null.
 */
export const objectLink = (objectType: string, objectId: string): string | null => {
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
    default:
      return null;
  }
};
