import { eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { vos } from '../db/schema.js';
import type { LoadedVo, VoSnapshot } from '../model/vo.js';
import { loadVisibleVo } from '../policies/vo-policy.js';
import { bumpRow, changeObject, type ObjectKind, type ObjectWrite, type Writes } from './pipeline.js';

/** Columns a change may write on the VO's row; version and change time are the pipeline's. */
export type VoSet = Omit<PgUpdateSetSource<typeof vos>, 'id' | 'applicantId' | 'version' | 'updatedAt' | 'createdAt'>;

/** The VO as an object of the write pipeline (ADR 13): no cache holds VOs, so a change clears none. */
const VO_KIND: ObjectKind<LoadedVo, VoSnapshot, VoSet, 'vo'> = {
  objectType: 'vo',
  lock: (tx, id, principal) => loadVisibleVo(tx, id, principal, { forUpdate: true }),
  idOf: (vo) => vo.row.id,
  version: (vo) => vo.row.version,
  bump: async (tx, vo, set) => ({ row: await bumpRow(tx, vos, eq(vos.id, vo.row.id), vo.row.version, set) }),
};

/** changeObject for a VO. */
export const changeVo = <T>(writes: Writes, request: ObjectWrite<LoadedVo, VoSet, 'vo', T>) =>
  changeObject(writes, VO_KIND, request);
