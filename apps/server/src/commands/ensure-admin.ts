import { eq } from 'drizzle-orm';
import { hashPassword, hasParameters, scryptParameters, verifyPassword } from '../auth/password.js';
import { users } from '../db/schema.js';
import { SYSTEM_ACTOR } from '../audit/actor.js';
import { retryOnceOnDuplicate } from '../db/unique-violation.js';
import { bumpRow, runWrite, type Writes } from '../writes/pipeline.js';

interface ConfiguredAdmin {
  username: string;
  password: string;
  passwordHashCost: number;
}

/**
 * Makes the configured direct-login admin exist with the configured password. The hash is only
 * replaced when the password or the configured cost (ADR 0060) changed, so restarts do not churn
 * it. Instances that start together on an empty database both find no admin and both insert one:
 * the loser of that race finds the winner's row on its second look (ADR 0054).
 */
export const ensureAdmin = (writes: Writes, admin: ConfiguredAdmin): Promise<void> =>
  retryOnceOnDuplicate(() => configureAdmin(writes, admin));

/**
 * The configured admin's check, run once: main.ts starts it when the portal listens, so its scrypt
 * (a core for most of a second) does not slow the start; a direct login that comes first starts it
 * and waits (docs/adr/0066-start-loads-what-it-uses.md).
 */
export class AdminCheck {
  private running: Promise<void> | undefined;

  constructor(private readonly check: () => Promise<void>) {}

  /** Starts the check unless it has started; settles when it is done. */
  done(): Promise<void> {
    return (this.running ??= this.check());
  }

  /** Settles when a started check is done, and at once when none started (a shutdown before listening). */
  async settled(): Promise<void> {
    await this.running?.catch(() => undefined);
  }
}

const configureAdmin = async (writes: Writes, admin: ConfiguredAdmin): Promise<void> => {
  const [existing] = await writes.db.select().from(users).where(eq(users.username, admin.username));
  const params = scryptParameters(admin.passwordHashCost);
  let passwordChanged = true;
  if (existing?.passwordHash && existing.roles.includes('portalManager')) {
    passwordChanged = !(await verifyPassword(admin.password, existing.passwordHash));
    if (!passwordChanged && hasParameters(existing.passwordHash, params)) return;
  }
  const passwordHash = await hashPassword(admin.password, params);
  await runWrite(writes, SYSTEM_ACTOR, async (tx) => {
    if (existing) {
      const roles = [...new Set([...existing.roles, 'portalManager'])];
      await bumpRow(tx, users, eq(users.id, existing.id), existing.version, { passwordHash, roles });
      return {
        value: undefined,
        events: [
          {
            objectType: 'user',
            objectId: existing.id,
            action: 'admin.configured',
            before: { roles: existing.roles },
            after: { roles, password: passwordChanged ? 'changed' : 'rehashed' },
          },
        ],
        // The roles may have grown: this process reads them fresh at the next request.
        effects: [{ kind: 'principal.changed', userId: existing.id }],
      };
    }
    const [created] = await tx
      .insert(users)
      .values({ username: admin.username, fullname: 'Portal Administrator', roles: ['portalManager'], passwordHash })
      .returning({ id: users.id });
    return {
      value: undefined,
      events: [
        {
          objectType: 'user',
          objectId: created!.id,
          action: 'admin.created',
          after: { username: admin.username, roles: ['portalManager'] },
        },
      ],
    };
  });
};
