import { canComment } from '@nubes/domain';
import type { AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { serviceComments } from '../db/schema.js';
import { forbidden } from '../http/http-error.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { recordAudit } from './record-audit.js';

/** Adds a comment to a service with its audit event; 404 when the service is not visible, 403 without the right. */
export const addComment = (db: Db, principal: AuthUser, serviceId: string, text: string) =>
  db.transaction(async (tx) => {
    const service = await loadVisibleService(tx, serviceId, principal);
    if (!canComment(service.relation)) throw forbidden();
    const [row] = await tx
      .insert(serviceComments)
      .values({
        serviceId: service.row.id,
        authorId: principal.id,
        authorName: principal.fullname || principal.username,
        text,
      })
      .returning();
    await recordAudit(
      tx,
      { id: principal.id, name: principal.username },
      { objectType: 'service', objectId: service.row.id, action: 'service.comment.added', after: { comment: text } },
    );
    return row!;
  });
