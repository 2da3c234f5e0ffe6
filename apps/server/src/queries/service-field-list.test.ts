import { can, canEditService, canSeeService, type FieldListSort } from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/principal.js';
import { services } from '../db/schema.js';
import { referenceOrder, useReferenceServices } from '../test/service-list-reference.js';
import { createServiceInState } from '../test/services-fixtures.js';
import { listTokenOf, loadClearableTargets, loadFieldListRows, loadFieldListTotals } from './service-field-list.js';
import type { SortOrder } from './service-list.js';

const env = useReferenceServices();
const { person } = env;

const ALL = { limit: 10_000, offset: 0 };
const LONG = `https://long.example.org/${'x'.repeat(300)}`;

/** The services listed for the field, worked out from the plain rows and the domain's rules. */
const expected = (caller: AuthUser, key: string, sort: FieldListSort = 'name', order: SortOrder = 'asc') =>
  env.reference
    .filter((service) => canSeeService(service.relationOf(caller)) && (service.fields[key] ?? null) !== null)
    .sort(referenceOrder(sort, order));

const listed = (caller: AuthUser, key: string, q?: string, sort: FieldListSort = 'name', order: SortOrder = 'asc') =>
  loadFieldListRows(env.database.db, caller, key, { q, sort, order }, ALL);

const { reload } = env;

beforeAll(async () => {
  const db = env.database.db;
  const alice = person('alice');
  await createServiceInState(db, {
    state: 'service_online',
    name: 'Müller-Lüdenscheidt Archiv',
    objectOwnerId: alice.id,
    providerInstitutionId: alice.institutionId,
    fields: { shortDescription: 'Bänder', website: LONG },
    keywordIds: [],
  });
  await createServiceInState(db, {
    state: 'service_retired',
    name: 'Retired with a site',
    objectOwnerId: alice.id,
    fields: { shortDescription: 'Old', website: 'https://retired.example.org' },
    keywordIds: [],
  });
  // A JSON null holds no value.
  await createServiceInState(db, {
    state: 'service_online',
    name: 'Null site',
    objectOwnerId: alice.id,
    fields: { shortDescription: 'Nothing', website: null },
    keywordIds: [],
  });
  await reload();
  expect(expected(person('paula'), 'website').length).toBeGreaterThan(5);
}, 180_000);

describe('the Service Field List in the database', () => {
  it('lists the visible services holding a value, with the whole value and who may clear it', async () => {
    for (const caller of env.principals) {
      for (const key of ['website', 'shortDescription']) {
        const want = expected(caller, key);
        const rows = await listed(caller, key);
        expect(
          rows.map((row) => row.id),
          `${caller.username} ${key}`,
        ).toEqual(want.map((service) => service.id));
        const mayClear = key === 'website' && can(caller, 'service.clearField');
        for (const [index, row] of rows.entries()) {
          const service = want[index]!;
          expect(row.value).toEqual(service.fields[key]);
          expect(row.version).toBe(service.version);
          expect(row.clearable, `${caller.username} ${row.name}`).toBe(
            mayClear && canEditService(service.relationOf(caller)),
          );
        }
        const totals = await loadFieldListTotals(env.database.db, caller, key, undefined);
        expect(totals.total).toBe(want.length);
        expect(totals.clearableTotal).toBe(rows.filter((row) => row.clearable).length);
        const targets = await loadClearableTargets(env.database.db, caller, key, undefined);
        expect(targets.map((t) => t.id).sort()).toEqual(
          rows
            .filter((row) => row.clearable)
            .map((row) => row.id)
            .sort(),
        );
        expect(totals.listToken).toBe(listTokenOf(targets));
      }
    }
    const paula = await listed(person('paula'), 'website');
    expect(paula.find((row) => row.name.startsWith('Müller'))!.value).toBe(LONG);
    expect(paula.find((row) => row.name === 'Retired with a site')!.clearable).toBe(false);
    expect(paula.some((row) => row.name === 'Null site')).toBe(false);
    expect(paula.filter((row) => row.clearable).length).toBeGreaterThan(2);
  });

  it('sorts by name, service ID, state and provider both ways, and pages without overlap or gap', async () => {
    const paula = person('paula');
    for (const sort of ['name', 'serviceId', 'state', 'provider'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const want = expected(paula, 'website', sort, order).map((service) => service.id);
        const rows = await listed(paula, 'website', undefined, sort, order);
        expect(
          rows.map((row) => row.id),
          `${sort} ${order}`,
        ).toEqual(want);
        const paged: string[] = [];
        for (let offset = 0; offset < want.length + 4; offset += 4) {
          const page = await loadFieldListRows(
            env.database.db,
            paula,
            'website',
            { sort, order },
            { limit: 4, offset },
          );
          paged.push(...page.map((row) => row.id));
        }
        expect(paged, `${sort} ${order} paged`).toEqual(want);
      }
    }
  });

  it('searches as the portfolio does, umlauts folded, with totals and token of the search', async () => {
    const paula = person('paula');
    for (const q of ['mül', 'mueller', 'ludensch', 'bander']) {
      const rows = await listed(paula, 'website', q);
      expect(
        rows.map((row) => row.name),
        q,
      ).toEqual(['Müller-Lüdenscheidt Archiv']);
      const totals = await loadFieldListTotals(env.database.db, paula, 'website', q);
      expect(totals).toMatchObject({ total: 1, clearableTotal: 1 });
      expect(totals.listToken).toBe(listTokenOf(await loadClearableTargets(env.database.db, paula, 'website', q)));
    }
    expect(await listed(paula, 'website', 'null site')).toEqual([]);
  });

  it('names the clearable set: a change of a listed service or a new one makes another token', async () => {
    const paula = person('paula');
    const before = await loadFieldListTotals(env.database.db, paula, 'website', undefined);
    const [online] = (await listed(paula, 'website')).filter((row) => row.clearable);
    await env.database.db
      .update(services)
      .set({ version: sql`${services.version} + 1` })
      .where(eq(services.id, online!.id));
    const changed = await loadFieldListTotals(env.database.db, paula, 'website', undefined);
    expect(changed.clearableTotal).toBe(before.clearableTotal);
    expect(changed.listToken).not.toBe(before.listToken);
    await createServiceInState(env.database.db, {
      state: 'service_planned',
      name: 'Joins the list',
      objectOwnerId: paula.id,
      fields: { shortDescription: 'New', website: 'https://new.example.org' },
      keywordIds: [],
    });
    const joined = await loadFieldListTotals(env.database.db, paula, 'website', undefined);
    expect(joined.clearableTotal).toBe(before.clearableTotal + 1);
    expect(joined.listToken).not.toBe(changed.listToken);
    // Nobody may clear anything: the count is 0 and the token that of no service.
    const ivan = await loadFieldListTotals(env.database.db, person('ivan'), 'website', undefined);
    expect(ivan.clearableTotal).toBe(0);
    expect(ivan.listToken).toBe(listTokenOf([]));
  });
});
