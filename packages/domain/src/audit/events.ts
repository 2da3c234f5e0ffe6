import { z } from 'zod';
import { ROLES } from '../roles.js';
import { REVIEW_STATUSES } from '../reviews/statuses.js';
import { SERVICE_STATES } from '../services/states.js';
import { CHANGE_DECISIONS, CHANGE_REQUEST_STATES } from '../change-requests/states.js';
import { RESOURCE_PACKAGE_STATES } from '../resource-packages/states.js';
import { OUTBOX_STATES } from '../mail/schemas.js';
import { VO_STATES } from '../vos/states.js';
import { TOKEN_SCOPES } from '../api-tokens/scopes.js';
import { PILOT_NOTICE_KINDS, SERVICE_KINDS } from '../pilots/pilot.js';
import { FEED_EVENT_TYPES } from '../events/feed.js';
import { DOWNTIME_SEVERITIES } from '../downtimes/downtime.js';

/**
 * Every audit event the portal writes, by action: the kind of object it is about and the schema
 * of its `before` and `after`. The server writes only these (recordAuditEvents takes nothing else and
 * parses the payload before it is stored); the history reads them back through the same schemas.
 * Stored rows keep their shape (object_type, object_id, action, before, after), so events written
 * before this table existed read the same way. See docs/adr/0013-write-pipeline-and-audit-events.md.
 */

/** Changed values by name (a field key, `name`, `keywords`, `weighting.<criterion>`, a role): old → new. */
const changedValues = z.record(z.string(), z.unknown());
const state = z.enum(SERVICE_STATES);
const userId = z.string();
const roleHolders = z.record(z.string(), userId.nullable());
const nothing = z.null().optional();
const reviewStatus = z.object({ reviewStatus: z.enum(REVIEW_STATUSES) });
const changeRequestState = z.object({ state: z.enum(CHANGE_REQUEST_STATES) });
const resourceTypeValues = z.looseObject({ key: z.string() });
const decisions = z.record(z.string(), z.enum(CHANGE_DECISIONS).nullable());
const packageState = z.object({ state: z.enum(RESOURCE_PACKAGE_STATES) });
/** A downtime as the public calendar shows it, by its id. */
const downtimeValues = z.object({
  downtimeId: z.string(),
  severity: z.enum(DOWNTIME_SEVERITIES),
  startsAt: z.string(),
  endsAt: z.string(),
  descriptionEn: z.string(),
  descriptionDe: z.string(),
});
/** A package's values as its history shows them; the type by its key, which never changes. */
const packageValues = z.object({
  name: z.string(),
  type: z.string(),
  quota: z.number(),
  policyNames: z.array(z.string()),
  policy: z.record(z.string(), z.unknown()),
});

const event = <
  const O extends AuditObjectType,
  B extends z.ZodType = typeof nothing,
  A extends z.ZodType = typeof nothing,
>(
  objectType: O,
  payload: { before?: B; after?: A },
) => ({
  objectType,
  payload: z.object({
    before: (payload.before ?? nothing) as B,
    after: (payload.after ?? nothing) as A,
  }),
});

export type AuditObjectType =
  | 'user'
  | 'session'
  | 'service'
  | 'keyword'
  | 'institution'
  | 'changeRequest'
  | 'resourcePackage'
  | 'resourceType'
  | 'contact'
  // Admin panel (docs/adr/0036-admin-panel-sections.md)
  | 'mail'
  | 'weightingCriterion'
  | 'entitlementRole'
  | 'voNamePrefix'
  // Timed work (docs/adr/0115, 0116): a job run asked for, the review intervals.
  | 'scheduledJob'
  | 'reviewSchedule'
  | 'vo'
  // Saved views (docs/adr/0044-saved-views.md)
  | 'savedView'
  // Personal API tokens (docs/adr/0113-personal-api-tokens.md)
  | 'apiToken'
  // Webhooks (docs/adr/0120-event-feed-and-signed-webhooks.md)
  | 'webhook';

/** A VO's workflow step: the state before and after, the comment written with it. */
const voStep = event('vo', {
  before: z.object({ state: z.enum(VO_STATES) }),
  after: z.object({ state: z.enum(VO_STATES), comment: z.string().optional() }),
});

/** A saved view as its events keep it: the list, the name, the filters' query string, the visible columns. */
const savedViewValues = z.object({
  list: z.string(),
  name: z.string(),
  query: z.string(),
  columns: z.array(z.string()),
});

/**
 * A workflow step's side: the state, and the status notice it set or cleared (reason and expected
 * end day), present on both sides whenever either has one.
 */
const transitionSide = z.object({
  state,
  statusReason: z.string().nullable().optional(),
  statusExpectedEnd: z.string().nullable().optional(),
});

const AUDIT_EVENTS = {
  'service.created': event('service', {
    // The application's first values ride along beside the identity (field keys, name, provider).
    after: z.looseObject({
      serviceId: z.string(),
      state,
      objectOwner: userId.optional(),
      /** Made by the bulk generator for benchmarks, not by a person. */
      generated: z.boolean().optional(),
    }),
  }),
  'service.updated': event('service', { before: changedValues, after: changedValues }),
  'service.transition': event('service', { before: transitionSide, after: transitionSide }),
  'service.roles.updated': event('service', { before: roleHolders, after: roleHolders }),
  'service.admins.updated': event('service', {
    before: z.object({ admins: z.array(userId) }),
    after: z.object({ admins: z.array(userId) }),
  }),
  'service.roleChange.requested': event('service', {
    before: roleHolders,
    after: z.record(z.string(), z.string()),
  }),
  'service.roleChange.accepted': event('service', { before: roleHolders, after: roleHolders }),
  'service.roleChange.rejected': event('service', { before: roleHolders, after: roleHolders }),
  'service.comment.added': event('service', { after: z.object({ comment: z.string() }) }),
  'service.document.uploaded': event('service', { after: z.object({ document: z.string() }) }),
  'service.document.deleted': event('service', { before: z.object({ document: z.string() }) }),
  'service.documents.activated': event('service', {
    before: z.object({ documentsActive: z.literal(false) }),
    after: z.object({ documentsActive: z.literal(true) }),
  }),
  // Service Field List (ADR 30): one event per service whose field was cleared across services.
  'service.fieldCleared': event('service', {
    before: z.record(z.string(), z.unknown()),
    after: z.record(z.string(), z.null()),
  }),
  // Reviews (docs/adr/0029): about the service; before and after name the review status.
  'review.started': event('service', { before: reviewStatus, after: reviewStatus }),
  'review.stopped': event('service', { before: reviewStatus, after: reviewStatus }),
  'review.ended': event('service', { before: reviewStatus, after: reviewStatus }),
  'review.confirmed': event('service', { before: reviewStatus, after: reviewStatus }),
  'review.editRequired': event('service', { before: reviewStatus, after: reviewStatus }),
  // Reviews on a schedule (docs/adr/0116): a date a portfolio manager set, a reminder mailed.
  'review.dateSet': event('service', {
    before: z.object({ nextReviewOn: z.string().nullable() }),
    after: z.object({ nextReviewOn: z.string() }),
  }),
  // A retirement plan's items that changed, old → new (docs/adr/0122-retirement-plan.md).
  'service.retirementPlan.updated': event('service', { before: changedValues, after: changedValues }),
  'review.reminded': event('service', { after: z.object({ reminderDay: z.int() }) }),
  // Pilot services (docs/adr/0121-pilot-services.md): marked, extended once, a notice sent, the decision due.
  'pilot.kindSet': event('service', {
    before: z.object({ serviceKind: z.enum(SERVICE_KINDS) }),
    after: z.object({ serviceKind: z.enum(SERVICE_KINDS) }),
  }),
  'pilot.extended': event('service', {
    before: z.object({ endsOn: z.string() }),
    after: z.object({ endsOn: z.string(), reason: z.string() }),
  }),
  'pilot.noticeSent': event('service', {
    after: z.object({ notice: z.enum(PILOT_NOTICE_KINDS), endsOn: z.string() }),
  }),
  // Announced downtimes (docs/adr/0124-announced-downtimes.md), in the service's history; the downtime by its id.
  // Every event keeps the downtime's public values as they are after it (what the calendar shows),
  // so the event feed can name them from the event alone (docs/adr/0120-event-feed-and-signed-webhooks.md).
  'downtime.announced': event('service', { after: downtimeValues }),
  'downtime.started': event('service', { after: downtimeValues }),
  // By the schedule (`early` false, the end as announced) or ended early by a person (the planned end before, now after).
  'downtime.ended': event('service', {
    before: z.object({ endsAt: z.string() }),
    after: downtimeValues.extend({ early: z.boolean() }),
  }),
  'downtime.extended': event('service', {
    before: z.object({ endsAt: z.string() }),
    after: downtimeValues,
  }),
  'downtime.cancelled': event('service', { after: downtimeValues }),
  // A person subscribes to a service's downtime mails or stops: about the person, naming the service.
  'downtimeSubscription.created': event('user', { after: z.object({ serviceId: z.string() }) }),
  'downtimeSubscription.deleted': event('user', { before: z.object({ serviceId: z.string() }) }),
  'scheduledJob.runRequested': event('scheduledJob', { after: z.object({ name: z.string() }) }),
  'reviewSchedule.updated': event('reviewSchedule', { before: changedValues, after: changedValues }),
  'keyword.created': event('keyword', { after: z.object({ name: z.string() }) }),
  // Institutions (contact database): created keeps the values a manager sets (the demo seed writes
  // abbreviation and name only); updated keeps old → new of what changed; deleted what was there.
  'institution.created': event('institution', {
    after: z.looseObject({ abbreviation: z.string(), name: z.string() }),
  }),
  'institution.updated': event('institution', { before: changedValues, after: changedValues }),
  'institution.logo.updated': event('institution', {
    before: z.object({ logo: z.string().nullable() }),
    after: z.object({ logo: z.string(), size: z.int() }),
  }),
  'institution.deleted': event('institution', {
    before: z.looseObject({ abbreviation: z.string(), name: z.string() }),
  }),
  'login.password': event('user', { after: z.object({ ip: z.string(), sessionId: z.string().optional() }) }),
  'login.failed': event('session', { after: z.object({ ip: z.string() }) }),
  // Only when the identity provider changed something about the person.
  'login.sso': event('user', { before: changedValues.nullish(), after: changedValues.nullish() }),
  // Sessions the server keeps (docs/adr/0078-sessions-the-server-ends.md): a renewal moves the
  // expiry; an end says why: the owner logged out or ended it, or a portal manager ended them all.
  'session.renewed': event('session', {
    before: z.object({ expiresAt: z.string() }),
    after: z.object({ expiresAt: z.string() }),
  }),
  'session.ended': event('session', {
    after: z.object({ userId: z.string(), reason: z.enum(['logout', 'endedByOwner']) }),
  }),
  'user.sessions.ended': event('user', { after: z.object({ count: z.int() }) }),
  // People who leave (docs/adr/0123-people-who-leave.md): marked gone by the portal manager or by
  // the identity provider's claims at a login; the sessions ended and tokens revoked with it.
  'user.gone': event('user', {
    after: z.object({ source: z.enum(['manager', 'claims']), reason: z.string(), sessionsEnded: z.int() }),
  }),
  // The handover of what a person held: one event on the person, beside each object's own event.
  'user.handedOver': event('user', {
    after: z.object({ items: z.int(), receivers: z.array(z.string()) }),
  }),
  'user.returned': event('user', {
    before: z.object({ goneAt: z.string(), source: z.enum(['manager', 'claims']), reason: z.string() }),
  }),
  // Personal API tokens (docs/adr/0113-personal-api-tokens.md): never the secret, only what the lists show.
  'apiToken.created': event('apiToken', {
    after: z.object({
      ownerId: z.string(),
      name: z.string(),
      prefix: z.string(),
      scopes: z.array(z.enum(TOKEN_SCOPES)),
      expiresAt: z.string(),
    }),
  }),
  'apiToken.revoked': event('apiToken', {
    after: z.object({
      ownerId: z.string(),
      name: z.string(),
      reason: z.enum(['byOwner', 'byManager', 'sessionsEnded', 'gone']),
    }),
  }),
  'user.created': event('user', {
    after: z.looseObject({ username: z.string(), source: z.string().optional() }),
  }),
  'admin.created': event('user', {
    after: z.object({ username: z.string(), roles: z.array(z.enum(ROLES)) }),
  }),
  'admin.configured': event('user', {
    before: z.object({ roles: z.array(z.string()) }),
    // 'rehashed': the same password, hashed again with the configured PASSWORD_HASH_COST.
    after: z.object({ roles: z.array(z.string()), password: z.enum(['changed', 'rehashed']) }),
  }),
  // Mail (docs/adr/0027-mail-outbox.md): a user's own mail settings.
  'user.mailSettings.updated': event('user', {
    before: z.object({ language: z.string(), disabledKinds: z.array(z.string()) }),
    after: z.object({ language: z.string(), disabledKinds: z.array(z.string()) }),
  }),
  // User accounts: the portal manager gives and takes the roles given in the portal.
  // A person asked the portal management for access (docs/adr/0082-home-queues-and-asking-for-access.md).
  'user.access.requested': event('user', {
    after: z.object({ screen: z.string().nullable(), note: z.string(), recipients: z.int() }),
  }),
  'user.roles.updated': event('user', {
    before: z.object({ roles: z.array(z.enum(ROLES)) }),
    after: z.object({ roles: z.array(z.enum(ROLES)) }),
  }),
  // Applying a change request, as the service's history names it (ADR 0085): who handed it in
  // and which fields it applied and discarded, beside the service.updated event of each field.
  'service.changeRequestApplied': event('service', {
    after: z.object({
      changeRequest: z.string(),
      handedInBy: userId.nullable(),
      appliedFields: z.array(z.string()),
      discardedFields: z.array(z.string()),
    }),
  }),
  // Change requests (docs/domain.md#change-requests). Applying one also writes a service.updated
  // event per applied field on the service, so the service's history shows each change.
  'changeRequest.created': event('changeRequest', {
    after: z.object({
      serviceId: z.string(),
      fromIntegrationManager: z.boolean(),
      fields: changedValues,
    }),
  }),
  'changeRequest.updated': event('changeRequest', { before: changedValues, after: changedValues }),
  'changeRequest.handedIn': event('changeRequest', { before: changeRequestState, after: changeRequestState }),
  'changeRequest.withdrawn': event('changeRequest', { before: changeRequestState, after: changeRequestState }),
  'changeRequest.decided': event('changeRequest', { before: decisions, after: decisions }),
  'changeRequest.released': event('changeRequest', { before: changeRequestState, after: changeRequestState }),
  'changeRequest.applied': event('changeRequest', {
    before: changeRequestState,
    after: z.object({
      state: z.enum(CHANGE_REQUEST_STATES),
      applied: z.array(z.string()),
      discarded: z.array(z.string()),
      /** Accepted fields the service had changed since, left as the service had them. */
      kept: z.array(z.string()).optional(),
      serviceVersion: z.int(),
    }),
  }),
  // Resource packages (docs/adr/0031-resource-packages.md): about the package; its service is named
  // at creation and deletion. An update names each changed value old → new (and the state, when an
  // approved or rejected package goes back to draft); a review step names the states, a decision
  // the reviewer's comment.
  'resourcePackage.created': event('resourcePackage', {
    after: packageValues.extend({ serviceId: z.string(), state: z.enum(RESOURCE_PACKAGE_STATES) }),
  }),
  'resourcePackage.updated': event('resourcePackage', { before: changedValues, after: changedValues }),
  'resourcePackage.deleted': event('resourcePackage', {
    before: packageValues.extend({ serviceId: z.string(), state: z.enum(RESOURCE_PACKAGE_STATES) }),
  }),
  'resourcePackage.submitted': event('resourcePackage', { before: packageState, after: packageState }),
  'resourcePackage.withdrawn': event('resourcePackage', { before: packageState, after: packageState }),
  'resourcePackage.approved': event('resourcePackage', {
    before: packageState,
    after: packageState.extend({ comment: z.string().optional() }),
  }),
  'resourcePackage.rejected': event('resourcePackage', {
    before: packageState,
    after: packageState.extend({ comment: z.string() }),
  }),
  // Resource types (docs/adr/0031-resource-packages.md): created with every value, changed as old → new
  // of the values that changed (name, description, quotaUnit, schema, retired), deleted with its values.
  'resourceType.created': event('resourceType', { after: resourceTypeValues }),
  'resourceType.updated': event('resourceType', { before: changedValues, after: changedValues }),
  'resourceType.deleted': event('resourceType', { before: resourceTypeValues }),
  // Contacts (docs/adr/0034-contacts.md, 0035-contact-data-minimisation.md): created keeps the values
  // set, updated old → new of what changed, deleted what was there; a relation names its target and
  // role. Erasing a contact records only that it happened and how much went, and overwrites the
  // contact's earlier events with `{ erased: true }` (a record, so they still read).
  'contact.created': event('contact', { after: changedValues }),
  'contact.updated': event('contact', { before: changedValues, after: changedValues }),
  'contact.deleted': event('contact', { before: changedValues }),
  'contact.relation.added': event('contact', { after: changedValues }),
  'contact.relation.removed': event('contact', { before: changedValues }),
  'contact.erased': event('contact', {
    after: z.object({ erased: z.literal(true), addresses: z.int(), properties: z.int(), relations: z.int() }),
  }),
  // Admin panel (docs/adr/0036-admin-panel-sections.md): the outbox's retry and discard name the
  // states; a retry starts the tries again.
  'mail.retried': event('mail', {
    before: z.object({ state: z.enum(OUTBOX_STATES), tries: z.int() }),
    after: z.object({ state: z.enum(OUTBOX_STATES), tries: z.int() }),
  }),
  // A criterion's changed values old → new (factor, options); `rescored` how many services got a new score.
  'weightingCriterion.updated': event('weightingCriterion', {
    before: changedValues,
    after: z.looseObject({ rescored: z.int() }),
  }),
  // The entitlement → role map: created with its pair (and `source: 'environment'` when the
  // variable seeded it), changed old → new, deleted with what it was.
  'entitlementRole.created': event('entitlementRole', {
    after: z.object({ entitlement: z.string(), role: z.enum(ROLES), source: z.literal('environment').optional() }),
  }),
  'entitlementRole.updated': event('entitlementRole', { before: changedValues, after: changedValues }),
  'entitlementRole.deleted': event('entitlementRole', {
    before: z.object({ entitlement: z.string(), role: z.enum(ROLES) }),
  }),
  // A reserved VO name prefix, added or removed with its note.
  'voNamePrefix.created': event('voNamePrefix', { after: z.object({ prefix: z.string(), note: z.string() }) }),
  'voNamePrefix.deleted': event('voNamePrefix', { before: z.object({ prefix: z.string(), note: z.string() }) }),
  'mail.discarded': event('mail', {
    before: z.object({ state: z.enum(OUTBOX_STATES) }),
    after: z.object({ state: z.enum(OUTBOX_STATES) }),
  }),
  // VO registration (docs/adr/0040-vo-registration.md): the application's values by field, and each
  // workflow step as `vo.<action>` with the state before and after (and the review comment, when written).
  'vo.created': event('vo', { after: changedValues }),
  'vo.updated': event('vo', { before: changedValues, after: changedValues }),
  'vo.send': voStep,
  'vo.approve': voStep,
  'vo.makeAvailable': voStep,
  'vo.withdraw': voStep,
  'vo.backToDraft': voStep,
  // Saved views (docs/adr/0044-saved-views.md): a person's named filters and columns of a list.
  'savedView.created': event('savedView', { after: savedViewValues }),
  'savedView.updated': event('savedView', { before: changedValues, after: changedValues }),
  'savedView.deleted': event('savedView', { before: savedViewValues }),
  // Webhooks (docs/adr/0120-event-feed-and-signed-webhooks.md): never the secret, only that it changed.
  'webhook.created': event('webhook', {
    after: z.object({
      url: z.string(),
      eventTypes: z.array(z.enum(FEED_EVENT_TYPES)),
      active: z.boolean(),
      description: z.string(),
    }),
  }),
  'webhook.updated': event('webhook', { before: changedValues, after: changedValues }),
  'webhook.secretRotated': event('webhook', { after: z.object({ url: z.string() }) }),
  'webhook.redelivered': event('webhook', {
    after: z.object({ delivery: z.string(), eventId: z.string(), state: z.string(), tries: z.int() }),
  }),
} as const;

/**
 * The names an event keeps for an actor who is no user: the portal itself (start-up, the configured
 * admin, seeding) and a caller who has not proven who they are (a failed login). Screens show them
 * in words.
 */
export const SYSTEM_ACTOR_NAME = 'system';
export const ANONYMOUS_ACTOR_NAME = 'anonymous';

export type AuditAction = keyof typeof AUDIT_EVENTS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_EVENTS) as AuditAction[];

export const isAuditAction = (value: unknown): value is AuditAction =>
  typeof value === 'string' && Object.hasOwn(AUDIT_EVENTS, value);

type Definition<A extends AuditAction> = (typeof AUDIT_EVENTS)[A];

/** One event as the code writes it: the payload's type follows from the action. */
export type AuditEvent<A extends AuditAction = AuditAction> = {
  [K in A]: {
    action: K;
    objectType: Definition<K>['objectType'];
    objectId: string;
  } & z.input<Definition<K>['payload']>;
}[A];

/** The events about one kind of object (all a service's history can hold, say). */
export type AuditEventOf<O extends AuditObjectType> = {
  [K in AuditAction]: Definition<K>['objectType'] extends O ? AuditEvent<K> : never;
}[AuditAction];

/** A stored event read back: its payload parsed with the action's schema. */
export type ParsedAuditEvent<A extends AuditAction = AuditAction> = {
  [K in A]: { action: K; objectType: Definition<K>['objectType'] } & z.output<Definition<K>['payload']>;
}[A];

/**
 * Checks an event against its action's schema; throws (a programming error, never the caller's)
 * when the action is unknown or the payload does not fit, so nothing unreadable is ever stored.
 */
export const assertAuditEvent = (event: {
  action: string;
  objectType: string;
  before?: unknown;
  after?: unknown;
}): void => {
  if (!isAuditAction(event.action)) throw new Error(`audit: unknown action ${event.action}`);
  const definition = AUDIT_EVENTS[event.action];
  if (definition.objectType !== event.objectType)
    throw new Error(`audit: ${event.action} is about a ${definition.objectType}, not a ${event.objectType}`);
  const parsed = definition.payload.safeParse({ before: event.before ?? null, after: event.after ?? null });
  if (!parsed.success) throw new Error(`audit: ${event.action} payload does not fit: ${parsed.error.message}`);
};

/**
 * A stored row as a typed event, or null when its action is unknown or its payload does not fit
 * (a row from an older version of the portal): the reader decides how to show those.
 */
export const parseAuditEvent = (row: {
  action: string;
  objectType: string;
  before: unknown;
  after: unknown;
}): ParsedAuditEvent | null => {
  if (!isAuditAction(row.action)) return null;
  const definition = AUDIT_EVENTS[row.action];
  if (definition.objectType !== row.objectType) return null;
  const parsed = definition.payload.safeParse({ before: row.before ?? null, after: row.after ?? null });
  if (!parsed.success) return null;
  return { action: row.action, objectType: definition.objectType, ...parsed.data } as ParsedAuditEvent;
};

/** Every kind of object an event can be about, for the audit log's filter (admin panel). */
export const AUDIT_OBJECT_TYPES: readonly AuditObjectType[] = [
  ...new Set(Object.values(AUDIT_EVENTS).map((definition) => definition.objectType)),
];
