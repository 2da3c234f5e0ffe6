import { describe, expect, it } from 'vitest';
import {
  changeFilters,
  defaultFilters,
  exportPaths,
  listApiPath,
  parseListFilters,
  serializeListFilters,
  sortBy,
  statesFor,
  type ListFilters,
} from './listQuery';

const PROVIDER = '0b6f1c1e-2a4d-4c57-9d0e-3f1a2b3c4d5e';
const KEYWORD = '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a';
const parse = (query: string, source: Parameters<typeof parseListFilters>[1] = 'portfolio') =>
  parseListFilters(new URLSearchParams(query), source);

describe('query string ↔ filters', () => {
  it('reads every filter of a portfolio link', () => {
    expect(
      parse(
        `tab=pipeline&q=%20object%20storage%20&state=integration_planned&provider=${PROVIDER}&keyword=${KEYWORD}&sort=name&order=asc&page=3`,
      ),
    ).toEqual({
      tab: 'pipeline',
      q: 'object storage',
      state: 'integration_planned',
      provider: PROVIDER,
      keyword: KEYWORD,
      scope: 'work',
      sort: 'name',
      order: 'asc',
      page: 3,
      pageSize: 50,
    });
  });

  it('opens the first tab, newest edits first, on page 1 without a query', () => {
    expect(parse('')).toEqual(defaultFilters('portfolio'));
    expect(parse('')).toMatchObject({ tab: 'application', sort: 'updatedAt', order: 'desc', page: 1 });
  });

  it('falls back to defaults for values the server would refuse', () => {
    const filters = parse('tab=nope&state=service_online&provider=1%20OR%201=1&keyword=x&sort=secret&order=up&page=0');
    expect(filters).toEqual(defaultFilters('portfolio'));
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=-4').page).toBe(1);
    expect(parse(`q=${'x'.repeat(300)}`).q).toHaveLength(200);
    expect(parse('tab=mine').tab).toBe('application');
  });

  it('reads the page size the lists offer; others fall back to 50', () => {
    expect(parse('pageSize=100').pageSize).toBe(100);
    expect(parse('pageSize=25', 'integration').pageSize).toBe(25);
    for (const size of ['30', '500', '0', 'x', '']) expect(parse(`pageSize=${size}`).pageSize).toBe(50);
    expect(serializeListFilters(parse('pageSize=25&page=2'), 'portfolio').toString()).toBe('page=2&pageSize=25');
    expect(listApiPath('mine', parse('pageSize=100', 'mine'))).toBe(
      '/api/services/mine?sort=updatedAt&order=desc&page=1&pageSize=100',
    );
  });

  it('keeps a state only inside its tab; my centre and the other lists offer every state', () => {
    expect(parse('tab=catalogue&state=application_draft').state).toBeNull();
    expect(parse('tab=catalogue&state=service_not_available').state).toBe('service_not_available');
    expect(parse('tab=myCentre&state=application_draft').state).toBe('application_draft');
    expect(parse('state=service_retired', 'mine').state).toBe('service_retired');
    expect(statesFor('portfolio', 'withdrawn')).toEqual(['application_withdrawn', 'service_offer_withdrawn']);
  });

  it('defaults the order to the column: dates and scores descending, names ascending', () => {
    expect(parse('sort=score')).toMatchObject({ sort: 'score', order: 'desc' });
    expect(parse('sort=provider')).toMatchObject({ sort: 'provider', order: 'asc' });
  });

  it('ignores tab and sort where the list has none', () => {
    expect(parse('tab=pipeline&sort=name&order=asc', 'mine')).toMatchObject({ tab: null, sort: 'name' });
    expect(parse('sort=name&order=asc', 'integration')).toMatchObject({ sort: 'updatedAt', order: 'desc' });
  });

  it('writes only what differs from the defaults, and reads it back unchanged', () => {
    expect(serializeListFilters(defaultFilters('portfolio'), 'portfolio').toString()).toBe('');
    const filters = parse(`tab=catalogue&q=gpu&state=service_online&provider=${PROVIDER}&sort=name&order=desc&page=2`);
    const query = serializeListFilters(filters, 'portfolio').toString();
    expect(query).toBe(`tab=catalogue&q=gpu&state=service_online&provider=${PROVIDER}&sort=name&order=desc&page=2`);
    expect(parse(query)).toEqual(filters);
    // A column in its natural order needs no order parameter… but still its sort.
    expect(serializeListFilters(parse('sort=name&order=asc'), 'portfolio').toString()).toBe('sort=name&order=asc');
  });
});

describe('API and CSV links', () => {
  it('asks the server for one page of 50, with the tab, filters and sort', () => {
    const filters = parse(`tab=pipeline&q=a&b&state=service_planned&keyword=${KEYWORD}&sort=score&page=4`);
    expect(listApiPath('portfolio', filters)).toBe(
      `/api/services?tab=pipeline&q=a&state=service_planned&keyword=${KEYWORD}&sort=score&order=desc&page=4&pageSize=50`,
    );
  });

  it('encodes search text', () => {
    const filters = { ...defaultFilters('portfolio'), q: 'R&D / 100% "cloud"' };
    const url = new URL(listApiPath('portfolio', filters), 'http://localhost');
    expect(url.searchParams.get('q')).toBe('R&D / 100% "cloud"');
  });

  it('My Services has no tab; the integration list neither sort nor order (the server ranks by score)', () => {
    const filters = parse('q=x&sort=name&order=asc', 'mine');
    expect(listApiPath('mine', filters)).toBe('/api/services/mine?q=x&sort=name&order=asc&page=1&pageSize=50');
    expect(listApiPath('integration', parse(`provider=${PROVIDER}&page=2`, 'integration'))).toBe(
      `/api/integration-list?provider=${PROVIDER}&page=2&pageSize=50`,
    );
  });

  it('exports the current view without paging, as CSV and JSON, or only the selected rows', () => {
    const csv = (source: Parameters<typeof exportPaths>[0], filters: ListFilters) => exportPaths(source, filters).csv;
    const filters = parse(`tab=catalogue&q=storage&provider=${PROVIDER}&sort=name&order=asc&page=7`);
    expect(csv('portfolio', filters)).toBe(
      `/api/services/export.csv?tab=catalogue&q=storage&provider=${PROVIDER}&sort=name&order=asc`,
    );
    expect(csv('portfolio', defaultFilters('portfolio'))).toBe(
      '/api/services/export.csv?tab=application&sort=updatedAt&order=desc',
    );
    expect(csv('mine', parse('state=service_online', 'mine'))).toBe(
      '/api/services/export.csv?tab=mine&state=service_online&sort=updatedAt&order=desc',
    );
    expect(csv('integration', defaultFilters('integration'))).toBe('/api/integration-list/export.csv');
    expect(csv('integration', parse('scope=all&q=gpu&page=3', 'integration'))).toBe(
      '/api/integration-list/export.csv?q=gpu&scope=all',
    );
    expect(exportPaths('portfolio', filters, ['a', 'b']).json).toBe(
      `/api/services/export.json?tab=catalogue&q=storage&provider=${PROVIDER}&sort=name&order=asc&ids=a%2Cb`,
    );
    expect(exportPaths('integration', defaultFilters('integration'), ['a']).json).toBe(
      '/api/integration-list/export.json?ids=a',
    );
  });

  it('shows the integration list’s services in integration work unless the URL asks for all', () => {
    expect(parse('', 'integration').scope).toBe('work');
    expect(parse('scope=some', 'integration').scope).toBe('work');
    // A state outside integration work needs the whole list.
    expect(parse('state=service_online', 'integration').state).toBeNull();
    const all = parse('scope=all&state=service_online', 'integration');
    expect(all).toMatchObject({ scope: 'all', state: 'service_online' });
    expect(serializeListFilters(all, 'integration').toString()).toBe('state=service_online&scope=all');
    expect(listApiPath('integration', all)).toBe(
      '/api/integration-list?state=service_online&scope=all&page=1&pageSize=50',
    );
    // Back to integration work drops the state it does not hold; the portfolio ignores the scope.
    expect(changeFilters(all, 'integration', { scope: 'work' })).toMatchObject({ scope: 'work', state: null });
    expect(serializeListFilters(parse('scope=all'), 'portfolio').toString()).toBe('');
  });
});

describe('changing the view', () => {
  it('goes back to page 1 and drops a state that the new tab does not hold', () => {
    const filters = parse('tab=pipeline&state=service_planned&q=gpu&page=5');
    expect(changeFilters(filters, 'portfolio', { tab: 'catalogue' })).toMatchObject({
      tab: 'catalogue',
      state: null,
      q: 'gpu',
      page: 1,
    });
    expect(changeFilters(filters, 'portfolio', { tab: 'myCentre' })).toMatchObject({ state: 'service_planned' });
  });

  it('flips the order on the same column and starts a new one in its natural order', () => {
    const byName = sortBy(parse('page=3'), 'portfolio', 'name');
    expect(byName).toMatchObject({ sort: 'name', order: 'asc', page: 1 });
    expect(sortBy(byName, 'portfolio', 'name')).toMatchObject({ sort: 'name', order: 'desc' });
    expect(sortBy(byName, 'portfolio', 'updatedAt')).toMatchObject({ sort: 'updatedAt', order: 'desc' });
  });
});
