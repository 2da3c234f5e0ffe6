import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  CHANGE_REQUEST_STATES,
  FEED_ACTIONS,
  WEBHOOK_DELIVERY_STATES,
  CONTACT_PROPERTY_KINDS,
  GONE_REASON_MAX,
  GONE_SOURCES,
  INSTITUTION_CONTACT_ROLES,
  SERVICE_CONTACT_ROLES,
  RESOURCE_PACKAGE_STATES,
  REVIEW_STATUSES,
  ROLES,
  SAVED_VIEW_LISTS,
  SERVICE_STATES,
  RETIREMENT_TEXT_MAX,
  STATUS_REASON_MAX,
  VO_ACTIONS,
  VO_STATES,
  type ChangeDecision,
  type ChangeRequestState,
  type ContactPropertyKind,
  type FieldValue,
  type FieldValues,
  type GoneSource,
  type Language,
  type ResourcePackageState,
  type ReviewStatus,
  type SavedViewList,
  type LocalizedText,
  type Role,
  type ServiceState,
  type ServiceType,
  type TokenScope,
  type VoAction,
  type VoState,
  type FeedEventType,
  type WebhookDeliveryState,
  type WeightingAnswers,
  type ServiceKind,
  SERVICE_KINDS,
  PILOT_NOTICE_KINDS,
  PILOT_EXTENSION_REASON_MAX,
  DOWNTIME_DESCRIPTION_MAX,
  DOWNTIME_SEVERITIES,
  type DowntimeSeverity,
  type WeightingOption,
} from '@nubes/domain';
import {
  type AnyPgColumn,
  boolean,
  check,
  bigint,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The version the write pipeline checks and bumps (409 when stale) and when the row last changed. */
const versionAndUpdatedAt = {
  version: integer('version').notNull().default(1),
  updatedAt: timestamps.updatedAt,
};

/** The same with when the row was created. */
const versionAndTimestamps = { version: versionAndUpdatedAt.version, ...timestamps };

export interface UserGroup {
  id: string;
  name: string;
}

/**
 * Institutions of the alliance: the centres and the service providers. `domain` is the home
 * organisation the identity provider names (schac_home_organization); it ties users to their centre.
 */
export const institutions = pgTable(
  'institutions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    abbreviation: text('abbreviation').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    url: text('url').notNull().default(''),
    domain: text('domain'),
    isCentre: boolean('is_centre').notNull().default(false),
    isServiceProvider: boolean('is_service_provider').notNull().default(false),
    /** The logo's bytes in the file store (file_blobs), PNG or JPEG only (docs/adr/0033-institution-logos.md). */
    logoKey: text('logo_key'),
    logoContentType: text('logo_content_type'),
    ...versionAndTimestamps,
  },
  (t) => [
    check(
      'institutions_logo_type',
      sql`(${t.logoKey} is null) = (${t.logoContentType} is null) and (${t.logoContentType} is null or ${t.logoContentType} in ('image/png', 'image/jpeg'))`,
    ),
    uniqueIndex('institutions_abbreviation_key').on(sql`lower(${t.abbreviation})`),
    uniqueIndex('institutions_domain_key').on(sql`lower(${t.domain})`),
    check('institutions_abbreviation_not_blank', sql`length(trim(${t.abbreviation})) > 0`),
    check('institutions_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check('institutions_version_positive', sql`${t.version} > 0`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    fullname: text('fullname').notNull().default(''),
    email: text('email').notNull().default(''),
    /** The identity provider's subject; null for the local direct-login admin. */
    internalId: text('internal_id'),
    issuer: text('issuer'),
    /** Roles given in the portal (admin panel, configuration). */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Roles mapped from the IdP's eduperson_entitlement at the last login; replaced at every login. */
    entitlementRoles: text('entitlement_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    groups: jsonb('groups').$type<UserGroup[]>().notNull().default([]),
    /** Home organisation from the IdP (schac_home_organization); matched to an institution's domain. */
    organisation: text('organisation'),
    institutionId: uuid('institution_id').references(() => institutions.id, { onDelete: 'set null' }),
    passwordHash: text('password_hash'),
    version: integer('version').notNull().default(1),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * The portal's language at the last login: mails go out in it until the person chooses a
     * language in their mail settings (docs/adr/0027-mail-outbox.md).
     */
    loginLanguage: text('login_language').$type<Language>(),
    /**
     * The person left (docs/adr/0123-people-who-leave.md): since when, by whom (null when a login's
     * claims said so), from where and why. A gone person cannot log in.
     */
    goneAt: timestamp('gone_at', { withTimezone: true }),
    goneById: uuid('gone_by_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    goneSource: text('gone_source').$type<GoneSource>(),
    goneReason: text('gone_reason'),
    ...timestamps,
  },
  (t) => [
    check('users_login_language_known', sql`${t.loginLanguage} IS NULL OR ${t.loginLanguage} IN ('en', 'de')`),
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_identity_key').on(t.issuer, t.internalId),
    check('users_username_not_blank', sql`length(trim(${t.username})) > 0`),
    // Direct login is for admins only (ADR 3): a password may exist only beside portalManager.
    check('users_password_only_for_admins', sql`${t.passwordHash} IS NULL OR 'portalManager' = ANY(${t.roles})`),
    check('users_version_positive', sql`${t.version} > 0`),
    check(
      'users_gone_complete',
      sql`(${t.goneAt} IS NULL) = (${t.goneSource} IS NULL) AND (${t.goneAt} IS NULL) = (${t.goneReason} IS NULL)`,
    ),
    check(
      'users_gone_source_known',
      sql`${t.goneSource} IS NULL OR ${t.goneSource} IN (${sql.raw(GONE_SOURCES.map((source) => `'${source}'`).join(', '))})`,
    ),
    check('users_gone_reason_length', sql`length(${t.goneReason}) <= ${sql.raw(String(GONE_REASON_MAX))}`),
    // The handover's people and the portfolio manager's home count read the few gone people here.
    index('users_gone_idx')
      .on(t.goneAt)
      .where(sql`${t.goneAt} IS NOT NULL`),
    index('users_institution_idx').on(t.institutionId),
    // The user pickers search by name and e-mail.
    // No GIN index keeps a pending list (docs/adr/0098-one-statement-per-portfolio-search.md).
    index('users_search_idx')
      .using('gin', sql`to_tsvector('simple', ${t.fullname} || ' ' || ${t.email} || ' ' || ${t.username})`)
      .with({ fastupdate: false }),
    // The Change Request and Resource Package Review Lists find authors and submitters by name, folded (queries/word-search.ts).
    index('users_name_search_idx')
      .using('gin', sql`nubes_search_vector(${t.fullname} || ' ' || ${t.username})`)
      .with({ fastupdate: false }),
  ],
);

export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept beside the id so the history stays readable after a user is removed. */
    actorName: text('actor_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /**
     * The writing transaction's id (xid8) and the row's place in the insert order: the event feed's
     * order. A feed reads only transactions older than every one still open, so an event that commits
     * late is never behind a cursor already handed out (docs/adr/0120-event-feed-and-signed-webhooks.md).
     */
    txId: bigint('tx_id', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('audit_events_object_idx').on(t.objectType, t.objectId, t.at),
    // The event feed walks the events of its actions in their order.
    index('audit_events_feed_idx')
      .on(t.txId, t.seq)
      .where(sql.raw(`action in (${FEED_ACTIONS.map((action) => `'${action}'`).join(', ')})`)),
    // A user account's details list what the user did, newest first.
    index('audit_events_actor_idx').on(t.actorId, t.at),
    // The admin panel's audit log: newest first over everything, and by action.
    index('audit_events_at_idx').on(t.at),
    // The dashboard's recent activity for those who read neither contacts nor institutions (its rule
    // then names only other kinds, which implies the predicate): the time index without those
    // events, which outnumber the rest (docs/adr/0111-dashboard-activity-without-contact-events.md).
    index('audit_events_at_without_contacts_idx')
      .on(t.at)
      .where(sql`object_type not in ('contact', 'institution')`),
    index('audit_events_action_idx').on(t.action, t.at),
  ],
);

/** Secrets generated once and shared by every server instance (token signing key, IdP keys). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Relying-party state of a single sign-on in flight: it must survive a switch of server instance. */
export const oauthSessions = pgTable(
  'oauth_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oauth_sessions_expires_idx').on(t.expiresAt)],
);

/** Failed direct logins per IP and per account, counted in a window (shared by all instances). */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [check('login_throttle_failures_nonnegative', sql`${t.failures} >= 0`)],
);

/** Storage of the built-in development identity provider (oidc-provider adapter). */
export const devIdpPayloads = pgTable(
  'dev_idp_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('dev_idp_payloads_pk').on(t.model, t.id),
    index('dev_idp_payloads_grant_idx').on(t.grantId),
    index('dev_idp_payloads_uid_idx').on(t.uid),
    index('dev_idp_payloads_user_code_idx').on(t.userCode),
  ],
);

/** Numbers behind the human-readable service IDs (SVC-00042): allocated once, never reused. */
export const serviceNumberSeq = pgSequence('service_number_seq', { startWith: 1 });

// The domain's list is the one truth; db/service-states.test.ts checks the migrated CHECK against it.
const SERVICE_STATE_LIST = sql.raw(SERVICE_STATES.map((state) => `'${state}'`).join(', '));

/**
 * A state's position in the workflow (SERVICE_STATES), which the lists sort by: the same constant
 * expression in the queries and in services_state_sort_idx, so the index serves the order.
 */
export const serviceStatePosition = (state: SQLWrapper): SQL =>
  sql`array_position(ARRAY[${SERVICE_STATE_LIST}]::text[], ${state})`;

// Long values the lists never read (the catalogue fields, the weighting) live out of line from 256
// bytes on: toast_tuple_target and storage MAIN for what the lists read, set in drizzle/0018, which
// Drizzle's table options cannot say (docs/adr/0088-narrow-service-rows.md).
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human-readable and stable: SVC- and the number from service_number_seq. */
    serviceId: text('service_id').notNull(),
    name: text('name').notNull(),
    state: text('state').$type<ServiceState>().notNull().default('application_draft'),
    providerInstitutionId: uuid('provider_institution_id').references(() => institutions.id, {
      onDelete: 'set null',
    }),
    objectOwnerId: uuid('object_owner_id').references(() => users.id, { onDelete: 'set null' }),
    serviceOwnerId: uuid('service_owner_id').references(() => users.id, { onDelete: 'set null' }),
    serviceManagerId: uuid('service_manager_id').references(() => users.id, { onDelete: 'set null' }),
    providerManagerId: uuid('provider_manager_id').references(() => users.id, { onDelete: 'set null' }),
    /** The values of the field catalogue (keywords live in service_keywords). */
    fields: jsonb('fields').$type<FieldValues>().notNull().default({}),
    weighting: jsonb('weighting').$type<WeightingAnswers>().notNull().default({}),
    /** Sum of points × factor over the weighting answers; kept here so the integration list sorts on an index. */
    weightedScore: integer('weighted_score').notNull().default(0),
    serviceType: text('service_type').$type<ServiceType>().notNull().default('uncategorised'),
    /** A pilot or a regular service, beside the type (docs/adr/0121-pilot-services.md). */
    serviceKind: text('service_kind').$type<ServiceKind>().notNull().default('regular'),
    documentsActive: boolean('documents_active').notNull().default(false),
    onlineSince: timestamp('online_since', { withTimezone: true }),
    onlineUntil: timestamp('online_until', { withTimezone: true }),
    /**
     * The status notice of a service not available or at full capacity: the reason the public reads
     * and the day it is expected back; written by that step, cleared by every other step.
     */
    statusReason: text('status_reason'),
    statusExpectedEnd: date('status_expected_end', { mode: 'string' }),
    /** The short description, kept beside the fields so lists never read (or detoast) the whole field values. */
    shortDescription: text('short_description').generatedAlwaysAs(
      (): ReturnType<typeof sql> => sql`coalesce(${services.fields}->>'shortDescription', '')`,
    ),
    ...versionAndTimestamps,
  },
  (t) => [
    uniqueIndex('services_service_id_key').on(t.serviceId),
    check('services_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check('services_state_known', sql`${t.state} IN (${SERVICE_STATE_LIST})`),
    check('services_version_positive', sql`${t.version} > 0`),
    check('services_score_nonnegative', sql`${t.weightedScore} >= 0`),
    check('services_fields_object', sql`jsonb_typeof(${t.fields}) = 'object'`),
    check('services_weighting_object', sql`jsonb_typeof(${t.weighting}) = 'object'`),
    check(
      'services_kind_known',
      sql`${t.serviceKind} IN (${sql.raw(SERVICE_KINDS.map((kind) => `'${kind}'`).join(', '))})`,
    ),
    check('services_status_reason_length', sql`length(${t.statusReason}) <= ${sql.raw(String(STATUS_REASON_MAX))}`),
    check(
      'services_online_order',
      sql`${t.onlineUntil} IS NULL OR ${t.onlineSince} IS NULL OR ${t.onlineUntil} >= ${t.onlineSince}`,
    ),
    // The lists filter, sort and search here (docs/adr/0073-lists-and-search-in-the-database.md):
    // by provider, by the caller's relation (visibility), by state, and in each order a list offers,
    // every order ending on the id. Names sort by code point of their lower case (C collation).
    // The provider and state indexes end on the id, so a count or a list of ids by provider or by
    // state (the review list's counts, the package search by provider) reads the index alone
    // (docs/adr/0094-list-statements-read-indexes-alone.md).
    index('services_provider_idx').on(t.providerInstitutionId, t.state, t.id),
    index('services_object_owner_idx').on(t.objectOwnerId),
    index('services_service_owner_idx').on(t.serviceOwnerId),
    index('services_service_manager_idx').on(t.serviceManagerId),
    index('services_provider_manager_idx').on(t.providerManagerId),
    index('services_state_idx').on(t.state, t.providerInstitutionId, t.id),
    // The dashboard's counts of what waits read a service's state, order and relations here alone,
    // by state or, for a change request's or package's service, by its id
    // (docs/adr/0101-dashboard-reads-indexes.md).
    index('services_relations_idx').on(
      t.state,
      t.updatedAt,
      t.id,
      t.objectOwnerId,
      t.serviceOwnerId,
      t.serviceManagerId,
      t.providerManagerId,
    ),
    index('services_name_sort_idx').on(sql`lower(${t.name}) COLLATE "C"`, t.id),
    index('services_updated_sort_idx').on(t.updatedAt, t.id),
    // The few pilots, for the pilot notices job, the pilots ending and the homes (docs/adr/0121-pilot-services.md).
    index('services_pilot_idx')
      .on(t.onlineSince, t.id)
      .where(sql`${t.serviceKind} = 'pilot'`),
    index('services_score_sort_idx').on(t.weightedScore, sql`lower(${t.name}) COLLATE "C"`, t.id),
    // Score and state break ties by name A–Z in both directions, so the descending orders have their own.
    index('services_score_sort_desc_idx').on(sql`${t.weightedScore} DESC`, sql`lower(${t.name}) COLLATE "C"`, t.id),
    // The provider's order: `provider_sort` is the provider's abbreviation in lower case, '' without
    // one, kept by the search trigger (migration 0015); services without a provider go last in both
    // directions, so each direction has its index.
    index('services_provider_sort_idx').on(
      sql`(provider_sort = '')`,
      sql`provider_sort COLLATE "C"`,
      sql`lower(${t.name}) COLLATE "C"`,
      t.id,
    ),
    index('services_provider_sort_desc_idx').on(
      sql`(provider_sort = '')`,
      sql`provider_sort COLLATE "C" DESC`,
      sql`lower(${t.name}) COLLATE "C"`,
      t.id,
    ),
    // The lists' state order is the workflow's, not the alphabet's: by position, then by name.
    index('services_state_sort_idx').on(serviceStatePosition(t.state), sql`lower(${t.name}) COLLATE "C"`, t.id),
    index('services_state_sort_desc_idx').on(
      sql`${serviceStatePosition(t.state)} DESC`,
      sql`lower(${t.name}) COLLATE "C"`,
      t.id,
    ),
    // `search` is a tsvector of the service ID, name, short description and keywords, kept by
    // triggers (drizzle/0014_lists_in_the_database.sql) and never selected with the row. Without
    // fastupdate a write puts its words into the index at once: with it they wait in a pending list
    // that every search reads through until a vacuum, which PGlite never runs
    // (docs/adr/0098-one-statement-per-portfolio-search.md).
    index('services_search_idx')
      .using('gin', sql`search`)
      .with({ fastupdate: false }),
    // The public portfolio's change check (count, sum of versions, latest edit) reads only this index.
    index('services_updated_version_idx').on(t.updatedAt, t.version),
  ],
);

/** Further admins: the service operation group, provider side like the owners. */
export const serviceAdmins = pgTable(
  'service_admins',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.userId] }), index('service_admins_user_idx').on(t.userId)],
);

/**
 * The sessions the server keeps (docs/adr/0078-sessions-the-server-ends.md): a token names its
 * session, and a session that ended or expired lets no request in. Rows of ended and expired
 * sessions stay for the record (who ended it, why) until their user goes.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedById: uuid('ended_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'logout', 'endedByOwner', 'endedByManager' or 'gone' (the person was marked gone). */
    endReason: text('end_reason').$type<SessionEndReason>(),
    /** The browser's User-Agent at login, shortened, for the owner's list. */
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    index('sessions_user_live_idx')
      .on(t.userId, t.expiresAt)
      .where(sql`${t.endedAt} IS NULL`),
    check(
      'sessions_end_reason_known',
      sql`${t.endReason} IS NULL OR ${t.endReason} IN ('logout', 'endedByOwner', 'endedByManager', 'gone')`,
    ),
  ],
);

export type SessionEndReason = 'logout' | 'endedByOwner' | 'endedByManager' | 'gone';

/**
 * Personal API tokens (docs/adr/0113-personal-api-tokens.md): only the SHA-256 of the secret is
 * kept; `prefix` is what the lists show. A revoked token keeps its row, so the lists and the audit
 * events still name it.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole token. */
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull().$type<TokenScope[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** At most once a minute (auth/api-tokens.ts): the list's "last used", not a log of uses. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedById: uuid('revoked_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('api_tokens_secret_hash_key').on(t.secretHash),
    index('api_tokens_user_idx').on(t.userId, t.createdAt),
    check('api_tokens_name_not_blank', sql`length(trim(${t.name})) > 0`),
  ],
);

/** Requests of the service manager to change the service owner or the manager; the portfolio manager decides. */
export const serviceRoleChanges = pgTable(
  'service_role_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    state: text('state').notNull().default('pending'),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('service_role_changes_role_known', sql`${t.role} IN ('serviceOwner', 'serviceManager')`),
    check('service_role_changes_state_known', sql`${t.state} IN ('pending', 'accepted', 'rejected')`),
    // At most one open request per role and service.
    uniqueIndex('service_role_changes_pending_key')
      .on(t.serviceId, t.role)
      .where(sql`${t.state} = 'pending'`),
  ],
);

export const keywords = pgTable(
  'keywords',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('keywords_name_key').on(sql`lower(${t.name})`),
    check('keywords_name_not_blank', sql`length(trim(${t.name})) > 0`),
  ],
);

export const serviceKeywords = pgTable(
  'service_keywords',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    keywordId: uuid('keyword_id')
      .notNull()
      .references(() => keywords.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.keywordId] }), index('service_keywords_keyword_idx').on(t.keywordId)],
);

/**
 * File contents, kept in the database so every server instance sees every file; the FileStore
 * interface lets an object store take over later without touching the documents' metadata.
 */
export const fileBlobs = pgTable(
  'file_blobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    content: customType<{ data: Buffer }>({ dataType: () => 'bytea' })('content').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('file_blobs_size_positive', sql`${t.size} > 0`)],
);

export const serviceDocuments = pgTable(
  'service_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** Where the FileStore keeps the bytes (a file_blobs id for the database store). */
    storageKey: text('storage_key').notNull(),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    uploadedByName: text('uploaded_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('service_documents_service_idx').on(t.serviceId, t.createdAt),
    check('service_documents_size_range', sql`${t.size} > 0 AND ${t.size} <= 20971520`),
    check('service_documents_filename_not_blank', sql`length(trim(${t.filename})) > 0`),
  ],
);

export const serviceComments = pgTable(
  'service_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('service_comments_service_idx').on(t.serviceId, t.createdAt),
    check('service_comments_text_not_blank', sql`length(trim(${t.text})) > 0`),
  ],
);

/** The weighting criteria as data: seeded by the migration's companion, editable later. */
export const weightingCriteria = pgTable(
  'weighting_criteria',
  {
    key: text('key').primaryKey(),
    position: integer('position').notNull(),
    label: jsonb('label').$type<LocalizedText>().notNull(),
    factor: integer('factor').notNull(),
    options: jsonb('options').$type<WeightingOption[]>().notNull(),
    ...versionAndTimestamps,
  },
  (t) => [
    check('weighting_criteria_factor_nonnegative', sql`${t.factor} >= 0`),
    check('weighting_criteria_options_array', sql`jsonb_typeof(${t.options}) = 'array'`),
  ],
);

// Reviews (docs/adr/0029-service-reviews.md): one row per service that ever had a review.
const REVIEW_STATUS_LIST = sql.raw(REVIEW_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * A service's review, beside the service row rather than in it: a review changes neither the
 * service's version (a bulk start must not make open edit forms stale) nor its last edit. No row
 * means no review yet (inactive, version 0 on the wire).
 */
export const serviceReviews = pgTable(
  'service_reviews',
  {
    serviceId: uuid('service_id')
      .primaryKey()
      .references(() => services.id, { onDelete: 'cascade' }),
    status: text('status').$type<ReviewStatus>().notNull().default('inactive'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    startedById: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredById: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    /** The last ended review: when, and what it came to (running: ended without an answer). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    lastOutcome: text('last_outcome').$type<ReviewStatus>(),
    ...versionAndUpdatedAt,
  },
  (t) => [
    check('service_reviews_status_known', sql`${t.status} IN (${REVIEW_STATUS_LIST})`),
    check(
      'service_reviews_outcome_known',
      sql`${t.lastOutcome} IS NULL OR ${t.lastOutcome} IN ('running', 'editRequired', 'finishedOK')`,
    ),
    check('service_reviews_version_positive', sql`${t.version} > 0`),
    check('service_reviews_running_started', sql`${t.status} = 'inactive' OR ${t.startedAt} IS NOT NULL`),
    // Bulk end and the other instances' change check read by status and by the last change; the
    // review list's status filter (My Services: running) in the order of the start.
    index('service_reviews_status_idx').on(t.status, t.startedAt),
    index('service_reviews_updated_idx').on(t.updatedAt, t.version),
  ],
);

// Reviews on a schedule (docs/adr/0116-reviews-on-a-schedule.md).

/**
 * A catalogue service's next review date, kept by the review schedule job: one interval after its
 * last ended review or after it went online, unless a portfolio manager set the date
 * (`fixed_on`, which holds until a review ends after it was set). `started_for` is the date the job
 * last started a review for, so a review stopped by hand is not started again for the same date.
 */
export const reviewSchedule = pgTable(
  'review_schedule',
  {
    serviceId: uuid('service_id')
      .primaryKey()
      .references(() => services.id, { onDelete: 'cascade' }),
    nextReviewOn: date('next_review_on', { mode: 'string' }).notNull(),
    fixedOn: date('fixed_on', { mode: 'string' }),
    fixedAt: timestamp('fixed_at', { withTimezone: true }),
    startedFor: date('started_for', { mode: 'string' }),
    ...versionAndUpdatedAt,
  },
  (t) => [
    check('review_schedule_version_positive', sql`${t.version} > 0`),
    check('review_schedule_fixed_together', sql`(${t.fixedOn} IS NULL) = (${t.fixedAt} IS NULL)`),
    // The job's due reviews and the review list's due and due-soon filters read by date.
    index('review_schedule_next_idx').on(t.nextReviewOn, t.serviceId),
  ],
);

/**
 * The reminders mailed for a review round (the service and the round's start): the key makes each
 * reminder once, however often the job runs.
 */
export const reviewReminders = pgTable(
  'review_reminders',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    roundStartedAt: timestamp('round_started_at', { withTimezone: true }).notNull(),
    reminderDay: integer('reminder_day').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.roundStartedAt, t.reminderDay] }),
    check('review_reminders_day_known', sql`${t.reminderDay} IN (14, 28)`),
  ],
);

/** The portfolio manager's intervals between reviews: one row. */
export const reviewScheduleSettings = pgTable(
  'review_schedule_settings',
  {
    id: integer('id').primaryKey().default(1),
    defaultMonths: integer('default_months').notNull().default(12),
    pilotMonths: integer('pilot_months').notNull().default(12),
    ...versionAndUpdatedAt,
  },
  (t) => [
    check('review_schedule_settings_one_row', sql`${t.id} = 1`),
    check(
      'review_schedule_settings_months',
      sql`${t.defaultMonths} BETWEEN 1 AND 60 AND ${t.pilotMonths} BETWEEN 1 AND 60`,
    ),
    check('review_schedule_settings_version_positive', sql`${t.version} > 0`),
  ],
);

// Offboarding (docs/adr/0122-retirement-plan.md).

/**
 * A service's retirement plan, one row per service from its first save: filled in by the provider
 * side and the portfolio manager while the service is discontinued, complete before it is retired.
 * The successor is another service; if that one is ever deleted, the plan names none.
 */
export const retirementPlans = pgTable(
  'retirement_plans',
  {
    serviceId: uuid('service_id')
      .primaryKey()
      .references(() => services.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    plannedEndOn: date('planned_end_on', { mode: 'string' }),
    usersToldOn: date('users_told_on', { mode: 'string' }),
    usersToldHow: text('users_told_how'),
    dataExportUntil: date('data_export_until', { mode: 'string' }),
    dataDeletionOn: date('data_deletion_on', { mode: 'string' }),
    successorId: uuid('successor_id').references(() => services.id, { onDelete: 'set null' }),
    ...versionAndUpdatedAt,
  },
  (t) => [
    check('retirement_plans_version_positive', sql`${t.version} > 0`),
    check('retirement_plans_not_own_successor', sql`${t.successorId} <> ${t.serviceId}`),
    check(
      'retirement_plans_text_length',
      sql`length(${t.reason}) <= ${sql.raw(String(RETIREMENT_TEXT_MAX))} AND length(${t.usersToldHow}) <= ${sql.raw(String(RETIREMENT_TEXT_MAX))}`,
    ),
    // Which plans name a service as successor (the public page's link back, a service deleted).
    index('retirement_plans_successor_idx').on(t.successorId),
  ],
);

// Pilot services (docs/adr/0121-pilot-services.md).

/** A pilot's one extension: its new end, why, by whom and when. The key allows one per service. */
export const pilotExtensions = pgTable(
  'pilot_extensions',
  {
    serviceId: uuid('service_id')
      .primaryKey()
      .references(() => services.id, { onDelete: 'cascade' }),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    extendedBy: uuid('extended_by').references(() => users.id, { onDelete: 'set null' }),
    extendedAt: timestamp('extended_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'pilot_extensions_reason_length',
      sql`length(trim(${t.reason})) BETWEEN 1 AND ${sql.raw(String(PILOT_EXTENSION_REASON_MAX))}`,
    ),
  ],
);

/**
 * The notices the pilot notices job wrote: one per service, kind and pilot end, however often the
 * job runs; a new end (the extension) has notices of its own.
 */
export const pilotNotices = pgTable(
  'pilot_notices',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    pilotEndsOn: date('pilot_ends_on', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.kind, t.pilotEndsOn] }),
    check(
      'pilot_notices_kind_known',
      sql`${t.kind} IN (${sql.raw(PILOT_NOTICE_KINDS.map((kind) => `'${kind}'`).join(', '))})`,
    ),
  ],
);

// Timed jobs (docs/adr/0115-one-scheduler-for-timed-work.md).

/**
 * One row per job: written in the transaction of each run, under the job's advisory lock, so
 * several instances on one database run each due job once.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    name: text('name').primaryKey(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    runCount: integer('run_count').notNull().default(0),
    ...versionAndUpdatedAt,
  },
  (t) => [
    check('scheduled_jobs_version_positive', sql`${t.version} > 0`),
    check('scheduled_jobs_run_count_nonnegative', sql`${t.runCount} >= 0`),
  ],
);

// Mail outbox and mail settings (docs/adr/0027-mail-outbox.md).

/**
 * Every mail the portal sends, written in the transaction of the change that causes it and sent
 * by the outbox worker. `pending` waits for `next_attempt_at`; `sending` is claimed by one worker
 * until `locked_until` (a worker that dies leaves it to be claimed again after that); `failed`
 * gave up after the last try. Subject and text are rendered in the recipient's language when queued.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    state: text('state').notNull().default('pending'),
    tries: integer('tries').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Which claim holds a `sending` row: only that claim may mark it sent or failed. */
    claimToken: uuid('claim_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Every change of the row (the worker's too) counts up: a retry or discard names the version it read. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // `discarded`: the portal manager stopped it; it is never sent unless retried.
    check('mail_outbox_state_known', sql`${t.state} IN ('pending', 'sending', 'sent', 'failed', 'discarded')`),
    check('mail_outbox_tries_nonnegative', sql`${t.tries} >= 0`),
    check('mail_outbox_to_not_blank', sql`length(trim(${t.toAddress})) > 0`),
    // The worker's claim reads only the rows still to send, by due time.
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} IN ('pending', 'sending')`),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);

/**
 * A user's mail settings: the language of their mails (a preference they set; the settings screen
 * proposes the language of the portal as they use it) and the kinds they switched off. No row:
 * mails in English, every kind on.
 */
export const mailSettings = pgTable(
  'mail_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').notNull().default('en'),
    disabledKinds: text('disabled_kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...versionAndTimestamps,
  },
  (t) => [
    check('mail_settings_language_known', sql`${t.language} IN ('en', 'de')`),
    check('mail_settings_version_positive', sql`${t.version} > 0`),
  ],
);

// Change requests (ADR 0028): the provider side's or the integration manager's proposed field
// values for a service, decided field by field by the portfolio manager.
const CHANGE_REQUEST_STATE_LIST = sql.raw(CHANGE_REQUEST_STATES.map((state) => `'${state}'`).join(', '));

export const changeRequests = pgTable(
  'change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    state: text('state').$type<ChangeRequestState>().notNull().default('draft'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Made by an integration manager, not by the provider side: shown as such, edited by them. */
    fromIntegrationManager: boolean('from_integration_manager').notNull().default(false),
    ...versionAndTimestamps,
  },
  (t) => [
    check('change_requests_state_known', sql`${t.state} IN (${CHANGE_REQUEST_STATE_LIST})`),
    check('change_requests_version_positive', sql`${t.version} > 0`),
    // At most one open request per service: the provider side works on one at a time, and the
    // lock has one reason to show.
    uniqueIndex('change_requests_open_key')
      .on(t.serviceId)
      .where(sql`${t.state} IN ('draft', 'handed_in', 'released')`),
    index('change_requests_service_idx').on(t.serviceId, t.createdAt),
    // The Change Request List's orders (queries/change-request-list.ts), each ending on the id: the
    // latest change (also the fingerprint's), creation, and a state filter in the default order.
    index('change_requests_updated_idx').on(t.updatedAt, t.id),
    index('change_requests_created_idx').on(t.createdAt, t.id),
    index('change_requests_state_idx').on(t.state, t.updatedAt, t.id),
    // The order by the service's name: `service_sort` is the service's name in lower case, kept by
    // triggers (migration 0034; docs/adr/0136-list-tails.md), so a page walks this index instead of
    // the services' name index through every service without a request.
    index('change_requests_service_sort_idx').on(sql`service_sort COLLATE "C"`, sql`${t.id} DESC`),
  ],
);

/** One proposed field of a change request: the value when proposed, the new value and the decision. */
export const changeRequestFields = pgTable(
  'change_request_fields',
  {
    changeRequestId: uuid('change_request_id')
      .notNull()
      .references(() => changeRequests.id, { onDelete: 'cascade' }),
    fieldKey: text('field_key').notNull(),
    currentValue: jsonb('current_value').$type<FieldValue>(),
    newValue: jsonb('new_value').$type<FieldValue>(),
    decision: text('decision').$type<ChangeDecision>(),
  },
  (t) => [
    primaryKey({ columns: [t.changeRequestId, t.fieldKey] }),
    check('change_request_fields_decision_known', sql`${t.decision} IS NULL OR ${t.decision} IN ('accept', 'discard')`),
    check('change_request_fields_key_not_blank', sql`length(trim(${t.fieldKey})) > 0`),
  ],
);

// Resource types and resource packages (docs/adr/0031-resource-packages.md).

/**
 * What a service can grant, with the JSON Schema (draft 2020-12) its policies must meet. Name,
 * description and quota unit are held in English and German. A type in use is retired, not deleted
 * (the packages' foreign key refuses the delete).
 */
export const resourceTypes = pgTable(
  'resource_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    quotaUnit: jsonb('quota_unit').$type<LocalizedText>().notNull(),
    // json, not jsonb: the text as written, so the properties keep their order (a form shows them in it).
    schema: json('schema').$type<Record<string, unknown>>().notNull(),
    retired: boolean('retired').notNull().default(false),
    ...versionAndTimestamps,
  },
  (t) => [
    uniqueIndex('resource_types_key_key').on(t.key),
    check('resource_types_key_form', sql`${t.key} ~ '^[a-z][a-z0-9-]{1,48}[a-z0-9]$'`),
    check('resource_types_schema_object', sql`json_typeof(${t.schema}) = 'object'`),
    check('resource_types_version_positive', sql`${t.version} > 0`),
  ],
);

const RESOURCE_PACKAGE_STATE_LIST = sql.raw(RESOURCE_PACKAGE_STATES.map((state) => `'${state}'`).join(', '));

/**
 * A named policy of a resource type that a service grants, with its quota, and its review: who
 * submitted it when, who decided when, and the reviewer's comment.
 */
export const resourcePackages = pgTable(
  'resource_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    typeId: uuid('type_id')
      .notNull()
      .references(() => resourceTypes.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    quota: doublePrecision('quota').notNull(),
    policyNames: jsonb('policy_names').$type<string[]>().notNull(),
    // json, not jsonb: the policy keeps the order its author wrote (jsonb sorts keys).
    policy: json('policy').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<ResourcePackageState>().notNull().default('draft'),
    createdById: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedById: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedById: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedById: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    reviewComment: text('review_comment'),
    ...versionAndTimestamps,
  },
  (t) => [
    check('resource_packages_state_known', sql`${t.state} IN (${RESOURCE_PACKAGE_STATE_LIST})`),
    check('resource_packages_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check('resource_packages_quota_positive', sql`${t.quota} > 0`),
    check('resource_packages_policy_object', sql`json_typeof(${t.policy}) = 'object'`),
    check(
      'resource_packages_policy_names',
      sql`jsonb_typeof(${t.policyNames}) = 'array' AND jsonb_array_length(${t.policyNames}) > 0`,
    ),
    check('resource_packages_version_positive', sql`${t.version} > 0`),
    // A package waiting for review has been submitted by someone at some time.
    check('resource_packages_submitted_when', sql`${t.state} <> 'submitted' OR ${t.submittedAt} IS NOT NULL`),
    check(
      'resource_packages_decided_when',
      sql`${t.state} NOT IN ('approved', 'rejected') OR ${t.decidedAt} IS NOT NULL`,
    ),
    index('resource_packages_service_idx').on(t.serviceId, t.createdAt),
    index('resource_packages_type_idx').on(t.typeId),
    // The review list: waiting packages first, by submission.
    index('resource_packages_state_submitted_idx').on(t.state, t.submittedAt),
    // The review list's default order, expression for expression (queries/resource-package-review-list.ts):
    // submitted packages first, oldest submission first, then the rest by latest change.
    index('resource_packages_waiting_idx').on(
      sql`(${t.state} = 'submitted') DESC`,
      sql`(CASE WHEN ${t.state} = 'submitted' THEN ${t.submittedAt} END)`,
      sql`${t.updatedAt} DESC`,
      t.id,
    ),
    // The review list's orders by latest change and by name, ending on the id
    // (queries/resource-package-review-list.ts); the first also serves the change check.
    index('resource_packages_updated_idx').on(t.updatedAt, t.id),
    index('resource_packages_name_sort_idx').on(sql`lower(${t.name}) COLLATE "C"`, t.id),
    // The order by the service's name, kept on the package as on a change request (service_sort,
    // migration 0034).
    index('resource_packages_service_sort_idx').on(sql`service_sort COLLATE "C"`, t.id),
    // The review list's search: `search` is a tsvector of the package's name, its service's search
    // document, its provider and its submitter, kept by triggers (migration 0033;
    // docs/adr/0135-list-answers-carry-what-the-screen-shows.md).
    index('resource_packages_search_idx')
      .using('gin', sql`search`)
      .with({ fastupdate: false }),
  ],
);

// Contacts (docs/adr/0034-contacts.md): the people the alliance works with, their addresses and
// properties, and their relations to services and institutions. A contact's rows go with it.

/**
 * A constant list of the domain's words (states, statuses: never user input) as SQL literals: one
 * chunk of the statement rather than a parameter each, as the lists build and bind it per request.
 */
export const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull().default(''),
    /** A function mailbox rather than a person's address. */
    emailNotPersonal: boolean('email_not_personal').notNull().default(false),
    // Restrict: the institution command refuses with a message first; this holds even without it.
    institutionId: uuid('institution_id').references(() => institutions.id, { onDelete: 'restrict' }),
    otherInstitution: text('other_institution').notNull().default(''),
    notes: text('notes').notNull().default(''),
    // The names as the list sorts them, folded as its search folds them (nubes_fold, 0014): stored,
    // so sorting a search's matches compares stored text instead of folding every name again.
    lastnameSort: text('lastname_sort').generatedAlwaysAs(
      (): ReturnType<typeof sql> => sql`public.nubes_fold(${contacts.lastname})`,
    ),
    firstnameSort: text('firstname_sort').generatedAlwaysAs(
      (): ReturnType<typeof sql> => sql`public.nubes_fold(${contacts.firstname})`,
    ),
    ...versionAndTimestamps,
  },
  (t) => [
    check('contacts_firstname_not_blank', sql`length(trim(${t.firstname})) > 0`),
    check('contacts_lastname_not_blank', sql`length(trim(${t.lastname})) > 0`),
    check('contacts_email_form', sql`${t.email} = '' OR ${t.email} ~ '^[^@[:space:]]+@[^@[:space:]]+$'`),
    check('contacts_version_positive', sql`${t.version} > 0`),
    index('contacts_institution_idx').on(t.institutionId),
    // Contacts and user accounts meet by e-mail address, regardless of case.
    index('contacts_email_idx').on(sql`lower(${t.email})`),
    // The contact list's orders, and its search: `search` is a tsvector of names, e-mail,
    // institution, notes and properties, kept by triggers and never selected with the row;
    // `property_kinds` the kinds of its properties, each once, kept by the same trigger (0020).
    index('contacts_lastname_sort_idx').on(
      sql`${t.lastnameSort} COLLATE "C"`,
      sql`${t.firstnameSort} COLLATE "C"`,
      t.id,
    ),
    index('contacts_firstname_sort_idx').on(
      sql`${t.firstnameSort} COLLATE "C"`,
      sql`${t.lastnameSort} COLLATE "C"`,
      t.id,
    ),
    // Empty e-mail addresses and institutions go last in both directions: each direction has its
    // index. `institution_sort` is the institution's abbreviation or else the other institution,
    // folded, '' without either, kept by the search trigger (migration 0015).
    index('contacts_email_sort_idx').on(sql`(${t.email} = '')`, sql`lower(${t.email}) COLLATE "C"`, t.id),
    index('contacts_email_sort_desc_idx').on(sql`(${t.email} = '')`, sql`lower(${t.email}) COLLATE "C" DESC`, t.id),
    index('contacts_institution_sort_idx').on(sql`(institution_sort = '')`, sql`institution_sort COLLATE "C"`, t.id),
    index('contacts_institution_sort_desc_idx').on(
      sql`(institution_sort = '')`,
      sql`institution_sort COLLATE "C" DESC`,
      t.id,
    ),
    index('contacts_updated_sort_idx').on(t.updatedAt, t.id),
    // One index for the search and the property kind filter, so a search for a kind's holders is
    // one index scan (docs/adr/0093-one-read-per-contact-search.md).
    index('contacts_search_idx')
      .using('gin', sql`search`, sql`property_kinds`)
      .with({ fastupdate: false }),
  ],
);

export const contactAddresses = pgTable(
  'contact_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    street: text('street').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [
    check(
      'contact_addresses_not_empty',
      sql`length(trim(${t.street} || ${t.postalCode} || ${t.city} || ${t.country})) > 0`,
    ),
    uniqueIndex('contact_addresses_position_key').on(t.contactId, t.position),
    // At most one primary address per contact; the command sees that there is one.
    uniqueIndex('contact_addresses_one_primary')
      .on(t.contactId)
      .where(sql`${t.isPrimary}`),
  ],
);

export const contactProperties = pgTable(
  'contact_properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').$type<ContactPropertyKind>().notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    check('contact_properties_kind_known', sql`${t.kind} IN (${sqlList(CONTACT_PROPERTY_KINDS)})`),
    check('contact_properties_value_not_blank', sql`length(trim(${t.value})) > 0`),
    uniqueIndex('contact_properties_position_key').on(t.contactId, t.position),
  ],
);

/** A contact's role on exactly one service or at exactly one institution. */
export const contactRelations = pgTable(
  'contact_relations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'cascade' }),
    institutionId: uuid('institution_id').references(() => institutions.id, { onDelete: 'restrict' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('contact_relations_one_target', sql`num_nonnulls(${t.serviceId}, ${t.institutionId}) = 1`),
    check(
      'contact_relations_role_known',
      sql`(${t.serviceId} IS NULL OR ${t.role} IN (${sqlList(SERVICE_CONTACT_ROLES)})) AND (${t.institutionId} IS NULL OR ${t.role} IN (${sqlList(INSTITUTION_CONTACT_ROLES)}))`,
    ),
    uniqueIndex('contact_relations_service_key')
      .on(t.contactId, t.serviceId, t.role)
      .where(sql`${t.serviceId} IS NOT NULL`),
    uniqueIndex('contact_relations_institution_key')
      .on(t.contactId, t.institutionId, t.role)
      .where(sql`${t.institutionId} IS NOT NULL`),
    index('contact_relations_contact_idx').on(t.contactId),
    index('contact_relations_service_idx').on(t.serviceId),
    index('contact_relations_institution_idx').on(t.institutionId),
  ],
);

// Admin panel (docs/adr/0036-admin-panel-sections.md) ------------------------------------------------

/**
 * The map from the identity provider's eduperson_entitlement values to roles, read at every SSO
 * login. OIDC_ENTITLEMENT_ROLES seeds it when the table is empty at start.
 */
export const entitlementRoleMappings = pgTable(
  'entitlement_role_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entitlement: text('entitlement').notNull(),
    role: text('role').$type<Role>().notNull(),
    ...versionAndTimestamps,
  },
  (t) => [
    uniqueIndex('entitlement_role_mappings_entitlement_idx').on(t.entitlement),
    check('entitlement_role_mappings_role_known', sql`${t.role} IN (${sqlList(ROLES)})`),
    check('entitlement_role_mappings_entitlement_not_blank', sql`length(trim(${t.entitlement})) > 0`),
  ],
);

/**
 * Prefixes a new VO's name may not start with (compared case-insensitively, so unique in lower case);
 * the centres' abbreviations are reserved too, read from the institutions.
 */
export const voNamePrefixes = pgTable(
  'vo_name_prefixes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    prefix: text('prefix').notNull(),
    note: text('note').notNull().default(''),
    ...versionAndTimestamps,
  },
  (t) => [
    uniqueIndex('vo_name_prefixes_prefix_idx').on(sql`lower(${t.prefix})`),
    check('vo_name_prefixes_prefix_characters', sql`${t.prefix} ~ '^[A-Za-z0-9_-]+$'`),
  ],
);

// VO registration (docs/adr/0040-vo-registration.md): the application of a virtual organisation, the
// services it wants, and the comments of its review.

/**
 * A VO application and, once available, the VO. The applicant and the deputy are its managers; the
 * confirmations of the terms and the policies keep who gave them when. `entitlement` is the AAI
 * group entitlement given when the VO became available, kept as it was handed to the AAI.
 */
export const vos = pgTable(
  'vos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    state: text('state').$type<VoState>().notNull().default('application_draft'),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    deputyId: uuid('deputy_id').references(() => users.id, { onDelete: 'set null' }),
    homeInstitutionId: uuid('home_institution_id').references(() => institutions.id, { onDelete: 'set null' }),
    securityContactEmail: text('security_contact_email').notNull().default(''),
    expectedMembers: integer('expected_members'),
    aupAdditions: text('aup_additions').notNull().default(''),
    termsConfirmed: boolean('terms_confirmed').notNull().default(false),
    termsConfirmedBy: uuid('terms_confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    termsConfirmedAt: timestamp('terms_confirmed_at', { withTimezone: true }),
    policiesAccepted: boolean('policies_accepted').notNull().default(false),
    policiesAcceptedBy: uuid('policies_accepted_by').references(() => users.id, { onDelete: 'set null' }),
    policiesAcceptedAt: timestamp('policies_accepted_at', { withTimezone: true }),
    /** The last time the application was sent: the review list's order. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    entitlement: text('entitlement'),
    ...versionAndTimestamps,
  },
  (t) => [
    // Names are unique regardless of case: the AAI's group names are.
    uniqueIndex('vos_name_lower_key').on(sql`lower(${t.name})`),
    check('vos_state_known', sql`${t.state} IN (${sqlList(VO_STATES)})`),
    check('vos_name_characters', sql`${t.name} ~ '^[A-Za-z0-9_-]+$' AND length(${t.name}) <= 64`),
    check('vos_version_positive', sql`${t.version} > 0`),
    check('vos_expected_members_positive', sql`${t.expectedMembers} IS NULL OR ${t.expectedMembers} >= 1`),
    check('vos_deputy_not_applicant', sql`${t.deputyId} IS NULL OR ${t.deputyId} <> ${t.applicantId}`),
    check('vos_terms_confirmed_when', sql`${t.termsConfirmed} = (${t.termsConfirmedAt} IS NOT NULL)`),
    check('vos_policies_accepted_when', sql`${t.policiesAccepted} = (${t.policiesAcceptedAt} IS NOT NULL)`),
    // Past the draft, the application was sent: with the terms confirmed and the policies accepted.
    check(
      'vos_sent_confirmed',
      sql`${t.state} IN ('application_draft', 'application_withdrawn') OR (${t.termsConfirmed} AND ${t.policiesAccepted} AND ${t.sentAt} IS NOT NULL)`,
    ),
    check('vos_entitlement_when_available', sql`(${t.state} = 'vo_available') = (${t.entitlement} IS NOT NULL)`),
    index('vos_applicant_idx').on(t.applicantId),
    index('vos_deputy_idx').on(t.deputyId),
    index('vos_state_idx').on(t.state, t.sentAt),
  ],
);

/** The online services a VO wants to use. */
export const voServices = pgTable(
  'vo_services',
  {
    voId: uuid('vo_id')
      .notNull()
      .references(() => vos.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.voId, t.serviceId] }), index('vo_services_service_idx').on(t.serviceId)],
);

/** A comment of the review, written with a workflow step (back to draft from received needs one). */
export const voComments = pgTable(
  'vo_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    voId: uuid('vo_id')
      .notNull()
      .references(() => vos.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    action: text('action').$type<VoAction>().notNull(),
    fromState: text('from_state').$type<VoState>().notNull(),
    toState: text('to_state').$type<VoState>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('vo_comments_text_not_blank', sql`length(trim(${t.text})) > 0`),
    check('vo_comments_action_known', sql`${t.action} IN (${sqlList(VO_ACTIONS)})`),
    check('vo_comments_from_known', sql`${t.fromState} IN (${sqlList(VO_STATES)})`),
    check('vo_comments_to_known', sql`${t.toState} IN (${sqlList(VO_STATES)})`),
    index('vo_comments_vo_idx').on(t.voId, t.createdAt),
  ],
);

// Saved views (docs/adr/0044-saved-views.md): a person's named filters and columns of a list.

/**
 * A saved view of one list for one person: the list's query string (its filters, sort and page
 * size, as the list keeps them in the URL) and the visible columns. The name is unique per person
 * and list; the view goes with its person.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').$type<SavedViewList>().notNull(),
    name: text('name').notNull(),
    query: text('query').notNull().default(''),
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    ...versionAndTimestamps,
  },
  (t) => [
    uniqueIndex('saved_views_user_list_name_idx').on(t.userId, t.list, t.name),
    check('saved_views_list_known', sql`${t.list} IN (${sqlList(SAVED_VIEW_LISTS)})`),
    check('saved_views_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check('saved_views_columns_array', sql`jsonb_typeof(${t.columns}) = 'array'`),
  ],
);

/**
 * Webhook endpoints (docs/adr/0120-event-feed-and-signed-webhooks.md): the portal manager's
 * receivers of the event feed. The signing secret is kept only encrypted (AES-256-GCM under the
 * key of webhooks/secret-box.ts); it is shown once, at creation and at each rotation.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    eventTypes: text('event_types').array().notNull().$type<FeedEventType[]>(),
    active: boolean('active').notNull().default(true),
    description: text('description').notNull().default(''),
    /** base64 of IV, ciphertext and tag of the secret's bytes. */
    secretCiphertext: text('secret_ciphertext').notNull(),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [check('webhook_endpoints_url_not_blank', sql`length(trim(${t.url})) > 0`)],
);

/**
 * One delivery per event and endpoint, queued in the transaction that wrote the event and sent by
 * the webhook worker with the mail outbox's claim, lease and backoff (docs/adr/0027-mail-outbox.md).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The audit event behind it: the feed event's id, which every try sends as `webhook-id`. */
    eventId: uuid('event_id')
      .notNull()
      .references(() => auditEvents.id, { onDelete: 'cascade' }),
    eventType: text('event_type').$type<FeedEventType>().notNull(),
    state: text('state').$type<WebhookDeliveryState>().notNull().default('pending'),
    tries: integer('tries').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_key').on(t.endpointId, t.eventId),
    check(
      'webhook_deliveries_state_known',
      sql.raw(`state IN (${WEBHOOK_DELIVERY_STATES.map((state) => `'${state}'`).join(', ')})`),
    ),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} IN ('pending', 'sending')`),
    // An endpoint's delivery log, newest first.
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

// Announced downtimes (docs/adr/0124-announced-downtimes.md).

/**
 * A downtime announced for a catalogue service: outage or degraded, from start to end. The
 * downtimes job marks each start and end once (`started_at`, `finished_at`); an outage that moved
 * its service to not available keeps the state it came from in `restore_state`, for its end.
 * Ended early: `ends_at` is the moment it was ended, `ended_early_at` says so. Cancelled: before its start.
 */
export const downtimes = pgTable(
  'downtimes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    severity: text('severity').$type<DowntimeSeverity>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionDe: text('description_de').notNull().default(''),
    announcedBy: uuid('announced_by').references(() => users.id, { onDelete: 'set null' }),
    announcedAt: timestamp('announced_at', { withTimezone: true }).notNull(),
    endedEarlyAt: timestamp('ended_early_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the job (or an early end) took the start: its mail went out, an outage moved its service. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** When the end was taken: a moved service went back. Null while it is still to take. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The state an outage moved its service from, set back at its end; null when it moved nothing. */
    restoreState: text('restore_state').$type<ServiceState>(),
    /** The status notice the outage wrote: the end leaves a service whose notice someone changed alone. */
    noticeReason: text('notice_reason'),
    ...versionAndUpdatedAt,
  },
  (t) => [
    check('downtimes_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'downtimes_severity_known',
      sql.raw(`severity IN (${DOWNTIME_SEVERITIES.map((severity) => `'${severity}'`).join(', ')})`),
    ),
    check(
      'downtimes_description_given',
      sql`length(trim(${t.descriptionEn})) > 0 OR length(trim(${t.descriptionDe})) > 0`,
    ),
    check(
      'downtimes_description_length',
      sql`length(${t.descriptionEn}) <= ${sql.raw(String(DOWNTIME_DESCRIPTION_MAX))} AND length(${t.descriptionDe}) <= ${sql.raw(String(DOWNTIME_DESCRIPTION_MAX))}`,
    ),
    check(
      'downtimes_restore_state_known',
      sql`${t.restoreState} IS NULL OR ${t.restoreState} IN ('service_online', 'service_full_capacity_reached')`,
    ),
    check('downtimes_version_positive', sql`${t.version} > 0`),
    // Current and coming per service (its screens, its public page and calendar): not cancelled, not yet ended.
    index('downtimes_service_open_idx')
      .on(t.serviceId, t.endsAt)
      .where(sql`${t.cancelledAt} IS NULL`),
    // The same across services (the public portfolio, the calendar of all services).
    index('downtimes_open_idx')
      .on(t.endsAt)
      .where(sql`${t.cancelledAt} IS NULL`),
    // The job's work: starts not yet taken, ends not yet taken.
    index('downtimes_to_start_idx')
      .on(t.startsAt)
      .where(sql`${t.startedAt} IS NULL AND ${t.cancelledAt} IS NULL`),
    index('downtimes_to_finish_idx')
      .on(t.endsAt)
      .where(sql`${t.finishedAt} IS NULL AND ${t.cancelledAt} IS NULL`),
    // A service's list: every downtime of it, newest first.
    index('downtimes_service_idx').on(t.serviceId, t.startsAt),
  ],
);

/** Who takes a service's downtime mails: one row per person and service. */
export const downtimeSubscriptions = pgTable(
  'downtime_subscriptions',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.userId] }), index('downtime_subscriptions_user_idx').on(t.userId)],
);
