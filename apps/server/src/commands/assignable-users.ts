import type { MessageKey } from '@nubes/domain';
import type { Db, Tx } from '../db/client.js';
import { existingIds } from '../db/existing-ids.js';
import { users } from '../db/schema.js';
import { invalidInput } from '../http/http-error.js';

/** 400 service.unknownUser on the request key of every id that names no user. */
export const assertUsersExist = async (db: Db | Tx, refs: readonly (readonly [string, string])[]) => {
  const known = await existingIds(
    db,
    users,
    refs.map(([, id]) => id),
  );
  const errors = Object.fromEntries<MessageKey>(
    refs.filter(([, id]) => !known.has(id)).map(([key]) => [key, 'service.unknownUser']),
  );
  if (Object.keys(errors).length > 0) throw invalidInput('service.unknownUser', errors);
};
