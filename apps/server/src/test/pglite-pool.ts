import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/client.js';
import { loadPglite, pgliteDatabase } from '../db/pglite-database.js';
import { resetToTemplate, type TemplateSnapshot } from './template-snapshot.js';

/**
 * The PGlite databases a test worker keeps between its files (docs/adr/0130-one-test-database-per-worker.md).
 * Loading one from the template's dump cost about 0.55 s of CPU per file; a kept one is put back
 * to the template by `resetToTemplate` when the next file opens it. Two are kept: a file seldom
 * holds more at once, and each is a few hundred MB. NUBES_TEST_KEPT_DATABASES=0 gives every file a
 * fresh one, as before, to tell whether a failure depends on a kept database.
 */
const KEPT = Number(process.env.NUBES_TEST_KEPT_DATABASES ?? 2);
const kept: PGlite[] = [];

export type TestDatabase = Database & { drop(): Promise<void> };

/** A kept database put back to the template, or none: a closed one, or one whose schema a file changed, is closed. */
const reusable = async (template: TemplateSnapshot): Promise<PGlite | undefined> => {
  for (let client = kept.pop(); client; client = kept.pop()) {
    if (!client.closed && (await resetToTemplate((await pgliteDatabase(client, false)).db, template))) return client;
    await client.close().catch(() => undefined);
  }
  return undefined;
};

/**
 * A database that holds exactly what the template holds. The file gets the client behind a
 * revocable proxy: once it drops the database (or closes it), whatever it still holds (an app's
 * timer, a worker's loop) fails as on a closed database instead of writing into the next file's.
 */
export const openPooledPglite = async (dump: () => Blob, template: TemplateSnapshot): Promise<TestDatabase> => {
  const reused = await reusable(template);
  const client = reused ?? (await loadPglite(dump()));
  const { proxy, revoke } = Proxy.revocable(client, {
    get: (target, key) => {
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  // A fresh one is migrated as any database the portal opens (a no-op: the template is migrated).
  const database = await pgliteDatabase(proxy, !reused);
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    revoke();
    if (client.closed) return;
    if (kept.length < KEPT) kept.push(client);
    else await client.close();
  };
  return { ...database, close: release, drop: release };
};
