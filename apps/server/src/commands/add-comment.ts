import { canComment } from '@nubes/domain';
import type { AuthUser } from '../auth/principal.js';
import { serviceComments } from '../db/schema.js';
import { mailActorOf, serviceMails } from '../mail/service-mails.js';
import type { Writes } from '../writes/pipeline.js';
import { allowedIf, changeService } from '../writes/service-writes.js';

/** Adds a comment to a service with its audit event and mails to those who work on it; 404 when the service is not visible, 403 without the right. */
export const addComment = async (writes: Writes, principal: AuthUser, serviceId: string, text: string) => {
  const { value } = await changeService(writes, {
    id: serviceId,
    principal,
    authorize: allowedIf(canComment),
    change: async (tx, service) => {
      const [row] = await tx
        .insert(serviceComments)
        .values({
          serviceId: service.row.id,
          authorId: principal.id,
          authorName: principal.fullname || principal.username,
          text,
        })
        .returning();
      // A comment is not a new version of the service: nobody's edit goes stale because of it.
      return {
        events: [{ action: 'service.comment.added', after: { comment: text } }],
        mails: await serviceMails(tx, 'commentAdded', {
          serviceId: service.row.id,
          actor: mailActorOf(principal),
          comment: text,
        }),
        value: row!,
      };
    },
  });
  return value;
};
