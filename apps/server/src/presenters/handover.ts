import { routePath, type HandoverItem } from '@nubes/domain';
import type { HeldItem } from '../queries/handover.js';
import { objectLink, serviceLink } from './object-link.js';

/** The screen of a held item: its service (at the change requests), package, VO or contact. */
const linkOf = (held: HeldItem): string | null => {
  switch (held.kind) {
    case 'changeRequest':
      return held.serviceUuid ? serviceLink(held.serviceUuid, 'changeRequests') : null;
    case 'resourcePackage':
      return objectLink('resourcePackage', held.id, held.serviceUuid ?? undefined);
    case 'voApplicant':
    case 'voDeputy':
      return routePath('virtualOrganisation', { id: held.id });
    case 'contactRelation':
      return held.contactId ? objectLink('contact', held.contactId) : null;
    default:
      return held.serviceUuid ? serviceLink(held.serviceUuid) : null;
  }
};

export const presentHandoverItem = (held: HeldItem): HandoverItem => ({
  key: held.key,
  kind: held.kind,
  group: held.group,
  name: held.name,
  serviceId: held.serviceId,
  state: held.state,
  link: linkOf(held),
});
