import type { RouteId } from '@nubes/domain';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import { accessRequestMails } from '../mail/access-mails.js';
import { runWrite, type Writes } from '../writes/pipeline.js';

/**
 * A person asks the portal management for access (docs/adr/0082-home-queues-and-asking-for-access.md):
 * the mails to the management and the audit event in one transaction; nothing else changes, so
 * there is no version to check. Answers how many it reached.
 */
export const requestAccess = (
  writes: Writes,
  principal: AuthUser,
  request: { screen?: RouteId | undefined; note: string },
): Promise<{ recipients: number }> =>
  runWrite(writes, actorOf(principal), async (tx) => {
    const mails = await accessRequestMails(tx, { requester: principal, screen: request.screen, note: request.note });
    return {
      value: { recipients: mails.length },
      events: [
        {
          objectType: 'user',
          objectId: principal.id,
          action: 'user.access.requested',
          before: null,
          after: { screen: request.screen ?? null, note: request.note, recipients: mails.length },
        },
      ],
      mails,
    };
  });
