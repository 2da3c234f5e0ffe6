import type { CreateServiceRequest } from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { services, users } from '../db/schema.js';
import type { ServiceSnapshot } from '../presenters/service-detail.js';
import { recordAudit } from './record-audit.js';
import { applyContentInput, contentChanges, derivedColumns, EMPTY_CONTENT, writeKeywords } from './service-content.js';

/**
 * Starts a service application: state application_draft, the caller its object owner, the
 * caller's institution its provider unless the request names one (or null for none). The service
 * ID comes from the sequence and never changes.
 */
export const createService = (db: Db, principal: AuthUser, input: CreateServiceRequest): Promise<ServiceSnapshot> =>
  db.transaction(async (tx) => {
    let providerInstitutionId = input.providerInstitutionId;
    if (providerInstitutionId === undefined) {
      const [caller] = await tx
        .select({ institutionId: users.institutionId })
        .from(users)
        .where(eq(users.id, principal.id));
      providerInstitutionId = caller?.institutionId ?? null;
    }
    const { content, criteria } = await applyContentInput(tx, EMPTY_CONTENT, { ...input, providerInstitutionId });
    const [row] = await tx
      .insert(services)
      .values({
        serviceId: sql`'SVC-' || lpad(nextval('service_number_seq')::text, 5, '0')`,
        name: content.name,
        state: 'application_draft',
        providerInstitutionId: content.providerInstitutionId,
        objectOwnerId: principal.id,
        fields: content.fields,
        weighting: content.weighting,
        ...derivedColumns(content, criteria),
      })
      .returning();
    await writeKeywords(tx, row!.id, content.keywordIds);
    const changes = contentChanges(EMPTY_CONTENT, content);
    await recordAudit(
      tx,
      { id: principal.id, name: principal.username },
      {
        objectType: 'service',
        objectId: row!.id,
        action: 'service.created',
        after: { serviceId: row!.serviceId, state: row!.state, objectOwner: principal.id, ...changes?.after },
      },
    );
    return { row: row!, adminIds: [] };
  });
