import { DEFAULT_WEIGHTING_CRITERIA } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeRequests,
  contacts,
  entitlementRoleMappings,
  institutions,
  mailSettings,
  resourcePackages,
  resourceTypes,
  savedViews,
  services,
  users,
  vos,
  weightingCriteria,
} from '../db/schema.js';
import { bearer, createTestApp, seedPrincipals, type TestApp } from '../test/harness.js';
import { createServiceInState, seedServiceWorld, type ServiceWorld } from '../test/services-fixtures.js';

/**
 * Pairs per kind of object (docs/adr/0050-durability-and-racing-edits.md): a hundred where the two
 * edits really run at once (PostgreSQL, two connections); PGlite's one connection queues them, so
 * more pairs there would repeat the same order, at a few seconds a kind.
 */
const PAIRS = process.env.NUBES_TEST_DB === 'postgres' ? 100 : 25;

let test: TestApp;
let world: ServiceWorld;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const call = (username: string, method: Method, url: string, payload?: object) =>
  test.app.inject({
    method,
    url: `/api${url}`,
    ...(payload ? { payload } : {}),
    headers: bearer(world.people[username]!.token),
  });

const created = async (username: string, url: string, payload: object): Promise<{ id: string }> => {
  const response = await call(username, 'POST', url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};

interface Edit {
  username: string;
  method: Method;
  url: string;
  body: object;
  expected: unknown;
}

/** The object as stored: its version and the value the edits race for. */
interface Stored {
  version: number;
  value: unknown;
}

/**
 * One kind of versioned object: how an edit that writes `tag` looks, and how to read what is
 * stored. Both edits of a pair name the version read before them.
 */
interface RacingKind {
  name: string;
  /** Creates the one object the pairs race over; answers how to read it and how to edit it. */
  setup(): Promise<{
    read(): Promise<Stored>;
    /** The request of one side, and the value stored when it wins. */
    edit(stored: Stored, tag: string, side: 0 | 1): Edit;
  }>;
}

const one = <T>(rows: T[]): T => {
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

const contactBody = (notes: string) => ({
  firstname: 'Jürgen',
  lastname: 'Racer',
  email: 'j.racer@hpc-north.example',
  emailNotPersonal: false,
  institutionId: null,
  otherInstitution: '',
  notes,
  addresses: [],
});

const text = (value: string) => ({ en: value, de: value });

const KINDS: RacingKind[] = [
  {
    name: 'service',
    setup: async () => {
      const service = await createServiceInState(test.database.db, {
        objectOwnerId: world.people.alice!.id,
        providerInstitutionId: world.institutions.HPCN,
      });
      return {
        read: async () => {
          const row = one(await test.database.db.select().from(services).where(eq(services.id, service.id)));
          return { version: row.version, value: (row.fields as Record<string, unknown>).shortDescription };
        },
        edit: (stored, tag) => ({
          username: 'alice',
          method: 'PATCH',
          url: `/services/${service.id}`,
          body: { version: stored.version, fields: { shortDescription: tag } },
          expected: tag,
        }),
      };
    },
  },
  {
    name: 'contact',
    setup: async () => {
      const contact = await created('carla', '/contacts', contactBody('first'));
      return {
        read: async () => {
          const row = one(await test.database.db.select().from(contacts).where(eq(contacts.id, contact.id)));
          return { version: row.version, value: row.notes };
        },
        edit: (stored, tag) => ({
          username: 'carla',
          method: 'PATCH',
          url: `/contacts/${contact.id}`,
          body: { ...contactBody(tag), version: stored.version, properties: [] },
          expected: tag,
        }),
      };
    },
  },
  {
    name: 'institution',
    setup: async () => {
      const id = world.institutions.REC;
      const body = (description: string) => ({
        abbreviation: 'REC',
        name: 'Research Centre East',
        description,
        url: 'https://www.research-east.example',
        isCentre: true,
        isServiceProvider: true,
      });
      return {
        read: async () => {
          const row = one(await test.database.db.select().from(institutions).where(eq(institutions.id, id)));
          return { version: row.version, value: row.description };
        },
        edit: (stored, tag) => ({
          username: 'admin',
          method: 'PATCH',
          url: `/institutions/${id}`,
          body: { ...body(tag), version: stored.version },
          expected: tag,
        }),
      };
    },
  },
  {
    name: 'resource package',
    setup: () => resourcePackageKind(),
  },
  {
    name: 'resource type',
    setup: async () => {
      const type = await created('admin', '/resource-types', {
        key: 'race-type',
        name: text('Race type'),
        description: text('first'),
        quotaUnit: text('units'),
        schema: '{"type":"object"}',
      });
      return {
        read: async () => {
          const row = one(await test.database.db.select().from(resourceTypes).where(eq(resourceTypes.id, type.id)));
          return { version: row.version, value: (row.description as { en: string }).en };
        },
        edit: (stored, tag) => ({
          username: 'admin',
          method: 'PATCH',
          url: `/resource-types/${type.id}`,
          body: {
            version: stored.version,
            name: text('Race type'),
            description: text(tag),
            quotaUnit: text('units'),
            schema: '{"type":"object"}',
            retired: false,
          },
          expected: tag,
        }),
      };
    },
  },
  {
    name: 'VO application',
    setup: async () => {
      const vo = await created('victor', '/vos', { name: 'racing-vo' });
      return {
        read: async () => {
          const row = one(await test.database.db.select().from(vos).where(eq(vos.id, vo.id)));
          return { version: row.version, value: row.description };
        },
        edit: (stored, tag) => ({
          username: 'victor',
          method: 'PATCH',
          url: `/vos/${vo.id}`,
          body: { version: stored.version, description: tag },
          expected: tag,
        }),
      };
    },
  },
  {
    name: 'change request',
    setup: async () => {
      const service = await createServiceInState(test.database.db, {
        state: 'service_online',
        objectOwnerId: world.people.alice!.id,
        providerInstitutionId: world.institutions.HPCN,
      });
      const request = await created('alice', `/services/${service.id}/change-requests`, {
        fields: { shortDescription: 'first' },
      });
      return {
        read: async () => {
          const row = one(
            await test.database.db.select().from(changeRequests).where(eq(changeRequests.id, request.id)),
          );
          const answer = (await call('alice', 'GET', `/change-requests/${request.id}`)).json<{
            fields: { key: string; newValue: unknown }[];
          }>();
          return { version: row.version, value: answer.fields.find((f) => f.key === 'shortDescription')?.newValue };
        },
        edit: (stored, tag) => ({
          username: 'alice',
          method: 'PATCH',
          url: `/change-requests/${request.id}`,
          body: { version: stored.version, fields: { shortDescription: tag } },
          expected: tag,
        }),
      };
    },
  },
  {
    name: 'saved view',
    setup: async () => {
      const view = await created('paula', '/saved-views', { list: 'portfolio', name: 'first' });
      return {
        read: async () => {
          const row = one(await test.database.db.select().from(savedViews).where(eq(savedViews.id, view.id)));
          return { version: row.version, value: row.name };
        },
        edit: (stored, tag) => ({
          username: 'paula',
          method: 'PATCH',
          url: `/saved-views/${view.id}`,
          body: { version: stored.version, name: tag },
          expected: tag,
        }),
      };
    },
  },
  {
    name: 'weighting criterion',
    setup: async () => {
      const criterion = DEFAULT_WEIGHTING_CRITERIA[0]!;
      return {
        read: async () => {
          const row = one(
            await test.database.db.select().from(weightingCriteria).where(eq(weightingCriteria.key, criterion.key)),
          );
          return { version: row.version, value: row.options[0]!.label.en };
        },
        edit: (stored, tag) => ({
          username: 'admin',
          method: 'PUT',
          url: `/weighting-settings/${criterion.key}`,
          body: {
            version: stored.version,
            factor: criterion.factor,
            options: criterion.options.map((option, index) => ({
              key: option.key,
              label: index === 0 ? text(tag) : option.label,
              points: option.points,
            })),
          },
          expected: tag,
        }),
      };
    },
  },
  {
    name: 'mail settings',
    setup: async () => {
      const userId = world.people.bob!.id;
      return {
        read: async () => {
          const [row] = await test.database.db.select().from(mailSettings).where(eq(mailSettings.userId, userId));
          // Without a row the settings are the defaults at version 1 (commands/update-mail-settings.ts).
          return { version: row?.version ?? 1, value: row?.language ?? 'en' };
        },
        // The two sides write different languages; which one won shows in the stored row.
        edit: (stored, _tag, side) => ({
          username: 'bob',
          method: 'PUT',
          url: '/me/mail-settings',
          body: { version: stored.version, language: side === 0 ? 'de' : 'en', disabledKinds: [] },
          expected: side === 0 ? 'de' : 'en',
        }),
      };
    },
  },
  {
    name: 'entitlement role mapping',
    setup: async () => {
      const mapping = await created('admin', '/entitlement-roles', {
        entitlement: 'urn:example:race:first',
        role: 'voManager',
      });
      return {
        read: async () => {
          const row = one(
            await test.database.db
              .select()
              .from(entitlementRoleMappings)
              .where(eq(entitlementRoleMappings.id, mapping.id)),
          );
          return { version: row.version, value: row.entitlement };
        },
        edit: (stored, tag) => ({
          username: 'admin',
          method: 'PATCH',
          url: `/entitlement-roles/${mapping.id}`,
          body: {
            version: stored.version,
            entitlement: `urn:example:race:${tag.replace(/ /g, '-')}`,
            role: 'voManager',
          },
          expected: `urn:example:race:${tag.replace(/ /g, '-')}`,
        }),
      };
    },
  },
  {
    // The roles form names the roles it read instead of a version (logins bump the version).
    name: "user's portal roles",
    setup: async () => {
      const userId = world.people.nora!.id;
      const pool = ['serviceProvider', 'voManager', 'contactManager'] as const;
      let current: readonly string[] = [];
      const read = async () => {
        const row = one(await test.database.db.select().from(users).where(eq(users.id, userId)));
        current = row.roles;
        return { version: row.version, value: row.roles };
      };
      const choose = (side: 0 | 1) => pool.filter((role) => !current.includes(role))[side]!;
      return {
        read,
        edit: (_stored, _tag, side) => ({
          username: 'admin',
          method: 'PUT',
          url: `/user-accounts/${userId}/roles`,
          body: { expected: current, roles: [choose(side)] },
          expected: [choose(side)],
        }),
      };
    },
  },
];

async function resourcePackageKind() {
  const service = await createServiceInState(test.database.db, {
    state: 'service_online',
    objectOwnerId: world.people.alice!.id,
    providerInstitutionId: world.institutions.HPCN,
  });
  const type = await created('admin', '/resource-types', {
    key: 'race-package-type',
    name: text('Package type'),
    description: text('For packages'),
    quotaUnit: text('units'),
    schema: '{"type":"object"}',
  });
  const body = (name: string) => ({ name, typeId: type.id, quota: 10, policyNames: ['race'], policy: '{}' });
  const pkg = await created('alice', `/services/${service.id}/resource-packages`, body('first'));
  return {
    read: async () => {
      const row = one(await test.database.db.select().from(resourcePackages).where(eq(resourcePackages.id, pkg.id)));
      return { version: row.version, value: row.name };
    },
    edit: (stored: Stored, tag: string): Edit => ({
      username: 'alice',
      method: 'PATCH',
      url: `/services/${service.id}/resource-packages/${pkg.id}`,
      body: { ...body(tag), version: stored.version },
      expected: tag,
    }),
  };
}

beforeAll(async () => {
  test = await createTestApp();
  world = await seedServiceWorld(test, await seedPrincipals(test));
});
afterAll(() => test.close());

/**
 * Two edits of one object naming the same version, sent at once, a hundred times per kind: one
 * wins and is stored whole, the other answers 409 in the portal's error shape. On PostgreSQL the
 * two run on two connections at the same time (the row lock decides); on PGlite they queue.
 */
describe('racing edits of one object', () => {
  it.each(KINDS.map((kind) => [kind.name, kind] as const))(
    '%s: exactly one edit of each pair wins, the other is 409',
    async (_name, kind) => {
      const object = await kind.setup();
      for (let pair = 0; pair < PAIRS; pair++) {
        const before = await object.read();
        const tags = [`pair ${pair} a`, `pair ${pair} b`] as const;
        const edits = ([0, 1] as const).map((side) => object.edit(before, tags[side], side));
        const responses = await Promise.all(edits.map((edit) => call(edit.username, edit.method, edit.url, edit.body)));
        const codes = responses.map((r) => r.statusCode);
        const winners = ([0, 1] as const).filter((side) => codes[side]! < 300);
        expect(winners, `pair ${pair}: ${responses.map((r) => `${r.statusCode} ${r.body}`).join(' | ')}`).toHaveLength(
          1,
        );
        const winner = winners[0]!;
        const loser = responses[1 - winner]!;
        expect(loser.statusCode, loser.body).toBe(409);
        expect(loser.json()).toEqual({ error: 'conflict', message: expect.any(String) });
        const after = await object.read();
        expect(after.value).toEqual(edits[winner]!.expected);
        expect(after.version).toBe(before.version + 1);
      }
    },
    // Seconds on an idle machine; the margin is for two shared cores under load.
    180_000,
  );
});
