import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export interface UserGroup {
  id: string;
  name: string;
}

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
    passwordHash: text('password_hash'),
    version: integer('version').notNull().default(1),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_identity_key').on(t.issuer, t.internalId),
    check('users_username_not_blank', sql`length(trim(${t.username})) > 0`),
    // Direct login is for admins only (SPEC §6): a password may exist only beside portalManager.
    check('users_password_only_for_admins', sql`${t.passwordHash} IS NULL OR 'portalManager' = ANY(${t.roles})`),
    check('users_version_positive', sql`${t.version} > 0`),
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
  },
  (t) => [index('audit_events_object_idx').on(t.objectType, t.objectId, t.at)],
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
