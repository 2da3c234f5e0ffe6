import { canReadVo, isUuid, type Principal, type VoActorContext } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { vos } from '../db/schema.js';
import { notFound } from '../http/http-error.js';
import type { LoadedVo, VoRow } from '../model/vo.js';

/** What the caller is to the VO: its roles, and whether they are its applicant or deputy (its managers). */
export const voActorContext = (principal: Principal, row: Pick<VoRow, 'applicantId' | 'deputyId'>): VoActorContext => ({
  roles: principal.roles,
  isManager: row.applicantId === principal.id || row.deputyId === principal.id,
});

/**
 * Loads a VO the caller may read (the domain's canReadVo), or 404: a denied read looks like a VO
 * that does not exist. With `forUpdate` the row is locked for the write that follows.
 */
export const loadVisibleVo = async (
  db: Db | Tx,
  id: string,
  principal: Principal,
  options: { forUpdate?: boolean } = {},
): Promise<LoadedVo> => {
  if (!isUuid(id)) throw notFound();
  const query = db.select().from(vos).where(eq(vos.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  const context = voActorContext(principal, row);
  if (!canReadVo(context)) throw notFound();
  return { row, context };
};
