import { isUuid } from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { institutions } from '../db/schema.js';
import { notFound } from '../http/http-error.js';
import type { InstitutionRow } from '../model/institution.js';
import { changeObject, type ObjectKind, type ObjectWrite, type Writes } from './pipeline.js';

/** Columns a change may write on an institution's row; the IdP domain is not the screen's to set. */
export type InstitutionSet = Omit<
  PgUpdateSetSource<typeof institutions>,
  'id' | 'domain' | 'version' | 'updatedAt' | 'createdAt'
>;

/**
 * Loads an institution FOR UPDATE, or 404. Institutions belong to the portal: the route's
 * permission (institution.manage) is the whole policy, so there is nothing to hide here.
 */
const lockInstitution = async (tx: Tx, id: string): Promise<InstitutionRow> => {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx.select().from(institutions).where(eq(institutions.id, id)).for('update');
  if (!row) throw notFound();
  return row;
};

/** The institution as an object of the write pipeline. */
export const INSTITUTION_KIND: ObjectKind<InstitutionRow, InstitutionRow, InstitutionSet, 'institution'> = {
  objectType: 'institution',
  lock: (tx, id) => lockInstitution(tx, id),
  idOf: (row) => row.id,
  version: (row) => row.version,
  bump: async (tx, row, set) => {
    const [updated] = await tx
      .update(institutions)
      .set({ ...set, version: row.version + 1, updatedAt: sql`now()` })
      .where(eq(institutions.id, row.id))
      .returning();
    return updated!;
  },
  // The service lists and the public portfolio hold provider names in their rows.
  effects: () => [{ kind: 'institutions.changed' }],
};

/** changeObject for an institution. */
export const changeInstitution = <T>(
  writes: Writes,
  request: ObjectWrite<InstitutionRow, InstitutionSet, 'institution', T>,
) => changeObject(writes, INSTITUTION_KIND, request);
