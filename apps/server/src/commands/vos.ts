import {
  canEditVo,
  checkVoTransition,
  VO_NAME_MESSAGES,
  voEntitlement,
  voNameProblem,
  voSendProblems,
  type CreateVo,
  type UpdateVo,
  type VoEntitlementSettings,
  type VoFormValues,
  type VoTransition,
} from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { existingIds } from '../db/existing-ids.js';
import { institutions, voComments, voServices, vos } from '../db/schema.js';
import { refuseDuplicates } from '../db/unique-violation.js';
import { conflict, forbidden, invalidInput, type HttpFieldMessages } from '../http/http-error.js';
import { mailActorOf } from '../mail/service-mails.js';
import { voMails } from '../mail/vo-mails.js';
import { voFormValues, type LoadedVo, type VoRow, type VoSnapshot } from '../model/vo.js';
import { loadReservedVoNamePrefixEntries } from '../queries/vo-name-prefixes.js';
import { isVoNameTaken, loadOnlineServiceIds, loadVoServiceIds } from '../queries/vos.js';
import { changesOf } from '../writes/changes.js';
import { runWrite, type Writes } from '../writes/pipeline.js';
import { changeVo, type VoSet } from '../writes/vo-writes.js';
import { assignableUserProblems } from './assignable-users.js';

/** The application's values as the form holds them, from the row and the chosen services (sorted: events compare them). */
const formValuesOf = (row: VoRow, serviceIds: readonly string[]): VoFormValues =>
  voFormValues(row, [...serviceIds].sort());

/** The columns of the named fields; a confirmation keeps who gave it and when, a withdrawn one neither. */
const columnsOf = (
  { serviceIds: _serviceIds, termsConfirmed, policiesAccepted, ...columns }: Partial<VoFormValues>,
  principal: AuthUser,
): VoSet => {
  const given = (done: boolean) => ({ by: done ? principal.id : null, at: done ? sql`now()` : null });
  const terms = termsConfirmed === undefined ? undefined : given(termsConfirmed);
  const policies = policiesAccepted === undefined ? undefined : given(policiesAccepted);
  return {
    ...columns,
    ...(terms ? { termsConfirmed, termsConfirmedBy: terms.by, termsConfirmedAt: terms.at } : {}),
    ...(policies ? { policiesAccepted, policiesAcceptedBy: policies.by, policiesAcceptedAt: policies.at } : {}),
  };
};

/** The name rules the database decides: the reserved prefixes as they are now, and no other VO with the name. */
const nameProblems = async (tx: Tx, name: string, exceptId?: string): Promise<HttpFieldMessages> => {
  const problem = voNameProblem(name, await loadReservedVoNamePrefixEntries(tx));
  if (problem) return { name: { key: problem.key, params: problem.params } };
  if (await isVoNameTaken(tx, name, exceptId)) return { name: VO_NAME_MESSAGES.taken };
  return {};
};

/** The references must name what exists: an institution, another user (not gone) as deputy, services online when chosen. */
const referenceProblems = async (
  tx: Tx,
  values: Partial<VoFormValues>,
  applicantId: string,
  currentServiceIds: readonly string[],
): Promise<HttpFieldMessages> => {
  const problems: HttpFieldMessages = {};
  const { homeInstitutionId, deputyId } = values;
  if (homeInstitutionId && !(await existingIds(tx, institutions, [homeInstitutionId])).has(homeInstitutionId))
    problems.homeInstitutionId = 'vos.validation.unknownInstitution';
  if (deputyId === applicantId) problems.deputyId = 'vos.validation.deputyIsApplicant';
  else if (deputyId)
    Object.assign(problems, await assignableUserProblems(tx, [['deputyId', deputyId]], 'vos.validation.unknownUser'));
  // A service chosen earlier stays chosen when it goes offline; a new choice must be online.
  const added = (values.serviceIds ?? []).filter((id) => !currentServiceIds.includes(id));
  const online = await loadOnlineServiceIds(tx, added);
  if (added.some((id) => !online.has(id))) problems.serviceIds = 'vos.validation.unknownService';
  return problems;
};

const refuseSave = (problems: HttpFieldMessages) => {
  if (Object.keys(problems).length > 0) throw invalidInput('vos.messages.cannotSave', problems);
};

/** Two writers may race for one name: the unique index decides, the loser is told as by the check. */
const nameTaken = () => invalidInput('vos.messages.cannotSave', { name: VO_NAME_MESSAGES.taken });

const replaceServices = async (tx: Tx, voId: string, serviceIds: readonly string[]) => {
  await tx.delete(voServices).where(eq(voServices.voId, voId));
  if (serviceIds.length > 0)
    await tx.insert(voServices).values([...new Set(serviceIds)].map((serviceId) => ({ voId, serviceId })));
};

/** A new VO application in draft; the caller is its applicant. Only the name is required. */
export const createVo = (writes: Writes, principal: AuthUser, input: CreateVo): Promise<VoSnapshot> =>
  refuseDuplicates(
    runWrite(writes, actorOf(principal), async (tx) => {
      refuseSave({
        ...(await nameProblems(tx, input.name)),
        ...(await referenceProblems(tx, input, principal.id, [])),
      });
      const [row] = await tx
        .insert(vos)
        // The insert takes the same columns as an update; its type only lacks the column references.
        .values({
          ...(columnsOf(input, principal) as Partial<typeof vos.$inferInsert>),
          name: input.name,
          applicantId: principal.id,
        })
        .returning();
      const serviceIds = [...new Set(input.serviceIds ?? [])];
      await replaceServices(tx, row!.id, serviceIds);
      return {
        value: { row: row! },
        events: [{ action: 'vo.created', objectType: 'vo', objectId: row!.id, after: formValuesOf(row!, serviceIds) }],
      };
    }),
    nameTaken,
  );

/** Who may save: the VO's managers (403 for anyone else), and only in draft (409). */
const authorizeEdit = (vo: LoadedVo) => {
  if (!vo.context.isManager) throw forbidden('vos.messages.notEditable');
  if (!canEditVo(vo.row.state, vo.context)) throw conflict('vos.messages.notEditable');
};

/** Saves the named fields of a draft; a name is checked by every rule when it changes. */
export const updateVo = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  input: UpdateVo,
): Promise<VoSnapshot> => {
  const { version, ...values } = input;
  const changed = changeVo(writes, {
    id,
    principal,
    version,
    authorize: authorizeEdit,
    change: async (tx, vo) => {
      const currentServiceIds = await loadVoServiceIds(tx, vo.row.id);
      const changes = changesOf(formValuesOf(vo.row, currentServiceIds), {
        ...values,
        ...(values.serviceIds ? { serviceIds: [...new Set(values.serviceIds)].sort() } : {}),
      });
      if (!changes) return { events: [] };
      const { name, serviceIds } = changes.after;
      refuseSave({
        ...(name !== undefined ? await nameProblems(tx, name, vo.row.id) : {}),
        ...(await referenceProblems(tx, changes.after, vo.row.applicantId, currentServiceIds)),
      });
      if (serviceIds) await replaceServices(tx, vo.row.id, serviceIds);
      return { set: columnsOf(changes.after, principal), events: [{ action: 'vo.updated', ...changes }] };
    },
  });
  return (await refuseDuplicates(changed, nameTaken)).object;
};

/**
 * One workflow step, checked in the order of the answers: a stale version 409 (the pipeline), a
 * step that is no row from the current state 409, a caller it is not for 403, a missing comment
 * 400, a failed send check 400 with every failing field. Making the VO available gives it its
 * entitlement. The managers and, for a sent application, the supervisors get a mail.
 */
export const transitionVo = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  input: VoTransition,
  entitlementSettings: VoEntitlementSettings,
): Promise<VoSnapshot> => {
  const { object } = await changeVo(writes, {
    id,
    principal,
    version: input.version,
    // The workflow table is the policy here: it knows both "not from this state" and "not you".
    change: async (tx, vo) => {
      const verdict = checkVoTransition(input.action, vo.row.state, vo.context);
      if (!verdict.ok)
        throw verdict.reason === 'notAllowedFromState' ? conflict('vos.messages.transitionNotAllowed') : forbidden();
      const { rule } = verdict;
      const comment = input.comment?.trim() || undefined;
      if (rule.commentRequired && !comment)
        throw invalidInput(undefined, { comment: 'vos.validation.commentRequired' });
      if (rule.sendCheck) {
        const values = formValuesOf(vo.row, await loadVoServiceIds(tx, vo.row.id));
        const problems: HttpFieldMessages = { ...voSendProblems(values, vo.row.applicantId) };
        if (!problems.name) Object.assign(problems, await nameProblems(tx, vo.row.name, vo.row.id));
        if (Object.keys(problems).length > 0) throw invalidInput('vos.messages.sendFailed', problems);
      }
      const entitlement = rule.to === 'vo_available' ? voEntitlement(vo.row.name, entitlementSettings) : undefined;
      if (comment)
        await tx.insert(voComments).values({
          voId: vo.row.id,
          authorId: principal.id,
          text: comment,
          action: rule.action,
          fromState: rule.from,
          toState: rule.to,
        });
      return {
        set: {
          state: rule.to,
          ...(rule.action === 'send' ? { sentAt: sql`now()` } : {}),
          ...(entitlement ? { entitlement } : {}),
        },
        events: [
          {
            action: `vo.${rule.action}`,
            before: { state: rule.from },
            after: { state: rule.to, ...(comment ? { comment } : {}) },
          },
        ],
        mails: await voMails(tx, {
          vo: vo.row,
          actor: mailActorOf(principal),
          action: rule.action,
          state: rule.to,
          ...(comment ? { comment } : {}),
          ...(entitlement ? { entitlement } : {}),
        }),
      };
    },
  });
  return object;
};
