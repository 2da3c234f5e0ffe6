import {
  canEditResourcePackages,
  isResourcePackageEditState,
  mayTakeResourcePackageAction,
  resourcePackageActionFrom,
  resourcePackageRule,
  routePath,
  stateAfterEdit,
  violationField,
  violationMessage,
  type CreateResourcePackage,
  type ResourcePackageAction,
  type ResourcePackageStep,
  type UpdateResourcePackage,
} from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { resourcePackages, resourceTypes } from '../db/schema.js';
import { conflict, forbidden, invalidInput, notFound, type HttpFieldMessages } from '../http/http-error.js';
import { parseJsonText, type PolicySchemas } from '../json-schema/policy-schemas.js';
import { mailActorOf, serviceMails } from '../mail/service-mails.js';
import type {
  LoadedResourcePackage,
  ResourcePackageRow,
  ResourcePackageSnapshot,
  ResourceTypeRow,
} from '../model/resource-package.js';
import type { LoadedService } from '../model/service.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { runWrite, type ObjectEvent, type Writes } from '../writes/pipeline.js';
import { changeResourcePackage, type ResourcePackageSet } from '../writes/resource-package-writes.js';
import { changesOf } from '../writes/changes.js';

/** What a package's values are in its audit events: the type by its key, which never changes. */
const valuesOf = (
  row: Pick<ResourcePackageRow, 'name' | 'quota' | 'policyNames' | 'policy'>,
  type: ResourceTypeRow,
) => ({
  name: row.name,
  type: type.key,
  quota: row.quota,
  policyNames: row.policyNames,
  policy: row.policy,
});

/**
 * The type a package is written with, read in the write's transaction: an unknown id, or a retired
 * type for a new package (or as a new choice), is the caller's mistake on `typeId`. A package keeps
 * a type retired after it was chosen.
 */
const typeFor = async (
  tx: Tx,
  typeId: string,
  current: string | null,
): Promise<{ type: ResourceTypeRow | null; fields: HttpFieldMessages }> => {
  const [type] = await tx.select().from(resourceTypes).where(eq(resourceTypes.id, typeId));
  if (!type) return { type: null, fields: { typeId: 'resourcePackages.typeRequired' } };
  if (type.retired && type.id !== current) return { type: null, fields: { typeId: 'resourceTypes.retired' } };
  return { type, fields: {} };
};

/**
 * The policy text as the object to store, or 400: text that does not parse ("Cannot save invalid
 * JSON"), a value that is not an object, or one message per place the type's schema refuses, keyed
 * `policy/<JSON pointer>` beside `policy` itself. The type's problems are reported with it.
 */
const checkedInput = async (
  tx: Tx,
  schemas: PolicySchemas,
  input: CreateResourcePackage,
  currentTypeId: string | null,
): Promise<{ type: ResourceTypeRow; policy: Record<string, unknown> }> => {
  const { type, fields } = await typeFor(tx, input.typeId, currentTypeId);
  const parsed = parseJsonText(input.policy);
  if (!parsed.ok)
    throw invalidInput('resourcePackages.invalidJson', { ...fields, policy: 'resourcePackages.invalidJson' });
  const policy = parsed.value;
  if (typeof policy !== 'object' || policy === null || Array.isArray(policy))
    throw invalidInput('errors.invalid_input', { ...fields, policy: 'resourcePackages.policyNotObject' });
  if (!type) throw invalidInput('errors.invalid_input', fields);
  const violations = schemas.violations(type, policy);
  if (violations.length > 0) {
    const places: HttpFieldMessages = { policy: 'resourcePackages.policyInvalid' };
    // The first message per place: Ajv reports several for one value (each branch of a oneOf).
    for (const violation of violations) places[violationField(violation)] ??= violationMessage(violation);
    throw invalidInput('resourcePackages.policyInvalid', places);
  }
  return { type, policy: policy as Record<string, unknown> };
};

/** Who may write the service's packages: others 403; the provider side of a retired service 409. */
const assertCanEdit = (service: LoadedService) => {
  if (canEditResourcePackages(service.relation)) return;
  if (
    service.relation.state === 'service_retired' &&
    canEditResourcePackages({ ...service.relation, state: 'service_online' })
  )
    throw conflict('resourcePackages.notPossible');
  throw forbidden();
};

/** The package named in the address belongs to the service named there, or it does not exist. */
const assertOnService = (loaded: LoadedResourcePackage, serviceId: string) => {
  if (loaded.service.row.id !== serviceId) throw notFound();
};

const cleanNames = (names: readonly string[]) => names.map((name) => name.trim());

/** Adds a package (a draft) to a service: its provider side or the portfolio manager. */
export const createResourcePackage = (
  writes: Writes,
  schemas: PolicySchemas,
  principal: AuthUser,
  serviceId: string,
  input: CreateResourcePackage,
): Promise<ResourcePackageSnapshot> =>
  runWrite<ResourcePackageSnapshot>(writes, actorOf(principal), async (tx) => {
    const service = await loadVisibleService(tx, serviceId, principal, { forUpdate: true });
    assertCanEdit(service);
    const { type, policy } = await checkedInput(tx, schemas, input, null);
    const [row] = await tx
      .insert(resourcePackages)
      .values({
        serviceId: service.row.id,
        typeId: type.id,
        name: input.name,
        quota: input.quota,
        policyNames: cleanNames(input.policyNames),
        policy,
        createdById: principal.id,
        updatedById: principal.id,
      })
      .returning();
    return {
      value: { row: row!, type },
      events: [
        {
          action: 'resourcePackage.created',
          objectType: 'resourcePackage',
          objectId: row!.id,
          after: { serviceId: service.row.id, state: row!.state, ...valuesOf(row!, type) },
        },
      ],
    };
  });

/** The policy of a change or a delete: the package's editors, and not while it waits for review (409). */
const authorizeEdit = (serviceId: string) => (loaded: LoadedResourcePackage) => {
  assertOnService(loaded, serviceId);
  assertCanEdit(loaded.service);
  if (!isResourcePackageEditState(loaded.row.state)) throw conflict('resourcePackages.underReview');
};

/**
 * Replaces a package's values. An approved or rejected package goes back to draft: every edit
 * starts the review over. The reviewer's last comment stays until the package is submitted again,
 * so the provider side sees what to fix while they fix it. Unchanged values write nothing.
 */
export const updateResourcePackage = async (
  writes: Writes,
  schemas: PolicySchemas,
  principal: AuthUser,
  serviceId: string,
  packageId: string,
  input: UpdateResourcePackage,
): Promise<ResourcePackageSnapshot> =>
  (
    await changeResourcePackage(writes, {
      id: packageId,
      principal,
      version: input.version,
      authorize: authorizeEdit(serviceId),
      change: async (tx, loaded) => {
        const { type, policy } = await checkedInput(tx, schemas, input, loaded.row.typeId);
        const next = { name: input.name, quota: input.quota, policyNames: cleanNames(input.policyNames), policy };
        const changes = changesOf(valuesOf(loaded.row, loaded.type), valuesOf(next, type));
        if (!changes) return { events: [] };
        const state = stateAfterEdit(loaded.row.state);
        const restarts = state !== loaded.row.state;
        return {
          set: { ...next, typeId: type.id, state, updatedById: principal.id } satisfies ResourcePackageSet,
          events: [
            {
              action: 'resourcePackage.updated',
              before: { ...changes.before, ...(restarts ? { state: loaded.row.state } : {}) },
              after: { ...changes.after, ...(restarts ? { state } : {}) },
            },
          ],
        };
      },
    })
  ).object;

/** Deletes a package (not while it waits for review). */
export const deleteResourcePackage = async (
  writes: Writes,
  principal: AuthUser,
  serviceId: string,
  packageId: string,
  version: number,
): Promise<void> => {
  await changeResourcePackage(writes, {
    id: packageId,
    principal,
    version,
    authorize: authorizeEdit(serviceId),
    change: async (tx, loaded) => {
      await tx.delete(resourcePackages).where(eq(resourcePackages.id, loaded.row.id));
      return {
        events: [
          {
            action: 'resourcePackage.deleted',
            before: { serviceId: loaded.service.row.id, state: loaded.row.state, ...valuesOf(loaded.row, loaded.type) },
          },
        ],
        // No new version of a deleted row: the Review List's rows are told here.
      };
    },
  });
};

/** The policy of a review step: 403 for a caller who may not take it, 409 from a state it does not run from. */
const authorizeStep = (serviceId: string, action: ResourcePackageAction) => (loaded: LoadedResourcePackage) => {
  assertOnService(loaded, serviceId);
  if (!mayTakeResourcePackageAction(action, loaded.service.relation)) throw forbidden('resourcePackages.notAllowed');
  if (!resourcePackageActionFrom(action, loaded.row.state)) throw conflict('resourcePackages.notPossible');
};

const STEP_EVENTS = {
  submit: 'resourcePackage.submitted',
  withdraw: 'resourcePackage.withdrawn',
  approve: 'resourcePackage.approved',
  reject: 'resourcePackage.rejected',
} as const satisfies Record<ResourcePackageAction, string>;

/** What a step writes on the row beside the state: a submission starts a new review, a decision closes it. */
const stepColumns = (
  action: ResourcePackageAction,
  principal: AuthUser,
  comment: string | null,
): ResourcePackageSet => {
  switch (action) {
    case 'submit':
      return {
        submittedAt: sql`now()`,
        submittedById: principal.id,
        decidedAt: null,
        decidedById: null,
        reviewComment: null,
      };
    case 'withdraw':
      return {};
    case 'approve':
    case 'reject':
      return { decidedAt: sql`now()`, decidedById: principal.id, reviewComment: comment };
  }
};

const stepEvent = (
  action: ResourcePackageAction,
  from: LoadedResourcePackage['row']['state'],
  comment: string | null,
): ObjectEvent<'resourcePackage'> => {
  const to = resourcePackageRule(action).to;
  if (action === 'reject')
    return { action: STEP_EVENTS.reject, before: { state: from }, after: { state: to, comment: comment ?? '' } };
  if (action === 'approve')
    return {
      action: STEP_EVENTS.approve,
      before: { state: from },
      after: { state: to, ...(comment ? { comment } : {}) },
    };
  return { action: STEP_EVENTS[action], before: { state: from }, after: { state: to } };
};

/**
 * The mails of a step: a submission to the reviewers (leading to their list), a decision to the
 * service's provider side and whoever submitted the package, with the reviewer's comment.
 */
const stepMails = (
  tx: Tx,
  action: ResourcePackageAction,
  loaded: LoadedResourcePackage,
  principal: AuthUser,
  comment: string | null,
) => {
  const event = {
    serviceId: loaded.service.row.id,
    actor: mailActorOf(principal),
    packageName: loaded.row.name,
  };
  if (action === 'submit')
    return serviceMails(tx, 'resourcePackageSubmitted', { ...event, path: routePath('resourcePackageReviewList') });
  if (action === 'approve' || action === 'reject')
    return serviceMails(tx, 'resourcePackageDecided', {
      ...event,
      decision: action === 'approve' ? 'approved' : 'rejected',
      alsoTo: loaded.row.submittedById ? [loaded.row.submittedById] : [],
      ...(comment ? { comment } : {}),
    });
  return Promise.resolve([]);
};

/**
 * A review step (the domain's table decides who and from where): submit, withdraw, approve,
 * reject. A rejection needs a comment (the body's schema refuses one without).
 */
export const transitionResourcePackage = async (
  writes: Writes,
  principal: AuthUser,
  serviceId: string,
  packageId: string,
  input: ResourcePackageStep,
): Promise<ResourcePackageSnapshot> =>
  (
    await changeResourcePackage(writes, {
      id: packageId,
      principal,
      version: input.version,
      authorize: authorizeStep(serviceId, input.action),
      change: async (tx, loaded) => {
        const comment = input.comment || null;
        return {
          set: { state: resourcePackageRule(input.action).to, ...stepColumns(input.action, principal, comment) },
          events: [stepEvent(input.action, loaded.row.state, comment)],
          mails: await stepMails(tx, input.action, loaded, principal, comment),
        };
      },
    })
  ).object;
