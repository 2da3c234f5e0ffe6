import type { SavedViewList } from '@nubes/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { savedViews } from '../db/schema.js';

/** The person's saved views, of one list or all, by list and then by name as people read them. */
export const listSavedViews = (db: Db, userId: string, list?: SavedViewList) =>
  db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.userId, userId), list ? eq(savedViews.list, list) : undefined))
    .orderBy(asc(savedViews.list), asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
