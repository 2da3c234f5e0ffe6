import { mailManagerRoles, routePath, type RouteId } from '@nubes/domain';
import type { Tx } from '../db/client.js';
import type { OutboxMessage } from '../model/outbox-message.js';
import { mailsTo, reachableUsers } from './service-mails.js';

export interface AccessRequestEvent {
  /** Who asks: named in the mail with login and address, so the management knows whom to answer. */
  requester: { id: string; username: string; fullname: string; email: string };
  screen: RouteId | undefined;
  note: string;
}

/**
 * The mails of a request for access (docs/adr/0082-home-queues-and-asking-for-access.md): to every
 * holder of the roles MAIL_RECIPIENTS names (the portal management) with an address who takes such
 * mails, less the requester; each links the requester's user account, where the role is given.
 */
export const accessRequestMails = async (tx: Tx, event: AccessRequestEvent): Promise<OutboxMessage[]> => {
  const people = await reachableUsers(tx, 'accessRequested', [], mailManagerRoles('accessRequested'));
  const { requester } = event;
  const who = `${requester.fullname || requester.username} (${[requester.username, requester.email.trim()].filter(Boolean).join(', ')})`;
  return mailsTo(people, 'accessRequested', requester.id, {
    serviceId: null,
    path: `${routePath('userAccounts')}?${new URLSearchParams({ user: requester.id }).toString()}`,
    content: {
      serviceName: '',
      serviceNumber: '',
      actorName: who,
      ...(event.screen ? { screen: event.screen } : {}),
      ...(event.note ? { comment: event.note } : {}),
    },
  });
};
