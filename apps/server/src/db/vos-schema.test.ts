import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/harness.js';
import { users, voComments, vos } from './schema.js';

const env = useTestDatabase();

const refused = async (write: Promise<unknown>) => {
  await expect(write).rejects.toThrow();
};

describe('the migrated VO tables', () => {
  it('hold the invariants of a VO application as constraints', async () => {
    const { db } = env.database;
    const [victor, alice] = await db
      .insert(users)
      .values([{ username: 'victor-db' }, { username: 'alice-db' }])
      .returning();
    const applicantId = victor!.id;
    const [vo] = await db.insert(vos).values({ name: 'Climate-Lab', applicantId }).returning();
    expect(vo).toMatchObject({ state: 'application_draft', version: 1, termsConfirmed: false });

    // Names: unique regardless of case, the name characters only, at most 64 of them.
    await refused(db.insert(vos).values({ name: 'climate-lab', applicantId }));
    await refused(db.insert(vos).values({ name: 'climate lab', applicantId }));
    await refused(db.insert(vos).values({ name: 'a'.repeat(65), applicantId }));
    await refused(db.insert(vos).values({ name: 'x1', applicantId, state: 'flying' as never }));
    await refused(db.insert(vos).values({ name: 'x2', applicantId, deputyId: applicantId }));
    await refused(db.insert(vos).values({ name: 'x3', applicantId, expectedMembers: 0 }));
    // A confirmation keeps when it was given; an acceptance too.
    await refused(db.insert(vos).values({ name: 'x4', applicantId, termsConfirmed: true }));
    await refused(db.insert(vos).values({ name: 'x5', applicantId, policiesAcceptedAt: new Date() }));
    // Past the draft it was sent, confirmed and accepted; only an available VO has its entitlement.
    const confirmed = {
      applicantId,
      deputyId: alice!.id,
      termsConfirmed: true,
      termsConfirmedAt: new Date(),
      policiesAccepted: true,
      policiesAcceptedAt: new Date(),
    };
    await refused(db.insert(vos).values({ name: 'x6', ...confirmed, state: 'application_received' }));
    await db.insert(vos).values({ name: 'x7', ...confirmed, state: 'application_received', sentAt: new Date() });
    await refused(db.insert(vos).values({ name: 'x8', ...confirmed, state: 'vo_available', sentAt: new Date() }));
    await refused(db.insert(vos).values({ name: 'x9', applicantId, entitlement: 'urn:x' }));
    await db
      .insert(vos)
      .values({ name: 'x10', ...confirmed, state: 'vo_available', sentAt: new Date(), entitlement: 'urn:x' });

    await refused(
      db.insert(voComments).values({
        voId: vo!.id,
        text: '  ',
        action: 'backToDraft',
        fromState: 'application_received',
        toState: 'application_draft',
      }),
    );
    await refused(
      db.insert(voComments).values({
        voId: vo!.id,
        text: 'x',
        action: 'fly' as never,
        fromState: 'application_received',
        toState: 'application_draft',
      }),
    );
  });
});
