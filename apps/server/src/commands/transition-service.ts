import {
  checkTransition,
  isProviderSide,
  retirementPlanProblems,
  validateForStep,
  VALIDATION_FAILURE_MESSAGES,
  type TransitionRequest,
} from '@nubes/domain';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import { conflict, forbidden, invalidInput } from '../http/http-error.js';
import { mailActorOf, serviceMails } from '../mail/service-mails.js';
import type { ServiceSnapshot } from '../model/service.js';
import type { Writes } from '../writes/pipeline.js';
import { changeService } from '../writes/service-writes.js';
import { loadRetirementPlan } from '../queries/retirement-plan.js';
import { loadKeywordIds } from './service-content.js';

/**
 * One workflow step, checked in the order of the answers: a stale version 409 (the pipeline), an
 * action that is no row from the current state 409, a caller who may not take it 403, failed
 * validation 400 with the fields. The first time a service goes online it gets its online-since
 * date; discontinuing sets online-until. A step whose row takes a status notice (not available,
 * full capacity) writes the reason and expected end the public reads; every other step clears them
 * (400 when a notice comes with a step that takes none). The provider side and the managers whose
 * work is next get a mail (the domain's MAIL_RECIPIENTS).
 */
export const transitionService = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  { action, version, notice }: TransitionRequest,
): Promise<ServiceSnapshot> => {
  const { object } = await changeService(writes, {
    id,
    principal,
    version,
    // The workflow table is the policy here: it knows both "not from this state" and "not you".
    change: async (tx, service) => {
      const verdict = checkTransition(action, service.relation.state, {
        roles: principal.roles,
        isProviderSide: isProviderSide(service.relation),
      });
      if (!verdict.ok)
        throw verdict.reason === 'notAllowedFromState'
          ? conflict('workflow.notAllowedFromState')
          : forbidden('workflow.insufficientPermission');
      const { rule } = verdict;
      if (notice && !rule.notice)
        throw invalidInput('workflow.notice.notTaken', { notice: 'workflow.notice.notTaken' });

      if (rule.validation) {
        // Retiring checks the retirement plan (docs/adr/0122-retirement-plan.md); the other gated steps the fields.
        const errors =
          rule.validation === 'retirement'
            ? retirementPlanProblems(await loadRetirementPlan(tx, service.row.id))
            : validateForStep(
                { ...service.row.fields, keywords: await loadKeywordIds(tx, service.row.id) },
                rule.validation,
              );
        if (Object.keys(errors).length > 0) throw invalidInput(VALIDATION_FAILURE_MESSAGES[rule.validation], errors);
      }

      const goesOnlineFirstTime = rule.from === 'integration_completed' && rule.to === 'service_online';
      const before = { statusReason: service.row.statusReason, statusExpectedEnd: service.row.statusExpectedEnd };
      const after = {
        statusReason: (rule.notice && notice?.reason) || null,
        statusExpectedEnd: (rule.notice && notice?.expectedEnd) || null,
      };
      const noticeChanges =
        before.statusReason || before.statusExpectedEnd || after.statusReason || after.statusExpectedEnd;
      return {
        set: {
          state: rule.to,
          ...after,
          ...(goesOnlineFirstTime && !service.row.onlineSince ? { onlineSince: sql`now()` } : {}),
          ...(rule.to === 'service_discontinued' ? { onlineUntil: sql`now()` } : {}),
        },
        events: [
          {
            action: 'service.transition',
            before: { state: rule.from, ...(noticeChanges ? before : {}) },
            after: { state: rule.to, ...(noticeChanges ? after : {}) },
          },
        ],
        mails: await serviceMails(tx, 'workflowStep', {
          serviceId: service.row.id,
          actor: mailActorOf(principal),
          action,
          state: rule.to,
        }),
      };
    },
  });
  return object;
};
