import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { appSecrets } from './schema.js';

/**
 * Returns the secret stored under `name`, creating it once. Instances that start together race
 * on the insert; ON CONFLICT makes the first one win and everyone reads the same value.
 */
export const getOrCreateSecret = async <T>(db: Db, name: string, create: () => T | Promise<T>): Promise<T> => {
  const existing = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (existing[0]) return existing[0].value as T;
  const value = await create();
  await db.insert(appSecrets).values({ name, value }).onConflictDoNothing();
  const stored = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!stored[0]) throw new Error(`Secret ${name} could not be stored`);
  return stored[0].value as T;
};
