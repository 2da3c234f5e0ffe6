import { canEditService, isProviderSide, mayPlaceServiceUnder, type UpdateServiceRequest } from '@nubes/domain';
import type { AuthUser } from '../auth/principal.js';
import { forbidden } from '../http/http-error.js';
import type { ServiceSnapshot } from '../model/service.js';
import type { Writes } from '../writes/pipeline.js';
import { changeService } from '../writes/service-writes.js';
import { assertNotLocked } from './change-requests.js';
import {
  applyContentInput,
  contentChanges,
  contentOf,
  derivedColumns,
  WEIGHTING_CHANGE_PREFIX,
  writeKeywords,
} from './service-content.js';

/**
 * A partial update of name, provider, fields, keywords and weighting answers. 404 when the caller
 * cannot see the service, 403 when they may not edit it now or move it to a centre not theirs
 * (only the portfolio manager may), 409 on a stale version or, for anyone, a change of the
 * information while a change request locks it, 400 with a message per field. An update that changes nothing writes nothing: no new version, no event.
 */
export const updateService = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  input: UpdateServiceRequest,
): Promise<ServiceSnapshot> => {
  const { object } = await changeService(writes, {
    id,
    principal,
    version: input.version,
    authorize: (service) => {
      if (!canEditService(service.relation))
        throw forbidden(isProviderSide(service.relation) ? 'service.notEditable' : undefined);
    },
    change: async (tx, service) => {
      const current = await contentOf(tx, service.row);
      const { content, criteria } = await applyContentInput(tx, current, input);
      // After the input's own checks, so an unknown institution is a 400 with its field's message.
      if (!mayPlaceServiceUnder(principal, content.providerInstitutionId, current.providerInstitutionId))
        throw forbidden('service.otherCentre');
      const changes = contentChanges(current, content);
      if (!changes) return { events: [] };
      // The lock holds the information a change request is decided on; the weighting answers are the
      // portfolio manager's assessment, which no request carries.
      if (Object.keys(changes.after).some((key) => !key.startsWith(WEIGHTING_CHANGE_PREFIX)))
        await assertNotLocked(tx, service);
      if ('keywords' in changes.after) await writeKeywords(tx, service.row.id, content.keywordIds);
      return {
        set: {
          name: content.name,
          providerInstitutionId: content.providerInstitutionId,
          fields: content.fields,
          weighting: content.weighting,
          ...derivedColumns(content, criteria),
        },
        events: [{ action: 'service.updated', ...changes }],
      };
    },
  });
  return object;
};
