import { createHash } from 'node:crypto';
import { accountStatusSaysGone, rolesFromEntitlements, type EntitlementMapping, type Language } from '@nubes/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { institutions, users } from '../db/schema.js';
import { retryOnceOnDuplicate } from '../db/unique-violation.js';
import { forbidden } from '../http/http-error.js';
import { markGoneByClaims } from './user-gone.js';
import { actorOf } from '../audit/actor.js';
import { openSession, type SessionClient } from '../auth/sessions.js';
import type { SsoClaims } from '../auth/sso-claims.js';
import type { AfterCommitEffect } from '../model/after-commit.js';
import { runWrite, type Writes } from '../writes/pipeline.js';

const usernameBase = (claims: SsoClaims): string => {
  const candidate = (claims.preferredUsername ?? claims.email?.split('@')[0] ?? claims.sub).trim().toLowerCase();
  const cleaned = candidate.replace(/[^a-z0-9._@-]/g, '').slice(0, 64);
  return cleaned || createHash('sha256').update(claims.sub).digest('hex').slice(0, 12);
};

/** The institution whose domain is the home organisation (case-insensitive), or null. */
const institutionOf = async (tx: Tx, organisation: string | null): Promise<string | null> => {
  if (!organisation) return null;
  const [row] = await tx
    .select({ id: institutions.id })
    .from(institutions)
    .where(sql`lower(${institutions.domain}) = lower(${organisation})`);
  return row?.id ?? null;
};

/** Entitlement roles are replaced at every login: they count at once on this instance. */
const rolesCountNow = (userId: string): AfterCommitEffect[] => [{ kind: 'principal.changed', userId }];

/**
 * Creates or updates the portal user behind a federated login, in one transaction with its audit
 * event and, given the browser's details, the session the login starts. A gone person gets no
 * session (403); claims that say the account is no longer valid mark the person gone first, in
 * that transaction, and nobody new is created from them (docs/adr/0123-people-who-leave.md).
 */
export const upsertSsoUser = async (
  writes: Writes,
  claims: SsoClaims,
  mapping: EntitlementMapping,
  /** The portal's language the person signs in with (their mails' language until they choose one). */
  language?: Language,
  client?: SessionClient,
) => {
  const entitlementRoles = rolesFromEntitlements(claims.entitlements, mapping);
  const fullname = (claims.name ?? '').trim().slice(0, 200);
  const email = (claims.email ?? '').trim().slice(0, 320);
  const organisation = claims.organisation?.trim().slice(0, 253) || null;
  // Replaced at every login, like the mapped roles: a group the IdP no longer names is gone (ADR 0038).
  const groups = (claims.groups ?? []).map(({ id, name }) => ({ id, name }));

  // The user acts on their own behalf; on a first login only the work knows who that is.
  const attempt = () =>
    runWrite<typeof users.$inferSelect & { session: { id: string; expiresAt: Date } | null; gone?: true }>(
      writes,
      actorOf,
      async (tx) => {
        const started = (userId: string) => (client ? openSession(tx, userId, client) : Promise.resolve(null));
        const [existing] = await tx
          .select()
          .from(users)
          .where(and(eq(users.issuer, claims.issuer), eq(users.internalId, claims.sub)))
          .for('update');
        const statusSaysGone = accountStatusSaysGone(claims.accountStatus);
        // Nothing is written for a person who is gone already, or who is new and no longer valid.
        if (existing?.goneAt || (!existing && statusSaysGone)) throw forbidden('errors.accountGone');
        if (existing && statusSaysGone) {
          const { events, effects } = await markGoneByClaims(
            tx,
            existing,
            `voperson_status: ${claims.accountStatus!.trim().slice(0, 100)}`,
          );
          return { value: { ...existing, session: null, gone: true }, events, effects };
        }
        const now = new Date();
        // Looked up at every login, so a person who moves to another centre moves with it. An IdP
        // that does not release the claim says nothing: what is stored stays.
        const institutionId =
          organisation || !existing ? await institutionOf(tx, organisation) : existing.institutionId;
        if (existing) {
          const before = {
            fullname: existing.fullname,
            email: existing.email,
            entitlementRoles: existing.entitlementRoles,
            organisation: existing.organisation,
            institutionId: existing.institutionId,
            groups: existing.groups.map(({ id, name }) => ({ id, name })),
          };
          const after = {
            fullname: fullname || existing.fullname,
            email: email || existing.email,
            entitlementRoles,
            organisation: organisation ?? existing.organisation,
            institutionId,
            groups,
          };
          const changed = JSON.stringify(before) !== JSON.stringify(after);
          const [updated] = await tx
            .update(users)
            .set({
              ...after,
              lastLoginAt: now,
              ...(language ? { loginLanguage: language } : {}),
              ...(changed ? { version: existing.version + 1, updatedAt: now } : {}),
            })
            .where(eq(users.id, existing.id))
            .returning();
          return {
            value: { ...updated!, session: await started(existing.id) },
            events: [
              { objectType: 'user', objectId: existing.id, action: 'login.sso', ...(changed ? { before, after } : {}) },
            ],
            effects: rolesCountNow(existing.id),
          };
        }

        let username = usernameBase(claims);
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
        if (taken)
          username = `${username}-${createHash('sha256').update(`${claims.issuer}|${claims.sub}`).digest('hex').slice(0, 6)}`;
        const [created] = await tx
          .insert(users)
          .values({
            username,
            fullname: fullname || username,
            email,
            issuer: claims.issuer,
            internalId: claims.sub,
            entitlementRoles,
            organisation,
            institutionId,
            groups,
            lastLoginAt: now,
            ...(language ? { loginLanguage: language } : {}),
          })
          .returning();
        return {
          value: { ...created!, session: await started(created!.id) },
          events: [
            {
              objectType: 'user',
              objectId: created!.id,
              action: 'user.created',
              after: {
                username,
                fullname: created!.fullname,
                email,
                entitlementRoles,
                organisation,
                institutionId,
                groups,
              },
            },
          ],
          effects: rolesCountNow(created!.id),
        };
      },
    );

  // Two first logins of one person at once: the loser finds the winner's row on the retry.
  const user = await retryOnceOnDuplicate(attempt);
  if (user.gone) throw forbidden('errors.accountGone');
  return user;
};
