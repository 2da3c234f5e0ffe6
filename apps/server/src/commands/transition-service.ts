import {
  checkTransition,
  isProviderSide,
  validateForStep,
  type TransitionRequest,
  type ValidationStep,
} from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { services } from '../db/schema.js';
import { conflict, forbidden, invalidInput } from '../http/http-error.js';
import { assertVersion, loadVisibleService } from '../policies/service-policy.js';
import type { ServiceSnapshot } from '../presenters/service-detail.js';
import { recordAudit } from './record-audit.js';
import { loadKeywordIds } from './service-content.js';

/** SPEC §8's message for each validation-gated step. */
const VALIDATION_FAILED: Record<ValidationStep, string> = {
  application: 'workflow.cannotCompleteApplication',
  serviceInformation: 'workflow.cannotSubmitServiceInformation',
  serviceCard: 'workflow.cannotChangeToCardReview',
  online: 'workflow.cannotBringOnline',
};

/**
 * One workflow step (DESIGN §2), checked in the order of the answers: a stale version 409, an
 * action that is no row from the current state 409, a caller who may not take it 403, failed
 * validation 400 with the fields. The first time a service goes online it gets its online-since
 * date; discontinuing sets online-until.
 */
export const transitionService = (
  db: Db,
  principal: AuthUser,
  id: string,
  { action, version }: TransitionRequest,
): Promise<ServiceSnapshot> =>
  db.transaction(async (tx) => {
    const service = await loadVisibleService(tx, id, principal, { forUpdate: true });
    assertVersion(service.row, version);
    const verdict = checkTransition(action, service.relation.state, {
      roles: principal.roles,
      isProviderSide: isProviderSide(service.relation),
    });
    if (!verdict.ok)
      throw verdict.reason === 'notAllowedFromState'
        ? conflict('workflow.notAllowedFromState')
        : forbidden('workflow.insufficientPermission');
    const { rule } = verdict;

    if (rule.validation) {
      const values = { ...service.row.fields, keywords: await loadKeywordIds(tx, service.row.id) };
      const errors = validateForStep(values, rule.validation);
      if (Object.keys(errors).length > 0) throw invalidInput(VALIDATION_FAILED[rule.validation], errors);
    }

    const goesOnlineFirstTime = rule.from === 'integration_completed' && rule.to === 'service_online';
    const [row] = await tx
      .update(services)
      .set({
        state: rule.to,
        version: service.row.version + 1,
        updatedAt: sql`now()`,
        ...(goesOnlineFirstTime && !service.row.onlineSince ? { onlineSince: sql`now()` } : {}),
        ...(rule.to === 'service_discontinued' ? { onlineUntil: sql`now()` } : {}),
      })
      .where(eq(services.id, service.row.id))
      .returning();
    await recordAudit(
      tx,
      { id: principal.id, name: principal.username },
      {
        objectType: 'service',
        objectId: service.row.id,
        action: 'service.transition',
        before: { state: rule.from },
        after: { state: rule.to },
      },
    );
    return { row: row!, adminIds: service.adminIds };
  });
