import { describe, expect, it } from 'vitest';
import { listExports } from '../../components/data-table';
import { fieldListView } from './fieldListQuery';

describe('field list view in the URL', () => {
  it('reads what the server takes and falls back to the defaults for the rest', () => {
    expect(fieldListView.parse(new URLSearchParams('field=website&q=%20data%20&sort=state&order=desc&page=2'))).toEqual(
      {
        field: 'website',
        q: 'data',
        sort: 'state',
        order: 'desc',
        page: 2,
        pageSize: 50,
      },
    );
    expect(fieldListView.parse(new URLSearchParams('field=keywords&sort=score&page=0&pageSize=7'))).toEqual({
      field: null,
      q: '',
      sort: 'name',
      order: 'asc',
      page: 1,
      pageSize: 50,
    });
  });

  it('writes only what differs from the defaults, and builds the API and CSV paths', () => {
    const view = fieldListView.parse(new URLSearchParams('field=remarks&q=tape&pageSize=25'));
    expect(fieldListView.serialize(view).toString()).toBe('field=remarks&q=tape&pageSize=25');
    expect(fieldListView.apiPath(view)).toBe(
      '/api/service-fields/remarks?q=tape&sort=name&order=asc&page=1&pageSize=25',
    );
    expect(listExports(fieldListView.apiPath(view)!).csv).toBe(
      '/api/service-fields/remarks/export.csv?q=tape&sort=name&order=asc',
    );
  });
});
