import { SERVICE_STATES, type Principal, type ServiceState } from '@nubes/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_WAITING_CHANGES } from './carried-over.js';
import { ServiceListSnapshot, type ServiceListCriteria, type ServiceListRow } from './service-list-snapshot.js';

const HPCN = 'inst-hpcn';
const DCS = 'inst-dcs';
const ALICE = 'user-alice';
const BOB = 'user-bob';

let counter = 0;
const row = (over: Partial<ServiceListRow> & { name: string; state: ServiceState }): ServiceListRow => {
  counter += 1;
  return {
    id: `id-${String(counter).padStart(3, '0')}`,
    serviceId: `SVC-${String(counter).padStart(5, '0')}`,
    providerId: HPCN,
    providerAbbreviation: 'HPCN',
    providerName: 'HPC Centre North',
    shortDescription: '',
    serviceType: 'infrastructure',
    weightedScore: 0,
    keywords: [],
    keywordIds: [],
    updatedAt: new Date(Date.UTC(2026, 0, counter)),
    version: 1,
    onlineSince: null,
    objectOwnerId: null,
    serviceOwnerId: null,
    serviceManagerId: null,
    providerManagerId: null,
    adminIds: [],
    ...over,
  };
};

const rows = [
  row({ name: 'beta storage', state: 'service_online', weightedScore: 30, keywords: ['S3'], keywordIds: ['kw-s3'] }),
  row({ name: 'Alpha compute', state: 'service_online', weightedScore: 30, objectOwnerId: ALICE }),
  row({ name: 'alice draft', state: 'application_draft', objectOwnerId: ALICE }),
  row({ name: 'bob draft', state: 'application_draft', objectOwnerId: BOB, adminIds: [ALICE] }),
  row({
    name: 'Gamma archive',
    state: 'service_retired',
    weightedScore: 50,
    providerId: DCS,
    providerAbbreviation: 'DCS',
  }),
  row({
    name: 'delta',
    state: 'integration_planned',
    providerId: null,
    providerAbbreviation: null,
    providerName: null,
    shortDescription: 'Object storage for archives',
  }),
];
const snapshot = ServiceListSnapshot.of(rows);

const person = (id: string, roles: Principal['roles']): Principal => ({ id, username: id, roles });
const paula = { principal: person('user-paula', ['servicePortfolioManager']), institutionId: null };
const alice = { principal: person(ALICE, ['serviceProvider']), institutionId: HPCN };
const nora = { principal: person('user-nora', []), institutionId: null };

const names = (result: { rows: ServiceListRow[] }) => result.rows.map((r) => r.name);
const ids = (result: { rows: ServiceListRow[] }) => result.rows.map((r) => r.id);
const all = { limit: 100, offset: 0 };

describe('ServiceListSnapshot.query', () => {
  it('shows each caller exactly what canSeeService lets them read', () => {
    expect(snapshot.query({}, paula, 'name', 'asc', all).total).toBe(6);
    // Readers see every service but other people's drafts; alice also bob's draft, which she administers.
    expect(names(snapshot.query({}, alice, 'name', 'asc', all))).toEqual([
      'alice draft',
      'Alpha compute',
      'beta storage',
      'bob draft',
      'delta',
      'Gamma archive',
    ]);
    const bob = { principal: person(BOB, ['cloudServiceDesk']), institutionId: null };
    expect(names(snapshot.query({}, bob, 'name', 'asc', all))).not.toContain('alice draft');
    expect(snapshot.query({}, nora, 'name', 'asc', all).total).toBe(0);
  });

  it('filters by tab, state, provider, keyword, my centre and mine', () => {
    expect(names(snapshot.query({ tab: 'catalogue' }, paula, 'name', 'asc', all))).toEqual([
      'Alpha compute',
      'beta storage',
    ]);
    expect(names(snapshot.query({ tab: 'catalogue', state: 'service_retired' }, paula, 'name', 'asc', all))).toEqual(
      [],
    );
    expect(names(snapshot.query({ provider: DCS }, paula, 'name', 'asc', all))).toEqual(['Gamma archive']);
    expect(names(snapshot.query({ provider: 'unknown' }, paula, 'name', 'asc', all))).toEqual([]);
    expect(names(snapshot.query({ keyword: 'kw-s3' }, paula, 'name', 'asc', all))).toEqual(['beta storage']);
    expect(snapshot.query({ tab: 'myCentre' }, alice, 'name', 'asc', all).total).toBe(4);
    expect(snapshot.query({ tab: 'myCentre' }, paula, 'name', 'asc', all).total).toBe(0);
    expect(names(snapshot.query({ tab: 'mine' }, alice, 'name', 'asc', all))).toEqual([
      'alice draft',
      'Alpha compute',
      'bob draft',
    ]);
  });

  it('searches the beginnings of words in ID, name, short description and keywords', () => {
    expect(names(snapshot.query({ q: 'stor' }, paula, 'name', 'asc', all))).toEqual(['beta storage', 'delta']);
    expect(names(snapshot.query({ q: 'stor arch' }, paula, 'name', 'asc', all))).toEqual(['delta']);
    expect(names(snapshot.query({ q: 's3' }, paula, 'name', 'asc', all))).toEqual(['beta storage']);
    expect(names(snapshot.query({ q: rows[4]!.serviceId }, paula, 'name', 'asc', all))).toEqual(['Gamma archive']);
    expect(snapshot.query({ q: '&|!' }, paula, 'name', 'asc', all).total).toBe(6);
  });

  it('sorts with ties broken by name A–Z and id; providers missing sort last both ways', () => {
    expect(names(snapshot.query({}, paula, 'score', 'desc', all)).slice(0, 3)).toEqual([
      'Gamma archive',
      'Alpha compute',
      'beta storage',
    ]);
    expect(names(snapshot.query({}, paula, 'weighted', 'asc', all)).slice(0, 3)).toEqual([
      'Gamma archive',
      'Alpha compute',
      'beta storage',
    ]);
    expect(names(snapshot.query({}, paula, 'provider', 'asc', all)).at(-1)).toBe('delta');
    expect(names(snapshot.query({}, paula, 'provider', 'desc', all))).toEqual([
      'alice draft',
      'Alpha compute',
      'beta storage',
      'bob draft',
      'Gamma archive',
      'delta',
    ]);
    expect(names(snapshot.query({}, paula, 'state', 'asc', all))[0]).toBe('alice draft');
    expect(names(snapshot.query({}, paula, 'updatedAt', 'desc', all))[0]).toBe('delta');
    expect(names(snapshot.query({}, paula, 'name', 'desc', all))).toEqual(
      names(snapshot.query({}, paula, 'name', 'asc', all)).reverse(),
    );
  });

  it('pages with the total of all matches', () => {
    const page = snapshot.query({}, paula, 'name', 'asc', { limit: 2, offset: 2 });
    expect(page.total).toBe(6);
    expect(names(page)).toEqual(['beta storage', 'bob draft']);
    expect(snapshot.query({}, paula, 'name', 'asc', { limit: 2, offset: 10 })).toEqual({ rows: [], total: 6 });
  });

  it('pages through every view, caller, sort and order as the whole view sliced', () => {
    const views = [{}, { tab: 'catalogue' as const }, { tab: 'mine' as const }, { q: 'stor' }, { provider: DCS }];
    const sorts = ['name', 'serviceId', 'state', 'provider', 'updatedAt', 'score'] as const;
    for (const caller of [paula, alice, nora])
      for (const view of views)
        for (const sort of sorts)
          for (const order of ['asc', 'desc'] as const) {
            const whole = snapshot.query(view, caller, sort, order, all);
            for (let offset = 0; offset <= whole.rows.length; offset += 2) {
              const page = snapshot.query(view, caller, sort, order, { limit: 2, offset });
              const label = JSON.stringify({ caller: caller.principal.id, view, sort, order, offset });
              expect(page.total, label).toBe(whole.total);
              expect(names(page), label).toEqual(names(whole).slice(offset, offset + 2));
            }
          }
  });
});

describe('ServiceListSnapshot.query, asked again', () => {
  // One person under several guises: what they may see changes with their roles and centre.
  const CALLERS = [
    paula,
    alice,
    nora,
    { principal: person(ALICE, ['servicePortfolioManager']), institutionId: HPCN },
    { principal: person(ALICE, ['serviceProvider']), institutionId: DCS },
    { principal: person(ALICE, ['serviceProvider']), institutionId: null },
    { principal: person(BOB, ['serviceProvider']), institutionId: HPCN },
    { principal: person(BOB, ['cloudServiceDesk']), institutionId: HPCN },
  ];
  const people = [ALICE, BOB, 'user-carol', null];
  const rowArbitrary = fc.record({
    name: fc.constantFrom('alpha', 'Beta', 'gamma store', 'delta', 'storage'),
    state: fc.constantFrom(...SERVICE_STATES),
    providerId: fc.constantFrom(HPCN, DCS, null),
    objectOwnerId: fc.constantFrom(...people),
    serviceManagerId: fc.constantFrom(...people),
    providerManagerId: fc.constantFrom(...people),
    adminIds: fc.subarray([ALICE, BOB, 'user-carol']),
    keywordIds: fc.subarray(['kw-a', 'kw-b']),
  });
  const queryArbitrary = fc.record({
    caller: fc.nat({ max: CALLERS.length - 1 }),
    // A few views, so that the same view comes back for other callers within a sequence.
    criteria: fc.constantFrom<ServiceListCriteria>(
      {},
      { tab: 'application' },
      { tab: 'mine' },
      { tab: 'myCentre' },
      { state: 'application_draft' },
      { states: ['application_draft', 'service_online'] },
      { provider: HPCN },
      { keyword: 'kw-a' },
      { q: 'stor' },
      { tab: 'myCentre', q: 'al' },
    ),
    sort: fc.constantFrom('name', 'state', 'provider', 'weighted' as const),
    order: fc.constantFrom('asc', 'desc' as const),
    offset: fc.nat({ max: 6 }),
  });

  it('answers every query of a sequence as a snapshot asked it first would, whoever asked before', () => {
    fc.assert(
      fc.property(
        fc.array(rowArbitrary, { minLength: 5, maxLength: 30 }),
        fc.array(queryArbitrary, { minLength: 10, maxLength: 40 }),
        (made, queries) => {
          const rowsNow = made.map((fields) =>
            row({ ...fields, providerAbbreviation: fields.providerId, keywords: fields.keywordIds }),
          );
          const kept = ServiceListSnapshot.of(rowsNow);
          for (const { caller, criteria, sort, order, offset } of queries) {
            const page = { limit: 3, offset };
            const fresh = ServiceListSnapshot.of(rowsNow).query(criteria, CALLERS[caller]!, sort, order, page);
            expect(kept.query(criteria, CALLERS[caller]!, sort, order, page)).toEqual(fresh);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('ServiceListSnapshot.with', () => {
  it('replaces changed rows, adds new ones, drops removed ones, and leaves the old snapshot as it was', () => {
    const renamed = { ...rows[0]!, name: 'Zeta storage', state: 'service_discontinued' as const };
    const added = row({ name: 'Epsilon', state: 'service_online', objectOwnerId: 'user-new' });
    const next = snapshot.with([renamed, added], [rows[5]!.id]);
    expect(names(next.query({}, paula, 'name', 'asc', all))).toEqual([
      'alice draft',
      'Alpha compute',
      'bob draft',
      'Epsilon',
      'Gamma archive',
      'Zeta storage',
    ]);
    expect(names(next.query({ tab: 'catalogue' }, paula, 'name', 'asc', all))).toEqual(['Alpha compute', 'Epsilon']);
    expect(names(next.query({ q: 'zeta' }, paula, 'name', 'asc', all))).toEqual(['Zeta storage']);
    expect(next.size).toBe(6);
    expect(names(snapshot.query({ q: 'zeta' }, paula, 'name', 'asc', all))).toEqual([]);
    expect(snapshot.size).toBe(6);
  });
  it('orders and finds the services after changes as a snapshot read whole would, in every order asked before and with the search index, also after many changes nobody asked between', () => {
    const SORTS = ['name', 'serviceId', 'state', 'provider', 'updatedAt', 'score', 'weighted'] as const;
    const fieldsArbitrary = fc.record({
      name: fc.constantFrom('alpha', 'Beta', 'gamma', 'delta', 'Alpha'),
      state: fc.constantFrom(...SERVICE_STATES),
      providerId: fc.constantFrom(HPCN, DCS, null),
      weightedScore: fc.integer({ min: 0, max: 3 }),
      day: fc.integer({ min: 1, max: 5 }),
      objectOwnerId: fc.constantFrom(ALICE, BOB, null),
      adminIds: fc.subarray([ALICE, BOB]),
    });
    const rowOf = (
      id: number,
      fields: {
        name: string;
        state: ServiceState;
        providerId: string | null;
        weightedScore: number;
        day: number;
        objectOwnerId: string | null;
        adminIds: string[];
      },
    ) =>
      row({
        ...fields,
        id: `id-${String(id).padStart(3, '0')}`,
        serviceId: `SVC-${String(id % 7).padStart(5, '0')}-${id}`,
        providerAbbreviation: fields.providerId,
        updatedAt: new Date(Date.UTC(2026, 0, fields.day)),
      });
    // A step changes some services (by index), removes some and adds some; half of the steps remove
    // none, which the snapshot answers in place.
    const stepArbitrary = fc.record({
      changed: fc.array(fc.tuple(fc.nat(), fieldsArbitrary), { maxLength: 4 }),
      removed: fc.oneof(fc.constant<number[]>([]), fc.array(fc.nat(), { maxLength: 3 })),
      added: fc.array(fieldsArbitrary, { maxLength: 3 }),
    });
    fc.assert(
      fc.property(
        fc.array(fieldsArbitrary, { minLength: 1, maxLength: 25 }),
        fc.array(stepArbitrary, { minLength: 1, maxLength: 3 }),
        fc.subarray([...SORTS]),
        // Asked and checked at every step, or at the first and the last only: the orders and the
        // search index then wait behind the changes between (more than MAX_WAITING_CHANGES).
        fc.boolean(),
        (initial, someSteps, askedBefore, every) => {
          let nextId = 0;
          let current = initial.map((fields) => rowOf(nextId++, fields));
          let kept = ServiceListSnapshot.of(current);
          const steps = every
            ? someSteps
            : Array.from({ length: MAX_WAITING_CHANGES + 4 }, (_, i) => someSteps[i % someSteps.length]!);
          for (const [stepIndex, step] of steps.entries()) {
            const checked = every || stepIndex === 0 || stepIndex === steps.length - 1;
            if (checked) {
              for (const sort of askedBefore) kept.query({}, paula, sort, 'desc', { limit: 1, offset: 0 });
              kept.query({ tab: 'mine' }, alice, 'name', 'asc', { limit: 1, offset: 0 });
              // The search index too, when the step's first sort was asked before.
              if (askedBefore.length > 0) kept.query({ q: 'a' }, paula, 'name', 'asc', { limit: 1, offset: 0 });
            }
            const changed = current.length
              ? step.changed.map(([index, fields]) =>
                  rowOf(Number(current[index % current.length]!.id.slice(3)), fields),
                )
              : [];
            const changedIds = new Set(changed.map((r) => r.id));
            const removed = current.length
              ? step.removed.map((index) => current[index % current.length]!.id).filter((id) => !changedIds.has(id))
              : [];
            const added = step.added.map((fields) => rowOf(nextId++, fields));
            const byId = new Map(current.map((r) => [r.id, r]));
            for (const r of [...changed, ...added]) byId.set(r.id, r);
            for (const id of removed) byId.delete(id);
            current = [...byId.values()];
            kept = kept.with([...changed, ...added], removed);
            if (!checked) continue;
            const whole = ServiceListSnapshot.of(current);
            for (const sort of SORTS)
              for (const order of ['asc', 'desc'] as const)
                expect(ids(kept.query({}, paula, sort, order, all)), `${sort} ${order}`).toEqual(
                  ids(whole.query({}, paula, sort, order, all)),
                );
            for (const criteria of [{}, { tab: 'mine' as const }])
              expect(ids(kept.query(criteria, alice, 'name', 'asc', all)), `alice ${criteria.tab}`).toEqual(
                ids(whole.query(criteria, alice, 'name', 'asc', all)),
              );
            for (const q of ['al', 'beta', 'g', 'svc-00001', `${nextId - 1}`, 'delta svc', 'zz'])
              expect(ids(kept.query({ q }, paula, 'name', 'asc', all)), `q=${q}`).toEqual(
                ids(whole.query({ q }, paula, 'name', 'asc', all)),
              );
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
