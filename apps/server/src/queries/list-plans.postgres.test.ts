import {
  changeRequestListQuerySchema,
  contactQuerySchema,
  pilotListQuerySchema,
  todayIso,
  resourcePackageReviewQuerySchema,
  reviewListQuerySchema,
} from '@nubes/domain';
import { DASHBOARD_LIMITS } from '@nubes/domain';
import { eq, sql, type Logger, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrincipal, type AuthUser } from '../auth/principal.js';
import { refreshReviewSchedule } from '../commands/review-schedule.js';
import type { Db } from '../db/client.js';
import { institutions, keywords, users } from '../db/schema.js';
import { generateChangeRequests } from '../demo/generate-change-requests.js';
import { generateContacts } from '../demo/generate-contacts.js';
import { generateResourcePackages } from '../demo/generate-resource-packages.js';
import { generateServices } from '../demo/generate-services.js';
import { demoSeedOptions, seedDemoData } from '../demo/seed-demo-data.js';
import { openTestDatabase, testConfig } from '../test/harness.js';
import { changeRequestListPageQuery } from './change-request-list.js';
import { loadMyServices, recentActivityQuery, serviceCountsQuery } from './dashboard.js';
import { loadWaiting } from './dashboard-waiting.js';
import { homePilotsQuery, pilotListPageQuery } from './pilots.js';
import { contactListPageQuery, contactSearchPageQuery, loadContactListPage } from './contacts.js';
import { resourcePackageReviewPageQuery } from './resource-package-review-list.js';
import { reviewListPageQuery, reviewListTotalQuery } from './service-review-list.js';
import {
  serviceListPageQuery,
  serviceSearchPageQuery,
  type ListSort,
  type ServiceListCriteria,
  type SortOrder,
} from './service-list.js';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/**
 * The cases whose plan reads none of the indexes that serve them: for each, what it is, what it
 * read and what it should have. A filter that keeps a seventh of the rows is served as well by
 * walking the order's index and skipping the rest, so a case may name more than one index.
 */
const unserved = async (cases: [string, Promise<string[]>, string | string[]][]) => {
  const misses: string[] = [];
  for (const [what, plan, serving] of cases) {
    const read = await plan;
    const wanted = [serving].flat();
    if (!wanted.some((index) => read.includes(index)))
      misses.push(`${what}: read ${read.join(', ') || 'no index'}; wanted ${wanted.join(' or ')}`);
  }
  return misses;
};

/** The names of the indexes a plan reads, from EXPLAIN's JSON. */
const indexesOf = async (db: Db, query: { getSQL(): SQL }): Promise<string[]> => {
  const result = await db.execute(sql`explain (format json) ${query.getSQL()}`);
  const plan = JSON.stringify((result as unknown as { rows: unknown[] }).rows);
  return [...new Set([...plan.matchAll(/"Index Name":"([^"]+)"/g)].map((match) => match[1]!))];
};

/**
 * Every filter and order a list offers is served by an index, at the scale the portal is built for
 * (10,000 services, 2,000 change requests, 5,000 resource packages, 50,000 contacts): the plans
 * PostgreSQL makes for a page read the index named beside each case. On PostgreSQL only: the
 * planner and its statistics are the production server's (PGlite plans alike, but building this
 * data there takes minutes).
 */
describe('the lists read their indexes at scale', () => {
  let database: TestDatabase;
  let paula: AuthUser;
  let carla: AuthUser;
  let rita: AuthUser;
  let providerId: string;
  let keywordId: string;
  let institutionId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    await seedDemoData(db, demoSeedOptions(testConfig()));
    await generateServices(db, { count: 10_000 });
    await generateChangeRequests(db, { count: 2_000 });
    await generateResourcePackages(db, { count: 5_000 });
    await generateContacts(db, { count: 50_000 });
    // Every catalogue service's next review date, as the review schedule job keeps them.
    await db.transaction((tx) => refreshReviewSchedule(tx));
    await db.execute(sql`vacuum analyze`);
    const person = async (username: string) => {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
      return (await loadPrincipal(db, row!.id))!;
    };
    [paula, carla, rita] = await Promise.all([person('paula'), person('carla'), person('rita')]);
    const [provider] = await db.select({ id: institutions.id }).from(institutions).limit(1);
    const [keyword] = await db.select({ id: keywords.id }).from(keywords).limit(1);
    providerId = provider!.id;
    institutionId = provider!.id;
    keywordId = keyword!.id;
  }, 600_000);
  afterAll(() => database?.drop());

  const servicePage = (criteria: ServiceListCriteria, sort: ListSort, order: SortOrder = 'asc') =>
    indexesOf(database.db, serviceListPageQuery(database.db, paula, criteria, sort, order, { limit: 50, offset: 0 }));

  it('the portfolio lists: every order, the filters and the search', async () => {
    const cases: [string, Promise<string[]>, string | string[]][] = [
      ['name', servicePage({ tab: 'catalogue' }, 'name'), 'services_name_sort_idx'],
      ['name desc', servicePage({}, 'name', 'desc'), 'services_name_sort_idx'],
      ['service ID', servicePage({}, 'serviceId'), 'services_service_id_key'],
      ['state', servicePage({}, 'state'), 'services_state_sort_idx'],
      // Ties by name A–Z in both directions: the descending order has its own index.
      ['state desc', servicePage({}, 'state', 'desc'), 'services_state_sort_desc_idx'],
      ['provider', servicePage({}, 'provider'), 'services_provider_sort_idx'],
      ['provider desc', servicePage({}, 'provider', 'desc'), 'services_provider_sort_desc_idx'],
      ['last change', servicePage({}, 'updatedAt', 'desc'), 'services_updated_sort_idx'],
      ['score', servicePage({}, 'score'), 'services_score_sort_idx'],
      ['score desc', servicePage({}, 'score', 'desc'), 'services_score_sort_desc_idx'],
      ['integration list', servicePage({}, 'weighted'), 'services_score_sort_desc_idx'],
      ['search', servicePage({ q: 'svc-01234' }, 'name'), 'services_search_idx'],
      ['a common word searched', servicePage({ q: 'stor' }, 'name'), ['services_search_idx', 'services_name_sort_idx']],
      [
        'provider filter',
        servicePage({ provider: providerId, state: 'service_online' }, 'updatedAt'),
        // The dashboard's index leads with the state and then the last change: it serves this order too.
        ['services_provider_idx', 'services_updated_sort_idx', 'services_relations_idx'],
      ],
      [
        'keyword filter',
        servicePage({ keyword: keywordId }, 'name'),
        ['service_keywords_keyword_idx', 'services_name_sort_idx'],
      ],
    ];
    expect(await unserved(cases)).toEqual([]);
  });

  it('a portfolio search reads its matches once through the search index, in every order, never walking a sort index', async () => {
    // "archive" is in a tenth of the services, and the catalogue's states come late in the state
    // order: walking services_state_sort_idx passed 4,500 services to fill a page.
    const sortIndexes = /^services_(name|state|provider|score|updated)_sort(_desc)?_idx$|^services_service_id_key$/;
    const misses: string[] = [];
    for (const sort of ['name', 'serviceId', 'state', 'provider', 'updatedAt', 'score', 'weighted'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const read = await indexesOf(
          database.db,
          serviceSearchPageQuery(database.db, paula, { tab: 'catalogue', q: 'archive' }, sort, order, {
            limit: 50,
            offset: 0,
          }),
        );
        if (!read.includes('services_search_idx') || read.some((index) => sortIndexes.test(index)))
          misses.push(`${sort} ${order}: read ${read.join(', ')}`);
      }
    }
    expect(misses).toEqual([]);
  });

  it('the contacts: every order, the filters and the search', async () => {
    const page = (query: Record<string, unknown>) =>
      indexesOf(database.db, contactListPageQuery(database.db, contactQuerySchema.parse(query)));
    // A search gathers its matches (up to 5,000) through the search index, counts and sorts them.
    const search = (query: Record<string, unknown>) =>
      indexesOf(database.db, contactSearchPageQuery(database.db, contactQuerySchema.parse(query), 5_000));
    void carla;
    const cases: [string, Promise<string[]>, string | string[]][] = [
      ['last name', page({}), 'contacts_lastname_sort_idx'],
      ['last name desc', page({ order: 'desc' }), 'contacts_lastname_sort_idx'],
      ['first name', page({ sort: 'firstname' }), 'contacts_firstname_sort_idx'],
      ['e-mail', page({ sort: 'email' }), 'contacts_email_sort_idx'],
      ['e-mail desc', page({ sort: 'email', order: 'desc' }), 'contacts_email_sort_desc_idx'],
      ['institution', page({ sort: 'institution' }), 'contacts_institution_sort_idx'],
      ['institution desc', page({ sort: 'institution', order: 'desc' }), 'contacts_institution_sort_desc_idx'],
      ['last change', page({ sort: 'updatedAt', order: 'desc' }), 'contacts_updated_sort_idx'],
      ['search', search({ q: 'mül' }), 'contacts_search_idx'],
      ['search by last change', search({ q: 'mül', sort: 'updatedAt' }), 'contacts_search_idx'],
      ['search matching most', page({ q: 'example' }), 'contacts_lastname_sort_idx'],
      [
        'institution filter',
        page({ institution: institutionId, sort: 'updatedAt' }),
        ['contacts_institution_idx', 'contacts_updated_sort_idx'],
      ],
      // A quarter of the contacts hold a kind: walking the order's index finds a page as soon.
      ['property kind', page({ propertyKind: 'cluster' }), ['contacts_search_idx', 'contacts_lastname_sort_idx']],
      ['search for a kind', search({ q: 'björn k', propertyKind: 'otherBoards' }), 'contacts_search_idx'],
    ];
    expect(await unserved(cases)).toEqual([]);
  });

  it('a contact search the planner expects to be broad walks the sort index and answers its estimate; a narrow one counts', async () => {
    const { db } = database;
    const matching = async (q: string) => {
      const result = await db.execute(
        sql`select count(*)::int as n from contacts where search @@ nubes_search_query(${q})`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    const broad = await loadContactListPage(db, contactQuerySchema.parse({ q: 'example', sort: 'firstname' }));
    const every = await matching('example');
    expect(every).toBeGreaterThan(5_000);
    expect(broad).toMatchObject({ totalExact: false, totalEstimated: true });
    expect(broad.items).toHaveLength(50);
    expect(broad.total).toBeGreaterThan(every * 0.75);
    expect(broad.total).toBeLessThan(every * 1.25);
    expect(
      await indexesOf(db, contactListPageQuery(db, contactQuerySchema.parse({ q: 'example', sort: 'firstname' }))),
    ).toEqual(expect.not.arrayContaining(['contacts_search_idx']));
    const narrow = await loadContactListPage(db, contactQuerySchema.parse({ q: 'mül' }));
    expect(narrow).toMatchObject({ totalExact: true, total: await matching('mül') });
    expect(narrow.totalEstimated).toBeUndefined();
  });

  it('a contact search of words that belong together is expected to match as many as its rarest word: a broad one walks the sort index, gathering nothing', async () => {
    const { db } = database;
    const count = async (q: string) => {
      const result = await db.execute(
        sql`select count(*)::int as n from contacts where search @@ nubes_search_query(${q})`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    // Every contact at an "… AG Speicher…" institution matches both words: the planner, multiplying
    // the words' shares, expected a fraction of them.
    const every = await count('ag speich');
    expect(every).toBeGreaterThan(5_000);
    expect(every).toBe(await count('speich'));
    const session = (db as unknown as { session: { logger: Logger } }).session;
    const sent: string[] = [];
    const logger = session.logger;
    session.logger = { logQuery: (query) => void sent.push(query) };
    let page;
    try {
      page = await loadContactListPage(db, contactQuerySchema.parse({ q: 'ag speich', sort: 'email', page: 3 }));
    } finally {
      session.logger = logger;
    }
    expect(page).toMatchObject({ totalExact: false, totalEstimated: true });
    expect(page.items).toHaveLength(50);
    expect(page.total).toBeGreaterThan(every * 0.75);
    expect(page.total).toBeLessThan(every * 1.25);
    // The estimate and the walk of the order's index, no gathering of the matches through the search index.
    expect(sent.filter((query) => query.includes('count(*) over ()'))).toEqual([]);
    const explained = await db.execute(
      sql`explain (format json) ${contactListPageQuery(db, contactQuerySchema.parse({ q: 'ag speich', sort: 'email' })).getSQL()}`,
    );
    expect(JSON.stringify((explained as unknown as { rows: unknown[] }).rows)).toContain('contacts_email_sort_idx');
    // Words that seldom meet stay narrow and are counted exactly.
    const narrow = await loadContactListPage(db, contactQuerySchema.parse({ q: 'lea wei' }));
    expect(narrow).toMatchObject({ totalExact: true, total: await count('lea wei') });
  });

  it('a package search gathers its matches through the search index, then sorts them: no order walked', async () => {
    const { db } = database;
    // The orders' indexes a walk would read; a filter by state may read the waiting order's index to find its packages.
    const orders = /resource_packages_(waiting|name_sort|service_sort)_idx|services_name_sort_idx/;
    const misses: string[] = [];
    for (const query of [
      { q: 'ceph' },
      { q: 'ceph', sort: 'name', order: 'desc' },
      { q: 'data repo', sort: 'service' },
      { q: 'gpu', sort: 'updatedAt', page: 2 },
    ]) {
      const read = await indexesOf(
        db,
        resourcePackageReviewPageQuery(db, rita, resourcePackageReviewQuerySchema.parse(query)),
      );
      if (!read.includes('resource_packages_search_idx') || read.some((index) => orders.test(index)))
        misses.push(`${JSON.stringify(query)}: read ${read.join(', ')}`);
    }
    expect(misses).toEqual([]);
  });

  it('a contact search for a property kind reads one index for both, never the properties', async () => {
    const { db } = database;
    for (const query of [
      { q: 'björn k', propertyKind: 'otherBoards' },
      { q: 'h', propertyKind: 'workingGroup', page: 4 },
    ]) {
      const result = await db.execute(
        sql`explain (format json) ${contactSearchPageQuery(db, contactQuerySchema.parse(query), 5_000).getSQL()}`,
      );
      const plan = JSON.stringify((result as unknown as { rows: unknown[] }).rows);
      expect(plan).toMatch(/"Index Cond":"\(\(search @@ [^"]*property_kinds && /);
      expect(plan).not.toContain('contact_properties');
    }
  });

  it('the change request, review and resource package review lists', async () => {
    const { db } = database;
    const changeRequests = (query: Record<string, unknown>) =>
      indexesOf(db, changeRequestListPageQuery(db, paula, changeRequestListQuerySchema.parse(query)));
    const reviews = (query: Record<string, unknown>) =>
      indexesOf(db, reviewListPageQuery(db, paula, reviewListQuerySchema.parse(query)));
    const reviewCounts = (query: Record<string, unknown>) =>
      indexesOf(db, reviewListTotalQuery(db, paula, reviewListQuerySchema.parse(query)));
    const packages = (query: Record<string, unknown>) =>
      indexesOf(db, resourcePackageReviewPageQuery(db, rita, resourcePackageReviewQuerySchema.parse(query)));
    const cases: [string, Promise<string[]>, string | string[]][] = [
      ['change requests by last change', changeRequests({}), 'change_requests_updated_idx'],
      ['change requests by creation', changeRequests({ sort: 'createdAt' }), 'change_requests_created_idx'],
      ['change requests in a state', changeRequests({ state: 'handed_in' }), 'change_requests_state_idx'],
      // The service's name is kept on the request: its order walks the requests, not the services.
      ['change requests by service', changeRequests({ sort: 'service' }), 'change_requests_service_sort_idx'],
      [
        'change requests by service desc, page 6',
        changeRequests({ sort: 'service', order: 'desc', page: 6 }),
        'change_requests_service_sort_idx',
      ],
      [
        'change requests in a state by service',
        changeRequests({ state: 'applied', sort: 'service', order: 'desc' }),
        'change_requests_service_sort_idx',
      ],
      // A status is asked of the reviews, one row per service ever reviewed: the plan may start there
      // and find each service by its key.
      ['reviews with a status', reviews({ status: 'running' }), ['service_reviews_status_idx', 'services_pkey']],
      [
        'running reviews by start',
        reviews({ status: 'running', sort: 'startedAt' }),
        ['service_reviews_status_idx', 'services_pkey'],
      ],
      // The services without a review row follow their names in the orders keyed in service_reviews.
      ['reviews by status', reviews({ sort: 'status' }), 'services_name_sort_idx'],
      ['reviews by start', reviews({ sort: 'startedAt', order: 'desc' }), 'services_name_sort_idx'],
      ['reviews by provider', reviews({ sort: 'provider' }), 'services_provider_sort_idx'],
      ['reviews by service ID', reviews({ sort: 'serviceId' }), 'services_service_id_key'],
      ['reviews by state', reviews({ sort: 'state' }), 'services_state_sort_idx'],
      ['reviews by state desc', reviews({ sort: 'state', order: 'desc' }), 'services_state_sort_desc_idx'],
      // A tab's states are one condition for the services without a review row: estimated right, the
      // order's index is walked rather than every service of the tab sorted.
      ['reviews of a tab by state', reviews({ tab: 'pipeline', sort: 'state' }), 'services_state_sort_idx'],
      // One provider's services follow their names in the provider order.
      [
        'reviews of a provider by provider',
        reviews({ tab: 'pipeline', provider: providerId, sort: 'provider' }),
        ['services_provider_idx', 'services_name_sort_idx'],
      ],
      // The services without a review row are counted from the state index alone.
      ['review counts', reviewCounts({}), 'services_state_idx'],
      [
        'review counts of a provider',
        reviewCounts({ provider: providerId }),
        ['services_state_idx', 'services_provider_idx'],
      ],
      // The schedule filters: a date within the next days, or a review running since long ago.
      ['reviews due soon', reviews({ schedule: 'dueSoon' }), 'review_schedule_next_idx'],
      ['review counts due soon', reviewCounts({ schedule: 'dueSoon' }), 'review_schedule_next_idx'],
      // Overdue is asked of the running reviews, as a status is: the plan may start there.
      ['reviews overdue', reviews({ schedule: 'overdue' }), ['service_reviews_status_idx', 'services_pkey']],
      ['review counts overdue', reviewCounts({ schedule: 'overdue' }), ['service_reviews_status_idx', 'services_pkey']],
      // Generated services went online up to five years ago: most are due, and walking the order's
      // index finds a page as soon as the dates' index would.
      ['reviews due', reviews({ schedule: 'due' }), ['review_schedule_next_idx', 'services_name_sort_idx']],
      ['packages waiting first', packages({}), 'resource_packages_waiting_idx'],
      ['packages waiting last', packages({ order: 'desc' }), 'resource_packages_waiting_idx'],
      ['packages by name', packages({ sort: 'name' }), 'resource_packages_name_sort_idx'],
      [
        'packages of a type by service',
        packages({ type: 'generated-compute', sort: 'service' }),
        'resource_packages_service_sort_idx',
      ],
      [
        'packages in a state by service desc',
        packages({ state: 'submitted', sort: 'service', order: 'desc' }),
        'resource_packages_service_sort_idx',
      ],
      // The waiting order's index holds the submitted packages first, by submission: it serves as well.
      [
        'packages in a state',
        packages({ state: 'submitted', sort: 'submittedAt' }),
        ['resource_packages_state_submitted_idx', 'resource_packages_waiting_idx'],
      ],
      ['packages searched', packages({ q: 'gpu' }), 'resource_packages_search_idx'],
    ];
    expect(await unserved(cases)).toEqual([]);
  });

  it('the pilots ending and the homes’ pilots read the pilots’ index, never every service', async () => {
    const { db } = database;
    const today = todayIso(new Date());
    const pilots = (query: Record<string, unknown>) =>
      indexesOf(db, { getSQL: () => pilotListPageQuery(pilotListQuerySchema.parse(query), today) });
    const alice = { id: paula.id, username: 'alice', roles: ['serviceProvider'] };
    const cases: [string, Promise<string[]>, string | string[]][] = [
      ['pilots by end', pilots({}), 'services_pilot_idx'],
      ['pilots by name desc', pilots({ sort: 'name', order: 'desc' }), 'services_pilot_idx'],
      ['pilots by online since', pilots({ sort: 'onlineSince' }), 'services_pilot_idx'],
      ['pilots in a state', pilots({ state: 'notice9' }), 'services_pilot_idx'],
      ['pilots extended', pilots({ extended: 'yes' }), 'services_pilot_idx'],
      [
        "the portfolio manager's home",
        indexesOf(db, { getSQL: () => homePilotsQuery(paula, today) }),
        'services_pilot_idx',
      ],
      ["a provider's home", indexesOf(db, { getSQL: () => homePilotsQuery(alice, today) }), 'services_pilot_idx'],
    ];
    expect(await unserved(cases)).toEqual([]);
  });

  it("the dashboard's recent activity skips the contact events for someone who may not read them", async () => {
    const { db } = database;
    // Paula reads neither contacts nor institutions; carla reads contacts, whose events she sees.
    expect(await indexesOf(db, recentActivityQuery(db, paula, DASHBOARD_LIMITS.activity))).toContain(
      'audit_events_at_without_contacts_idx',
    );
    expect(await indexesOf(db, recentActivityQuery(db, carla, DASHBOARD_LIMITS.activity))).not.toContain(
      'audit_events_at_without_contacts_idx',
    );
  });

  it("the dashboard's counts and My Services read indexes, never every service", async () => {
    const { db } = database;
    // The statements the dashboard's loaders send, caught by the session's logger.
    const session = (db as unknown as { session: { logger: Logger } }).session;
    const sent: [string, unknown[]][] = [];
    const logger = session.logger;
    session.logger = { logQuery: (query, params) => void sent.push([query, params]) };
    try {
      await loadWaiting(db, paula);
      await loadMyServices(db, paula, DASHBOARD_LIMITS.myServices);
      await serviceCountsQuery(db, paula);
    } finally {
      session.logger = logger;
    }
    const client = (
      db as unknown as { $client: { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> } }
    ).$client;
    type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
    const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
    const walks: string[] = [];
    for (const [query, params] of sent) {
      const [
        {
          'QUERY PLAN': [{ Plan: plan }],
        },
      ] = (await client.query(`explain (format json) ${query}`, params)).rows as [
        { 'QUERY PLAN': [{ Plan: PlanNode }] },
      ];
      const nodes = nodesOf(plan);
      // Paula is provider side of no service: My Services is a few index probes, not a walk of its order's index.
      const mine = query.includes('"services"."object_owner_id" = $') && !query.includes('coalesce(');
      if (
        nodes.some((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'services') ||
        (mine && nodes.some((node) => node['Index Name'] === 'services_updated_sort_idx'))
      )
        walks.push(query.slice(0, 160));
    }
    expect(sent.length).toBeGreaterThan(5);
    expect(walks).toEqual([]);
  });

  it('a list page looks up its provider, people and service for the rows it shows, and a search reads each word once', async () => {
    // Looked up as scalar subqueries after the page is cut, never for the rows an offset passes
    // (docs/adr/0132-list-statements-cheap-to-plan.md).
    const { db } = database;
    const subPlanLoops = async (query: { getSQL(): SQL }) => {
      const result = await db.execute(sql`explain (analyze, costs off, format json) ${query.getSQL()}`);
      const loops: number[] = [];
      const walk = (node: { 'Parent Relationship'?: string; 'Actual Loops'?: number; Plans?: unknown[] }) => {
        if (node['Parent Relationship'] === 'SubPlan') loops.push(node['Actual Loops']!);
        for (const child of node.Plans ?? []) walk(child as typeof node);
      };
      walk((result as unknown as { rows: { 'QUERY PLAN': [{ Plan: never }] }[] }).rows[0]!['QUERY PLAN'][0].Plan);
      return loops;
    };
    const reviewPage = await subPlanLoops(
      reviewListPageQuery(db, paula, reviewListQuerySchema.parse({ tab: 'catalogue', sort: 'name', page: 3 })),
    );
    expect(reviewPage.length).toBeGreaterThanOrEqual(4);
    expect(reviewPage.filter((loops) => loops > 50)).toEqual([]);
    const requestPage = await subPlanLoops(
      changeRequestListPageQuery(db, paula, changeRequestListQuerySchema.parse({ sort: 'updatedAt', page: 3 })),
    );
    expect(requestPage.length).toBeGreaterThanOrEqual(4);
    expect(requestPage.filter((loops) => loops > 50)).toEqual([]);
    // A search's matches are gathered once for the page and its total: one read of the services'
    // search index per word.
    const searched = await db.execute(
      sql`explain (format json) ${changeRequestListPageQuery(db, paula, changeRequestListQuerySchema.parse({ q: 'data repo' })).getSQL()}`,
    );
    const plan = JSON.stringify((searched as unknown as { rows: unknown[] }).rows);
    expect(plan.match(/"Index Name":"services_search_idx"/g)).toHaveLength(2);
  });

  it('the review list by state reads only the states its filters leave from the order’s index', async () => {
    const { db } = database;
    const query = reviewListQuerySchema.parse({ tab: 'catalogue', sort: 'state', order: 'desc', page: 3 });
    const result = await db.execute(sql`explain (format json) ${reviewListPageQuery(db, paula, query).getSQL()}`);
    const plan = JSON.stringify((result as unknown as { rows: unknown[] }).rows);
    expect(plan).toMatch(/"Index Name":"services_state_sort(_desc)?_idx"[^}]*"Index Cond":"\(array_position\(/);
  });
});
