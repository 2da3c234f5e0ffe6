import { setImmediate as nextTurn } from 'node:timers/promises';
import { CONTACT_SORTS, SERVICE_SORTS } from '@nubes/domain';
import { prepareContactIndex, type ContactList, type ContactListPart } from './contact-list.js';
import type { ServiceListIndex } from './service-list-index.js';
import type { ListPart } from './service-list-snapshot.js';

const ORDERS = ['asc', 'desc'] as const;

/**
 * The services' parts in the order people need them: the lists' default order, the dashboard's
 * and the integration list's, the search, then every other order.
 */
const SERVICE_LIST_PARTS: readonly ListPart[] = [
  { sort: 'updatedAt', order: 'desc' },
  { sort: 'updatedAt', order: 'asc' },
  { sort: 'weighted', order: 'desc' },
  'search',
  ...SERVICE_SORTS.flatMap((sort) => ORDERS.map((order) => ({ sort, order }))).filter(
    ({ sort }) => sort !== 'updatedAt',
  ),
];

/** The contacts' parts: the default order (by last name), the search, then every other order. */
const CONTACT_LIST_PARTS: readonly ContactListPart[] = [
  { sort: 'lastname', order: 'asc' },
  'search',
  ...CONTACT_SORTS.flatMap((sort) => ORDERS.map((order) => ({ sort, order }))).filter(
    ({ sort, order }) => sort !== 'lastname' || order !== 'asc',
  ),
];

/**
 * Works out, after the start, what the lists' first query of each order and of the search would
 * (docs/adr/0010-portfolio-lists-search-and-caches.md): one part per turn of the event loop, each
 * on the rows as they are then, so a request that comes meanwhile waits for one part at most, and
 * a change meanwhile carries the parts done so far over as it does for any query.
 */
export const prepareListsAhead = async ({
  serviceIndex,
  contactList,
}: {
  serviceIndex: ServiceListIndex;
  contactList: ContactList;
}): Promise<void> => {
  for (const part of SERVICE_LIST_PARTS) {
    await nextTurn();
    (await serviceIndex.snapshot()).prepare(part);
  }
  for (const part of CONTACT_LIST_PARTS) {
    await nextTurn();
    prepareContactIndex(await contactList.rows(), part);
  }
};
