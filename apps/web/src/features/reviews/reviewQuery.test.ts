import { describe, expect, it } from 'vitest';
import { filtersOf, reviewView } from './reviewQuery';

const PROVIDER = '00000000-0000-4000-8000-000000000001';
const DEFAULT_VIEW = reviewView.parse(new URLSearchParams());

describe('the review list view in the query string', () => {
  it('reads what the server takes and falls back on the rest', () => {
    const view = reviewView.parse(
      new URLSearchParams(`tab=catalogue&state=service_online&provider=${PROVIDER}&status=running&page=2`),
    );
    expect(view).toMatchObject({
      tab: 'catalogue',
      state: 'service_online',
      provider: PROVIDER,
      status: 'running',
      page: 2,
    });
    // A state outside the tab, an unknown status and page size, a malformed provider: defaults.
    const odd = reviewView.parse(
      new URLSearchParams('tab=catalogue&state=integration_planned&status=sleeping&pageSize=7&provider=x'),
    );
    expect(odd).toEqual({ ...DEFAULT_VIEW, tab: 'catalogue' });
  });

  it('writes only what differs from the defaults, and everything for the API', () => {
    const view = { ...DEFAULT_VIEW, tab: 'pipeline' as const, status: 'inactive' as const };
    expect(reviewView.serialize(view).toString()).toBe('tab=pipeline&status=inactive');
    expect(reviewView.apiPath(view)).toBe(
      '/api/reviews?tab=pipeline&status=inactive&sort=name&order=asc&page=1&pageSize=50',
    );
  });

  it('names the same filters for a bulk action as for the list', () => {
    const view = reviewView.change({ ...DEFAULT_VIEW, page: 4, state: 'integration_planned' }, { tab: 'catalogue' });
    expect(view.page).toBe(1);
    expect(view.state).toBeNull();
    expect(filtersOf(view)).toEqual({ tab: 'catalogue' });
  });
});
