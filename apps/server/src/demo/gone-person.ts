import type { AuditEvent } from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '../audit/actor.js';
import { auditRowOf } from '../audit/record-audit.js';
import type { Tx } from '../db/client.js';
import { auditEvents, institutions, services, users } from '../db/schema.js';
import { FORMER_DEMO_ACCOUNT } from '../dev-idp/accounts.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The service the gone person still owns: the portfolio manager's home counts it. */
export const GONE_OWNER_SERVICE = 'Research Wiki';
export const GONE_REASON = 'voperson_status: expired';

/**
 * A person already gone (docs/adr/0123-people-who-leave.md): Greta Lindqvist, whose home AAI now
 * releases her account as expired. Her last login marked her gone twelve days ago; she still owns
 * one service, which waits for the portfolio manager's handover. Her identity is the dev IdP's, so
 * trying her login shows the refusal.
 */
export const seedDemoGonePerson = async (
  tx: Tx,
  serviceIds: ReadonlyMap<string, string>,
  issuer: string | null,
  now: Date,
): Promise<void> => {
  const account = FORMER_DEMO_ACCOUNT;
  const createdAt = new Date(now.getTime() - 400 * DAY_MS);
  const goneAt = new Date(now.getTime() - 12 * DAY_MS);
  const [institution] = await tx
    .select({ id: institutions.id })
    .from(institutions)
    .where(sql`lower(${institutions.domain}) = ${account.organisation}`);
  const [greta] = await tx
    .insert(users)
    .values({
      username: account.username,
      fullname: account.name,
      email: account.email,
      organisation: account.organisation,
      institutionId: institution?.id ?? null,
      issuer,
      internalId: issuer ? account.username : null,
      lastLoginAt: goneAt,
      goneAt,
      goneSource: 'claims',
      goneReason: GONE_REASON,
      createdAt,
      updatedAt: goneAt,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!greta) return;
  const serviceId = serviceIds.get(GONE_OWNER_SERVICE)!;
  const [service] = await tx
    .select({ serviceOwnerId: services.serviceOwnerId })
    .from(services)
    .where(eq(services.id, serviceId));
  const ownedSince = new Date(now.getTime() - 200 * DAY_MS);
  await tx
    .update(services)
    .set({ serviceOwnerId: greta.id, version: sql`${services.version} + 1` })
    .where(eq(services.id, serviceId));
  const rows: [AuditEvent, Date][] = [
    [
      {
        objectType: 'user',
        objectId: greta.id,
        action: 'user.created',
        after: { username: account.username, fullname: account.name, email: account.email, source: 'demo' },
      },
      createdAt,
    ],
    [
      {
        objectType: 'service',
        objectId: serviceId,
        action: 'service.roles.updated',
        before: { serviceOwner: service?.serviceOwnerId ?? null },
        after: { serviceOwner: greta.id },
      },
      ownedSince,
    ],
    [
      {
        objectType: 'user',
        objectId: greta.id,
        action: 'user.gone',
        after: { source: 'claims', reason: GONE_REASON, sessionsEnded: 0 },
      },
      goneAt,
    ],
  ];
  await tx.insert(auditEvents).values(rows.map(([event, at]) => auditRowOf(SYSTEM_ACTOR, event, at)));
};
