import type { MessageKey } from '@nubes/domain';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { users } from '../db/schema.js';
import { invalidInput } from '../http/http-error.js';

/** 400 service.unknownUser on the request key of every id that names no user. */
export const assertUsersExist = async (db: Db | Tx, refs: readonly (readonly [string, string])[]) => {
  if (refs.length === 0) return;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...new Set(refs.map(([, id]) => id))]));
  const known = new Set(rows.map((r) => r.id));
  const errors = Object.fromEntries<MessageKey>(
    refs.filter(([, id]) => !known.has(id)).map(([key]) => [key, 'service.unknownUser']),
  );
  if (Object.keys(errors).length > 0) throw invalidInput('service.unknownUser', errors);
};
