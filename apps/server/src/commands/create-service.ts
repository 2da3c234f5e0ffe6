import { mayPlaceServiceUnder, type CreateServiceRequest } from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import { forbidden } from '../http/http-error.js';
import { services, users } from '../db/schema.js';
import type { ServiceSnapshot } from '../model/service.js';
import { runWrite, type Writes } from '../writes/pipeline.js';
import { PORTFOLIO_CHANGED } from '../writes/after-commit.js';
import { applyContentInput, contentChanges, derivedColumns, EMPTY_CONTENT, writeKeywords } from './service-content.js';

/**
 * Starts a service application: state application_draft, the caller its object owner, the
 * caller's institution its provider unless the request names one (or null for none). Only the
 * portfolio manager names another centre than the caller's own (403 otherwise, nothing written). The service
 * ID comes from the sequence and never changes. There is no row to lock yet, so this is the
 * pipeline's plain unit of work: one transaction, the typed event, the service's effects after commit.
 */
export const createService = (writes: Writes, principal: AuthUser, input: CreateServiceRequest) =>
  runWrite<ServiceSnapshot>(writes, actorOf(principal), async (tx) => {
    const [caller] = await tx
      .select({ institutionId: users.institutionId })
      .from(users)
      .where(eq(users.id, principal.id));
    const own = caller?.institutionId ?? null;
    const providerInstitutionId = input.providerInstitutionId === undefined ? own : input.providerInstitutionId;
    const { content, criteria } = await applyContentInput(tx, EMPTY_CONTENT, { ...input, providerInstitutionId });
    // After the input's own checks, so an unknown institution is a 400 with its field's message.
    if (!mayPlaceServiceUnder({ ...principal, institutionId: own }, providerInstitutionId))
      throw forbidden('service.otherCentre');
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
    const created: ServiceSnapshot = { row: row!, adminIds: [] };
    return {
      value: created,
      events: [
        {
          action: 'service.created',
          objectType: 'service',
          objectId: row!.id,
          after: {
            serviceId: row!.serviceId,
            state: 'application_draft',
            objectOwner: principal.id,
            ...changes?.after,
          },
        },
      ],
      effects: PORTFOLIO_CHANGED,
    };
  });
