import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { apiTokens, users } from '../db/schema.js';

/** The caller's own tokens, newest first, revoked ones too (the list shows them so). */
export const listOwnApiTokens = (db: Db, userId: string) =>
  db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt));

/** Every token of the portal with its owner, newest first (the portal manager's list). */
export const listAllApiTokens = (db: Db) =>
  db
    .select({ token: apiTokens, owner: { id: users.id, username: users.username, fullname: users.fullname } })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .orderBy(desc(apiTokens.createdAt));
