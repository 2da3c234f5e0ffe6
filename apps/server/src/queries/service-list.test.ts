import {
  canSeeService,
  INTEGRATION_WORK_STATES,
  isProviderSide,
  PORTFOLIO_TABS,
  SERVICE_SORTS,
  TAB_STATES,
  type ServiceState,
} from '@nubes/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/principal.js';
import { institutions, keywords, serviceKeywords, services } from '../db/schema.js';
import { referenceOrder, useReferenceServices } from '../test/service-list-reference.js';
import { createServiceInState } from '../test/services-fixtures.js';
import {
  loadServiceListPage,
  serviceListPageQuery,
  serviceSearchPageQuery,
  loadTabCounts,
  type ListSort,
  type ServiceListCriteria,
  type SortOrder,
} from './service-list.js';

const env = useReferenceServices();
const { person } = env;

const ALL = { limit: 10_000, offset: 0 };
const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);

/** The services a list holds for the caller, worked out from the plain rows and the domain's rules. */
const expected = (
  caller: AuthUser,
  criteria: ServiceListCriteria,
  sort: ListSort = 'name',
  order: SortOrder = 'asc',
) => {
  const { tab } = criteria;
  return env.reference
    .filter((service) => {
      const relation = service.relationOf(caller);
      if (!canSeeService(relation)) return false;
      if (tab === 'mine' && !isProviderSide(relation)) return false;
      if (tab === 'myCentre' && (caller.institutionId === null || service.providerId !== caller.institutionId))
        return false;
      if (tab && tab !== 'mine' && tab !== 'myCentre' && !TAB_STATES[tab].includes(relation.state)) return false;
      if (criteria.state && relation.state !== criteria.state) return false;
      if (criteria.states && !criteria.states.includes(relation.state)) return false;
      if (criteria.provider && service.providerId !== criteria.provider) return false;
      if (criteria.keyword && !service.keywordIds.includes(criteria.keyword)) return false;
      return true;
    })
    .sort(referenceOrder(sort, order))
    .map((service) => service.id);
};

const listed = async (
  caller: AuthUser,
  criteria: ServiceListCriteria,
  sort: ListSort = 'name',
  order: SortOrder = 'asc',
) => ids(await serviceListPageQuery(env.database.db, caller, criteria, sort, order, ALL));

beforeAll(async () => {
  const db = env.database.db;
  // Ties in every order: names equal but for case, equal scores and edit times, no provider.
  const alice = person('alice');
  const [storage] = await db.select().from(keywords).limit(1);
  for (const name of ['Twin service', 'twin SERVICE', 'Twin Service']) {
    await createServiceInState(db, {
      state: 'service_online',
      name,
      objectOwnerId: alice.id,
      providerInstitutionId: alice.institutionId,
      weighting: { initiatedBy: 'alliance' },
      keywordIds: [storage!.id],
    });
  }
  await createServiceInState(db, {
    state: 'service_planned',
    name: 'Müller-Lüdenscheidt Archiv',
    objectOwnerId: alice.id,
    fields: { shortDescription: 'Bänder für Größeres' },
    keywordIds: [],
  });
  await createServiceInState(db, { state: 'application_draft', name: 'Ohne Anbieter', objectOwnerId: alice.id });
  // Edit times to the millisecond (as JavaScript compares them), two of them equal.
  await db.execute(sql`update ${services} set updated_at = date_trunc('milliseconds', updated_at)`);
  const twins = await db
    .select({ id: services.id })
    .from(services)
    .where(sql`lower(${services.name}) = 'twin service'`);
  await db
    .update(services)
    .set({ updatedAt: new Date('2026-01-01T00:00:00Z') })
    .where(inArray(services.id, ids(twins)));
  await env.reload();
  expect(env.reference.length).toBeGreaterThan(40);
}, 180_000);

describe('service lists in the database', () => {
  it('hold exactly the services the caller may see; mine the provider side, myCentre the own institution', async () => {
    let seen = 0;
    for (const caller of env.principals) {
      for (const tab of [undefined, 'mine', 'myCentre'] as const) {
        const page = await loadServiceListPage(env.database.db, caller, { tab }, 'name', 'asc', ALL);
        expect(ids(page.rows), `${caller.username} ${tab}`).toEqual(expected(caller, { tab }));
        expect(page.total).toBe(page.rows.length);
        seen += page.total;
      }
    }
    expect(seen).toBeGreaterThan(100);
    // Without an institution nothing is "my centre", not even the services without a provider.
    expect(await listed({ ...person('paula'), institutionId: null }, { tab: 'myCentre' })).toEqual([]);
  });

  it('filter by tab, state, scope, provider and keyword, each alone and together', async () => {
    const [hpcn] = await env.database.db.select().from(institutions).where(eq(institutions.abbreviation, 'HPCN'));
    const [tagged] = await env.database.db.select().from(serviceKeywords).limit(1);
    const filters: ServiceListCriteria[] = [
      ...PORTFOLIO_TABS.map((tab) => ({ tab })),
      { state: 'service_online' },
      { state: 'application_draft' },
      { states: INTEGRATION_WORK_STATES },
      { tab: 'pipeline', states: INTEGRATION_WORK_STATES },
      { tab: 'application', state: 'service_online' as ServiceState },
      { provider: hpcn!.id },
      { keyword: tagged!.keywordId },
      { tab: 'catalogue', provider: hpcn!.id, state: 'service_online' },
      { tab: 'mine', keyword: tagged!.keywordId },
    ];
    for (const username of ['paula', 'alice', 'ivan', 'desk', 'nora', 'only-portalManager']) {
      for (const criteria of filters) {
        const page = await loadServiceListPage(env.database.db, person(username), criteria, 'name', 'asc', ALL);
        const want = expected(person(username), criteria);
        expect(ids(page.rows), `${username} ${JSON.stringify(criteria)}`).toEqual(want);
        expect(page.total).toBe(want.length);
      }
    }
    expect(expected(person('paula'), { provider: hpcn!.id }).length).toBeGreaterThan(3);
    expect(expected(person('paula'), { keyword: tagged!.keywordId }).length).toBeGreaterThan(0);
  });

  it('sort by every key both ways, ties broken by name and id, and page without overlap or gap', async () => {
    for (const username of ['paula', 'alice']) {
      const caller = person(username);
      for (const sort of [...SERVICE_SORTS, 'weighted'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          const want = expected(caller, {}, sort, order);
          expect(await listed(caller, {}, sort, order), `${username} ${sort} ${order}`).toEqual(want);
          const paged: string[] = [];
          for (let offset = 0; offset < want.length + 7; offset += 7) {
            const page = await loadServiceListPage(env.database.db, caller, {}, sort, order, { limit: 7, offset });
            expect(page.total).toBe(want.length);
            paged.push(...ids(page.rows));
          }
          expect(paged, `${username} ${sort} ${order} paged`).toEqual(want);
        }
      }
    }
    // The twins tie on name, score and edit time: the id decides, reversed with the direction.
    const twins = env.reference.filter((s) => s.name.toLowerCase() === 'twin service').map((s) => s.id);
    const byName = (await listed(person('paula'), { q: 'twin' }, 'name', 'asc')).filter((id) => twins.includes(id));
    expect(byName).toEqual([...twins].sort());
    const byEdit = await listed(person('paula'), { q: 'twin' }, 'updatedAt', 'desc');
    expect(byEdit).toEqual([...twins].sort().reverse());
    // No provider sorts last in both directions.
    const noProvider = env.reference.find((s) => s.name === 'Ohne Anbieter')!.id;
    expect((await listed(person('paula'), {}, 'provider', 'asc')).at(-1)).toBe(noProvider);
    expect((await listed(person('paula'), {}, 'provider', 'desc')).at(-1)).toBe(noProvider);
  });

  it('search word beginnings in ID, name, short description and keywords, umlauts folded', async () => {
    const paula = person('paula');
    const muller = env.reference.find((s) => s.name.startsWith('Müller'))!.id;
    for (const q of ['mül', 'MULLER', 'mueller', 'lüdensch', 'ludenscheidt archiv', 'bander', 'grosseres', 'größ']) {
      expect(await listed(paula, { q }), q).toEqual([muller]);
    }
    expect(await listed(paula, { q: 'ller' })).toEqual([]);
    expect(await listed(paula, { q: 'müller twin' })).toEqual([]);
    const twin = env.reference.find((s) => s.name === 'Twin service')!;
    expect(await listed(paula, { q: twin.serviceId })).toEqual([twin.id]);
    expect(await listed(paula, { q: twin.serviceId.slice(4) })).toContain(twin.id);
    const [keyword] = await env.database.db
      .select({ name: keywords.name })
      .from(keywords)
      .innerJoin(serviceKeywords, eq(serviceKeywords.keywordId, keywords.id))
      .where(eq(serviceKeywords.serviceId, twin.id));
    expect(await listed(paula, { q: keyword!.name })).toContain(twin.id);
    // Nothing searchable narrows nothing; the search keeps visibility and filters.
    expect(await listed(paula, { q: '&|!' })).toEqual(expected(paula, {}));
    expect(await listed(person('nora'), { q: 'twin' })).toEqual([]);
    expect(await listed(paula, { q: 'twin', tab: 'withdrawn' })).toEqual([]);
    const rows = await serviceListPageQuery(env.database.db, paula, { q: 'twin' }, 'name', 'asc', ALL);
    expect(rows[0]!.keywords.length).toBeGreaterThan(0);
    const lower = rows[0]!.keywords.map((name) => name.toLowerCase());
    expect(lower).toEqual([...lower].sort());
  });

  it('a search answers its page and its total in one statement: the same rows, exact totals, a page past the last counted', async () => {
    const [keyword] = await env.database.db.select({ name: keywords.name }).from(keywords).limit(1);
    for (const username of ['paula', 'alice', 'nora']) {
      const caller = person(username);
      for (const criteria of [
        { q: 'twin' },
        { q: 'twin', tab: 'catalogue' as const },
        { q: 'mül', tab: 'pipeline' as const },
        { q: keyword!.name },
        { q: 'nothing-matches-this' },
      ]) {
        for (const [sort, order] of [
          ['name', 'asc'],
          ['state', 'desc'],
          ['provider', 'asc'],
          ['provider', 'desc'],
          ['updatedAt', 'desc'],
          ['score', 'asc'],
          ['weighted', 'desc'],
        ] as const) {
          const what = `${username} ${JSON.stringify(criteria)} ${sort} ${order}`;
          const want = await listed(caller, criteria, sort, order);
          const paged: string[] = [];
          for (let offset = 0; offset < want.length + 3; offset += 3) {
            const page = await loadServiceListPage(env.database.db, caller, criteria, sort, order, {
              limit: 3,
              offset,
            });
            expect(page.total, what).toBe(want.length);
            paged.push(...ids(page.rows));
          }
          expect(paged, what).toEqual(want);
        }
      }
    }
    const searched = await serviceSearchPageQuery(env.database.db, person('paula'), { q: 'twin' }, 'name', 'asc', ALL);
    const listedRows = await serviceListPageQuery(env.database.db, person('paula'), { q: 'twin' }, 'name', 'asc', ALL);
    expect(searched.map(({ total: _, ...row }) => row)).toEqual(listedRows);
    expect(searched.every((row) => row.total === listedRows.length)).toBe(true);
  });

  it('puts a write’s search words into the search index at once, so no search reads a pending list', async () => {
    // A GIN index with fastupdate keeps new entries in a list that every search reads in full until
    // a vacuum moves them into the index; PGlite never vacuums (docs/adr/0098-one-statement-per-portfolio-search.md).
    const result = await env.database.db.execute(sql`select gin_clean_pending_list('services_search_idx') as pages`);
    const [row] = (result as unknown as { rows: { pages: number | string }[] }).rows;
    expect(Number(row!.pages)).toBe(0);
    const gin = await env.database.db.execute(sql`
      select i.relname as name, coalesce(i.reloptions, '{}') as options
      from pg_class i join pg_am am on am.oid = i.relam join pg_namespace n on n.oid = i.relnamespace
      where am.amname = 'gin' and n.nspname = 'public' order by i.relname`);
    const indexes = (gin as unknown as { rows: { name: string; options: string[] }[] }).rows;
    expect(indexes.map((index) => index.name)).toContain('contacts_search_idx');
    expect(indexes.filter((index) => !index.options.includes('fastupdate=false'))).toEqual([]);
  });

  it('count every tab in one query as each tab’s list counts; a state only in the tabs holding it', async () => {
    for (const username of ['paula', 'alice', 'ivan', 'nora']) {
      for (const filters of [
        {},
        { q: 'twin' },
        { state: 'service_online' as const },
        { state: 'application_draft' as const },
      ]) {
        const counts = await loadTabCounts(env.database.db, person(username), filters);
        for (const tab of PORTFOLIO_TABS) {
          const holds = !filters.state || tab === 'myCentre' || TAB_STATES[tab].includes(filters.state);
          const criteria = { ...filters, tab, state: holds ? filters.state : undefined };
          const { total } = await loadServiceListPage(env.database.db, person(username), criteria, 'name', 'asc', ALL);
          expect(counts[tab], `${username} ${JSON.stringify(filters)} ${tab}`).toBe(total);
        }
      }
    }
  });

  it('reads a page’s keyword names from the service, which follow keywords added, renamed and removed', async () => {
    const { db } = env.database;
    const paula = person('paula');
    for (const query of [
      serviceSearchPageQuery(db, paula, { q: 'twin' }, 'name', 'asc', ALL),
      serviceListPageQuery(db, paula, { tab: 'catalogue' }, 'name', 'asc', ALL),
    ]) {
      const plan = JSON.stringify(
        (
          (await db.execute(sql`explain (format json) ${query.getSQL()}`)) as unknown as {
            rows: unknown[];
          }
        ).rows,
      );
      expect(plan).not.toContain('"Relation Name":"service_keywords"');
      expect(plan).not.toContain('"Relation Name":"keywords"');
    }
    const twin = env.reference.find((s) => s.name === 'Twin service')!;
    const keywordsOfTwin = async () =>
      (await serviceSearchPageQuery(db, paula, { q: twin.serviceId }, 'name', 'asc', ALL))[0]!.keywords;
    const before = await keywordsOfTwin();
    const [added] = await db.insert(keywords).values({ name: 'Zz Test Keyword' }).returning();
    await db.insert(serviceKeywords).values({ serviceId: twin.id, keywordId: added!.id });
    expect(await keywordsOfTwin()).toEqual([...before, 'Zz Test Keyword']);
    await db.update(keywords).set({ name: '0 Test Keyword' }).where(eq(keywords.id, added!.id));
    expect(await keywordsOfTwin()).toEqual(['0 Test Keyword', ...before]);
    await db.delete(keywords).where(eq(keywords.id, added!.id));
    expect(await keywordsOfTwin()).toEqual(before);
  });
});
