import {
  canCreateChangeRequest,
  canSeeChangeRequests,
  categoriseService,
  changeRequestActionFrom,
  isChangeableField,
  isChangeRequestServiceState,
  isIntegrationManagerRequest,
  isLockingState,
  mayTakeChangeRequestAction,
  OPEN_CHANGE_REQUEST_STATES,
  type ApplyChangeRequest,
  type AuditEvent,
  type ChangeDecision,
  type ChangeRequestAction,
  type ChangeRequestStep,
  type CreateChangeRequest,
  type DecideChangeRequest,
  type FieldMessages,
  type FieldValue,
  type MessageKey,
  type ReleaseChangeRequest,
  type UpdateChangeRequest,
} from '@nubes/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { changeRequestFields, changeRequests } from '../db/schema.js';
import { refuseDuplicates } from '../db/unique-violation.js';
import { conflict, forbidden, invalidInput, notFound } from '../http/http-error.js';
import { mailActorOf, serviceMails } from '../mail/service-mails.js';
import type { ChangeRequestFieldRow, ChangeRequestSnapshot, LoadedChangeRequest } from '../model/change-request.js';
import type { LoadedService } from '../model/service.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { loadLockingChangeRequest } from '../queries/change-requests.js';
import {
  changeChangeRequest,
  loadChangeRequestFields,
  type ChangeRequestSet,
} from '../writes/change-request-writes.js';
import { runWrite, type ObjectEvent, type ObjectWrite, type Writes } from '../writes/pipeline.js';
import { PORTFOLIO_CHANGED } from '../writes/after-commit.js';
import { SERVICE_KIND } from '../writes/service-writes.js';
import { markReviewEditRequired } from './reviews.js';
import { applyContentInput, contentOf } from './service-content.js';
import { sameJson } from '../writes/changes.js';

/**
 * The proposed values checked like a direct edit (formats, users and institutions that exist) and
 * stored the way a direct edit would store them; values equal to the service's are left out.
 * 400 with a message per field, or "Nothing to save" when nothing differs.
 */
const proposedChanges = async (tx: Tx, service: LoadedService, proposed: Record<string, FieldValue>) => {
  const unknown: FieldMessages = {};
  for (const key of Object.keys(proposed)) if (!isChangeableField(key)) unknown[key] = 'changeRequests.notChangeable';
  if (Object.keys(unknown).length > 0) throw invalidInput('service.resolveErrors', unknown);
  const current = await contentOf(tx, service.row);
  const { content } = await applyContentInput(tx, current, { fields: proposed });
  const rows: { fieldKey: string; currentValue: FieldValue; newValue: FieldValue }[] = [];
  for (const key of Object.keys(proposed).sort()) {
    const before = current.fields[key] ?? null;
    const after = content.fields[key] ?? null;
    if (!sameJson(before, after)) rows.push({ fieldKey: key, currentValue: before, newValue: after });
  }
  if (rows.length === 0) throw invalidInput('changeRequests.noChanges');
  return rows;
};

/** 409 naming each of the request's fields that stands in the way. */
const fieldConflict = (messageKey: MessageKey, fields: readonly ChangeRequestFieldRow[], fieldMessage: MessageKey) =>
  conflict(messageKey, Object.fromEntries(fields.map((f) => [f.fieldKey, fieldMessage])));

const valuesOf = (rows: readonly { fieldKey: string; newValue: FieldValue | null }[]) =>
  Object.fromEntries(rows.map((r) => [r.fieldKey, r.newValue ?? null]));

/** The policy of one action: 403 for a caller who may not take it, 409 for a state it does not run from. */
const authorizeAction = (action: ChangeRequestAction) => (request: LoadedChangeRequest) => {
  const relation = request.service.relation;
  if (!canSeeChangeRequests(relation)) throw notFound();
  if (!mayTakeChangeRequestAction(action, relation, request.row.fromIntegrationManager))
    throw forbidden('changeRequests.notAllowed');
  if (!changeRequestActionFrom(action, request.row.state)) throw conflict('changeRequests.notPossible');
  if ((action === 'update' || action === 'handIn') && !isChangeRequestServiceState(relation.state))
    throw conflict('changeRequests.notForThisState');
  if (action === 'apply' && relation.state === 'service_retired') throw conflict('changeRequests.notForThisState');
};

/** One action on an existing request, as the commands below take it: its policy, the version the caller read, the change. */
const takeAction = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  version: number,
  action: ChangeRequestAction,
  change: ObjectWrite<LoadedChangeRequest, ChangeRequestSet, 'changeRequest', null>['change'],
): Promise<ChangeRequestSnapshot> =>
  (await changeChangeRequest(writes, { id, principal, version, authorize: authorizeAction(action), change })).object;

/** A step of the request's own state (hand in, withdraw, release): one event, from → to. */
const stepEvent = (
  action: 'changeRequest.handedIn' | 'changeRequest.withdrawn' | 'changeRequest.released',
  from: LoadedChangeRequest['row']['state'],
  to: LoadedChangeRequest['row']['state'],
): ObjectEvent<'changeRequest'> => ({ action, before: { state: from }, after: { state: to } });

/**
 * Starts a change request (a draft) on a service in a state that takes them: the provider side,
 * or an integration manager (marked as theirs). One open request per service: 409 while one is
 * open ("Contact information cannot be changed" once it is handed in).
 */
export const createChangeRequest = async (
  writes: Writes,
  principal: AuthUser,
  serviceId: string,
  input: CreateChangeRequest,
): Promise<ChangeRequestSnapshot> =>
  // Two starts at once: the partial unique index lets only one of them in.
  refuseDuplicates(
    runWrite<ChangeRequestSnapshot>(writes, actorOf(principal), async (tx) => {
      const service = await loadVisibleService(tx, serviceId, principal, { forUpdate: true });
      if (!canSeeChangeRequests(service.relation)) throw notFound();
      if (!canCreateChangeRequest(service.relation)) {
        if (!isChangeRequestServiceState(service.relation.state)) throw conflict('changeRequests.notForThisState');
        throw forbidden('changeRequests.notAllowed');
      }
      await assertNoOpenRequest(tx, service.row.id);
      const fields = await proposedChanges(tx, service, input.fields);
      const fromIntegrationManager = isIntegrationManagerRequest(service.relation);
      const [row] = await tx
        .insert(changeRequests)
        .values({ serviceId: service.row.id, authorId: principal.id, fromIntegrationManager })
        .returning();
      await tx.insert(changeRequestFields).values(fields.map((f) => ({ ...f, changeRequestId: row!.id })));
      return {
        value: { row: row!, fields: await loadChangeRequestFields(tx, row!.id) },
        events: [
          {
            action: 'changeRequest.created',
            objectType: 'changeRequest',
            objectId: row!.id,
            after: { serviceId: service.row.id, fromIntegrationManager, fields: valuesOf(fields) },
          },
        ],
      };
    }),
    () => conflict('changeRequests.openExists'),
  );

const assertNoOpenRequest = async (tx: Tx, serviceId: string) => {
  const [open] = await tx
    .select({ state: changeRequests.state })
    .from(changeRequests)
    .where(
      and(eq(changeRequests.serviceId, serviceId), inArray(changeRequests.state, [...OPEN_CHANGE_REQUEST_STATES])),
    );
  if (!open) return;
  throw conflict(isLockingState(open.state) ? 'changeRequests.locked' : 'changeRequests.openExists');
};

/**
 * Whether anyone may change the service's information now: not while a request is handed in or
 * released (409 "Contact information cannot be changed"), the portfolio manager included, so the
 * request is decided and applied against the values it was made on
 * (docs/adr/0084-steps-that-ask-and-the-change-request-lock.md).
 */
export const assertNotLocked = async (tx: Tx, service: LoadedService) => {
  if (await loadLockingChangeRequest(tx, service.row.id)) throw conflict('changeRequests.locked');
};

/** Replaces a draft's proposed values; each field's current value is the service's value now. */
export const updateChangeRequest = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  input: UpdateChangeRequest,
): Promise<ChangeRequestSnapshot> =>
  takeAction(writes, principal, id, input.version, 'update', async (tx, request) => {
    const fields = await proposedChanges(tx, request.service, input.fields);
    const before = valuesOf(request.fields);
    const after = valuesOf(fields);
    if (sameJson(before, after)) return { events: [] };
    await tx.delete(changeRequestFields).where(eq(changeRequestFields.changeRequestId, request.row.id));
    await tx.insert(changeRequestFields).values(fields.map((f) => ({ ...f, changeRequestId: request.row.id })));
    return { set: {}, events: [{ action: 'changeRequest.updated', before, after }] };
  });

/**
 * What else happens when a request is handed in, in the same transaction: a running review of the
 * service becomes "edit required" (ADR 0029), with its event about the service, and the mails of
 * the hand-in.
 */
const handInFollowUps = async (tx: Tx, request: LoadedChangeRequest, principal: AuthUser) => {
  const serviceId = request.service.row.id;
  const review = await markReviewEditRequired(tx, serviceId, principal.id);
  return {
    related: review.events.map((event) => ({ ...event, objectType: 'service', objectId: serviceId }) as AuditEvent),
    mails: await serviceMails(tx, 'changeRequestHandedIn', { serviceId, actor: mailActorOf(principal) }),
  };
};

/** The mails of a step of the portfolio manager's, to the provider side and the managers next. */
const stepMails = (
  tx: Tx,
  kind: 'changeRequestReleased' | 'changeRequestApplied',
  request: LoadedChangeRequest,
  principal: AuthUser,
) => serviceMails(tx, kind, { serviceId: request.service.row.id, actor: mailActorOf(principal) });

/** The authors hand a draft in ("change request sent"): from now on the fields are locked for the provider side. */
export const handInChangeRequest = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  input: ChangeRequestStep,
): Promise<ChangeRequestSnapshot> =>
  takeAction(writes, principal, id, input.version, 'handIn', async (tx, request) => ({
    set: { state: 'handed_in' } satisfies ChangeRequestSet,
    events: [stepEvent('changeRequest.handedIn', request.row.state, 'handed_in')],
    ...(await handInFollowUps(tx, request, principal)),
  }));

/** The authors withdraw a draft or a handed-in request; the lock ends with it. */
export const withdrawChangeRequest = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  input: ChangeRequestStep,
): Promise<ChangeRequestSnapshot> =>
  takeAction(writes, principal, id, input.version, 'withdraw', async (_tx, request) => ({
    set: { state: 'withdrawn' },
    events: [stepEvent('changeRequest.withdrawn', request.row.state, 'withdrawn')],
  }));

/**
 * Writes the decisions that differ from the stored ones: 400 naming a field the request does not
 * carry. Answers the decided event (absent when nothing changed) and the fields as they now are.
 */
const recordDecisions = async (
  tx: Tx,
  request: LoadedChangeRequest,
  decisions: Record<string, ChangeDecision>,
): Promise<{ event: ObjectEvent<'changeRequest'> | null; fields: ChangeRequestFieldRow[] }> => {
  const byKey = new Map(request.fields.map((f) => [f.fieldKey, f]));
  const unknown: FieldMessages = {};
  for (const key of Object.keys(decisions)) if (!byKey.has(key)) unknown[key] = 'validation.unknownField';
  if (Object.keys(unknown).length > 0) throw invalidInput('service.resolveErrors', unknown);
  const before: Record<string, ChangeDecision | null> = {};
  const after: Record<string, ChangeDecision | null> = {};
  for (const [key, decision] of Object.entries(decisions)) {
    const field = byKey.get(key)!;
    if (field.decision === decision) continue;
    before[key] = field.decision ?? null;
    after[key] = decision;
    await tx
      .update(changeRequestFields)
      .set({ decision })
      .where(and(eq(changeRequestFields.changeRequestId, request.row.id), eq(changeRequestFields.fieldKey, key)));
  }
  const fields = request.fields.map((f) => (f.fieldKey in after ? { ...f, decision: after[f.fieldKey]! } : f));
  if (Object.keys(after).length === 0) return { event: null, fields };
  return { event: { action: 'changeRequest.decided', before, after }, fields };
};

/** The portfolio manager accepts or discards fields of a handed-in request (several at once, changeable until release). */
export const decideChangeRequest = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  input: DecideChangeRequest,
): Promise<ChangeRequestSnapshot> =>
  takeAction(writes, principal, id, input.version, 'decide', async (tx, request) => {
    const { event } = await recordDecisions(tx, request, input.decisions);
    return event ? { set: {}, events: [event] } : { events: [] };
  });

/**
 * The portfolio manager releases a request ("release done"): the decisions sent with it are
 * recorded first, in the same transaction; every field must then be decided (409 naming the
 * undecided ones, nothing written). Deciding and releasing are one step on the screen (ADR 0085).
 */
export const releaseChangeRequest = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  input: ReleaseChangeRequest,
): Promise<ChangeRequestSnapshot> =>
  takeAction(writes, principal, id, input.version, 'release', async (tx, request) => {
    const { event, fields } = await recordDecisions(tx, request, input.decisions ?? {});
    const undecided = fields.filter((f) => f.decision === null);
    if (undecided.length > 0) throw fieldConflict('changeRequests.undecided', undecided, 'changeRequests.undecided');
    return {
      set: { state: 'released' },
      events: [...(event ? [event] : []), stepEvent('changeRequest.released', request.row.state, 'released')],
      mails: await stepMails(tx, 'changeRequestReleased', request, principal),
    };
  });

/** Whether the service's value of the field is no longer the one the request was made against. */
const isStaleField = (field: ChangeRequestFieldRow, serviceValues: Record<string, FieldValue>): boolean =>
  !sameJson(serviceValues[field.fieldKey], field.currentValue);

/**
 * The portfolio manager applies a released request ("change request applied"): the accepted values
 * are written to the service in this transaction, one service.updated event per field (old → new),
 * and the service's version moves. A field the service changed since the request was made is
 * written only when `overwrite` names it, and left as it is when `keep` does (409 changeRequests.stale
 * otherwise, naming the fields).
 */
export const applyChangeRequest = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  input: ApplyChangeRequest,
): Promise<ChangeRequestSnapshot> =>
  takeAction(writes, principal, id, input.version, 'apply', async (tx, request) => {
    const service = request.service;
    const chosen = new Set([...(input.overwrite ?? []), ...(input.keep ?? [])]);
    const keep = new Set(input.keep ?? []);
    const isStale = (f: ChangeRequestFieldRow) => isStaleField(f, service.row.fields);
    const stale = request.fields.filter((f) => f.decision === 'accept' && isStale(f) && !chosen.has(f.fieldKey));
    const kept = request.fields.filter((f) => f.decision === 'accept' && isStale(f) && keep.has(f.fieldKey));
    const accepted = request.fields.filter((f) => f.decision === 'accept' && !kept.includes(f));
    if (stale.length > 0) throw fieldConflict('changeRequests.stale', stale, 'changeRequests.staleField');
    const fields = { ...service.row.fields };
    const related: AuditEvent[] = [];
    for (const field of accepted) {
      const old = fields[field.fieldKey] ?? null;
      const now = field.newValue ?? null;
      if (sameJson(old, now)) continue;
      if (now === null) delete fields[field.fieldKey];
      else fields[field.fieldKey] = now;
      related.push({
        action: 'service.updated',
        objectType: 'service',
        objectId: service.row.id,
        before: { [field.fieldKey]: old },
        after: { [field.fieldKey]: now },
      });
    }
    const discarded = request.fields.filter((f) => f.decision === 'discard').map((f) => f.fieldKey);
    const named: AuditEvent = {
      action: 'service.changeRequestApplied',
      objectType: 'service',
      objectId: service.row.id,
      after: {
        changeRequest: request.row.id,
        handedInBy: request.row.authorId ?? null,
        appliedFields: accepted.map((f) => f.fieldKey),
        discardedFields: discarded,
      },
    };
    const changedService =
      related.length > 0
        ? await SERVICE_KIND.bump(tx, service, { fields, serviceType: categoriseService(fields) })
        : service;
    return {
      set: { state: 'applied' },
      events: [
        {
          action: 'changeRequest.applied',
          before: { state: request.row.state },
          after: {
            state: 'applied',
            applied: accepted.map((f) => f.fieldKey),
            discarded,
            ...(kept.length > 0 ? { kept: kept.map((f) => f.fieldKey) } : {}),
            serviceVersion: changedService.row.version,
          },
        },
      ],
      related: [named, ...related],
      effects: related.length > 0 ? PORTFOLIO_CHANGED : [],
      mails: await stepMails(tx, 'changeRequestApplied', request, principal),
    };
  });
