import { canEditService, isProviderSide, type UpdateServiceRequest } from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { services } from '../db/schema.js';
import { forbidden } from '../http/http-error.js';
import { assertVersion, loadVisibleService } from '../policies/service-policy.js';
import type { ServiceSnapshot } from '../presenters/service-detail.js';
import { recordAudit } from './record-audit.js';
import { applyContentInput, contentChanges, contentOf, derivedColumns, writeKeywords } from './service-content.js';

/**
 * A partial update of name, provider, fields, keywords and weighting answers. 404 when the caller
 * cannot see the service, 403 when they may not edit it now, 409 on a stale version, 400 with a
 * message per field. An update that changes nothing writes nothing: no new version, no event.
 */
export const updateService = (
  db: Db,
  principal: AuthUser,
  id: string,
  input: UpdateServiceRequest,
): Promise<ServiceSnapshot> =>
  db.transaction(async (tx) => {
    const service = await loadVisibleService(tx, id, principal, { forUpdate: true });
    if (!canEditService(service.relation))
      throw forbidden(isProviderSide(service.relation) ? 'service.notEditable' : undefined);
    assertVersion(service.row, input.version);

    const current = await contentOf(tx, service.row);
    const { content, criteria } = await applyContentInput(tx, current, input);
    const changes = contentChanges(current, content);
    if (!changes) return service;

    const [row] = await tx
      .update(services)
      .set({
        name: content.name,
        providerInstitutionId: content.providerInstitutionId,
        fields: content.fields,
        weighting: content.weighting,
        ...derivedColumns(content, criteria),
        version: service.row.version + 1,
        updatedAt: sql`now()`,
      })
      .where(eq(services.id, service.row.id))
      .returning();
    if ('keywords' in changes.after) await writeKeywords(tx, service.row.id, content.keywordIds);
    await recordAudit(
      tx,
      { id: principal.id, name: principal.username },
      { objectType: 'service', objectId: service.row.id, action: 'service.updated', ...changes },
    );
    return { row: row!, adminIds: service.adminIds };
  });
