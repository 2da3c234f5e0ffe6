import type { OwnSession } from '@nubes/domain';
import type { SessionRow } from '../queries/sessions.js';

/** A session as its owner's list shows it; `currentId` is the session of the request that asks. */
export const presentOwnSession = (row: SessionRow, currentId: string | null): OwnSession => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  renewedAt: row.renewedAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  userAgent: row.userAgent,
  ip: row.ip,
  current: row.id === currentId,
});
