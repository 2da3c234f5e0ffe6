import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/harness.js';
import { contactAddresses, contactProperties, contactRelations, contacts, institutions } from './schema.js';

const env = useTestDatabase();

const refused = async (write: Promise<unknown>) => {
  await expect(write).rejects.toThrow();
};

describe('the migrated contact tables', () => {
  it('hold the invariants of a contact as constraints', async () => {
    const { db } = env.database;
    const [contact] = await db.insert(contacts).values({ firstname: 'Ada', lastname: 'Österreicher' }).returning();
    const contactId = contact!.id;
    await refused(db.insert(contacts).values({ firstname: ' ', lastname: 'X' }));
    await refused(db.insert(contacts).values({ firstname: 'A', lastname: 'B', email: 'no address' }));

    await db.insert(contactAddresses).values({ contactId, position: 0, city: 'Kiel', isPrimary: true });
    await db.insert(contactAddresses).values({ contactId, position: 1, city: 'Bonn', isPrimary: false });
    // One primary address per contact; an address holds something.
    await refused(db.insert(contactAddresses).values({ contactId, position: 2, city: 'Ulm', isPrimary: true }));
    await refused(db.insert(contactAddresses).values({ contactId, position: 3 }));

    await refused(db.insert(contactProperties).values({ contactId, position: 0, kind: 'colour' as never, value: 'x' }));

    const [institution] = await db.insert(institutions).values({ abbreviation: 'KIT', name: 'KIT' }).returning();
    await db.insert(contactRelations).values({ contactId, institutionId: institution!.id, role: 'director' });
    // Exactly one target, and a role that target knows.
    await refused(db.insert(contactRelations).values({ contactId, role: 'director' }));
    await refused(db.insert(contactRelations).values({ contactId, institutionId: institution!.id, role: 'owner' }));
    await refused(db.insert(contactRelations).values({ contactId, institutionId: institution!.id, role: 'director' }));
  });
});
