import { ROLES } from '@nubes/domain';
import { loadPrincipal, type AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { demoSeedOptions, seedDemoData } from '../demo/seed-demo-data.js';
import { testConfig } from './harness.js';

/**
 * Seeds the demo data and answers everyone a rule may meet in it: every demo person, and a person
 * holding each role alone (nora's account with that one role, related to nothing): the callers of
 * the tests that compare a rule's SQL form with its in-memory form.
 */
export const seedDemoPrincipals = async (db: Db): Promise<AuthUser[]> => {
  await seedDemoData(db, demoSeedOptions(testConfig()));
  const ids = await db.select({ id: users.id }).from(users);
  const principals = (await Promise.all(ids.map((row) => loadPrincipal(db, row.id)))).filter(
    (principal) => principal !== null,
  );
  const outsider = principals.find((principal) => principal.username === 'nora')!;
  return [...principals, ...ROLES.map((role) => ({ ...outsider, username: `only-${role}`, roles: [role] }))];
};
