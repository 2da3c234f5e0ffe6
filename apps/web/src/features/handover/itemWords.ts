import type { HandoverItem } from '@nubes/domain';
import type { TFunction } from 'i18next';

/** An item's state in the words of its own kind; for a contact relation, its role there. */
export const itemStateText = (t: TFunction, item: HandoverItem): string => {
  if (!item.state) return '—';
  switch (item.group) {
    case 'services':
      return t(`serviceStates.${item.state}` as 'serviceStates.service_online');
    case 'changeRequests':
      return t(`changeRequests.states.${item.state}` as 'changeRequests.states.draft');
    case 'resourcePackages':
      return t(`resourcePackages.states.${item.state}` as 'resourcePackages.states.draft');
    case 'vos':
      return t(`vos.states.${item.state}` as 'vos.states.vo_available');
    case 'contacts':
      return t(`contactRelations.roles.${item.state}` as 'contactRelations.roles.owner');
  }
};
