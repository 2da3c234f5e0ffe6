import type { MessageKey } from '@nubes/domain';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { users } from '../db/schema.js';
import { invalidInput } from '../http/http-error.js';

/**
 * Who may be given a role or a responsibility: a user who exists and is not gone (ADR 0123, 0127).
 * Answers the message of every request key whose id names no user (`unknown`) or a gone one.
 */
export const assignableUserProblems = async (
  db: Db | Tx,
  refs: readonly (readonly [string, string])[],
  unknown: MessageKey = 'service.unknownUser',
): Promise<Record<string, MessageKey>> => {
  if (refs.length === 0) return {};
  const rows = await db
    .select({ id: users.id, goneAt: users.goneAt })
    .from(users)
    .where(inArray(users.id, [...new Set(refs.map(([, id]) => id))]));
  const gone = new Map(rows.map((row) => [row.id, row.goneAt !== null]));
  const problems: Record<string, MessageKey> = {};
  for (const [key, id] of refs) {
    if (!gone.has(id)) problems[key] = unknown;
    else if (gone.get(id)) problems[key] = 'errors.userGone';
  }
  return problems;
};

/** 400 on the request key of every id that names no user (service.unknownUser) or a gone one (errors.userGone). */
export const assertAssignableUsers = async (db: Db | Tx, refs: readonly (readonly [string, string])[]) => {
  const problems = await assignableUserProblems(db, refs);
  const [first] = Object.values(problems);
  if (first) throw invalidInput(first, problems);
};
