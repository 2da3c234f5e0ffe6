import { isUuid } from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { contacts } from '../db/schema.js';
import { notFound } from '../http/http-error.js';
import type { ContactRecord } from '../model/contact.js';
import { changeObject, type ObjectKind, type ObjectWrite, type Writes } from './pipeline.js';

/** Columns a change may write on a contact's row. */
export type ContactSet = Omit<PgUpdateSetSource<typeof contacts>, 'id' | 'version' | 'updatedAt' | 'createdAt'>;

/**
 * Loads a contact FOR UPDATE, or 404. Contacts belong to the portal: the route's permission
 * (contact.manage) is the whole policy.
 */
const lockContact = async (tx: Tx, id: string): Promise<ContactRecord> => {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx.select().from(contacts).where(eq(contacts.id, id)).for('update');
  if (!row) throw notFound();
  return row;
};

/** The contact as an object of the write pipeline. */
export const CONTACT_KIND: ObjectKind<ContactRecord, ContactRecord, ContactSet, 'contact'> = {
  objectType: 'contact',
  lock: (tx, id) => lockContact(tx, id),
  idOf: (row) => row.id,
  version: (row) => row.version,
  bump: async (tx, row, set) => {
    const [updated] = await tx
      .update(contacts)
      .set({ ...set, version: row.version + 1, updatedAt: sql`now()` })
      .where(eq(contacts.id, row.id))
      .returning();
    return updated!;
  },
};

/** changeObject for a contact. */
export const changeContact = <T>(writes: Writes, request: ObjectWrite<ContactRecord, ContactSet, 'contact', T>) =>
  changeObject(writes, CONTACT_KIND, request);
