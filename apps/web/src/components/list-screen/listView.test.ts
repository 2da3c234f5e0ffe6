import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineListView, oneOf, schemaParam, type PagedView } from './listView';

interface TestView extends PagedView {
  q: string;
  colour: 'red' | 'blue' | null;
  size: number | null;
  open: string | null;
}

const view = defineListView<TestView>({
  path: '/api/things',
  params: {
    // The schema itself, as the lists hand the server's: read as schemaParam reads it.
    q: z.string().trim().max(5),
    colour: oneOf(['red', 'blue'] as const),
    size: schemaParam(z.coerce.number().int().min(1)),
    open: (value) => value || null,
  },
  sort: oneOf(['name', 'size'] as const) as (value: string | null) => string | null,
  local: ['open'],
  defaults: { q: '', colour: null, size: null, open: null, sort: 'name', order: 'asc', page: 1, pageSize: 50 },
});

describe('a list view in the query string', () => {
  it('reads what the schema takes and falls back to the defaults for the rest', () => {
    expect(
      view.parse(new URLSearchParams('q=%20ab%20&colour=red&size=3&sort=size&order=desc&page=2&pageSize=25')),
    ).toEqual({
      q: 'ab',
      colour: 'red',
      size: 3,
      open: null,
      sort: 'size',
      order: 'desc',
      page: 2,
      pageSize: 25,
    });
    expect(
      view.parse(new URLSearchParams('q=toolongtext&colour=green&size=0&sort=colour&order=up&page=0&pageSize=7')),
    ).toEqual(view.parse(new URLSearchParams()));
  });

  it('writes only what differs from the defaults, the page-only parameters last, and everything but them for the API', () => {
    const chosen = { ...view.parse(new URLSearchParams()), colour: 'blue' as const, open: 'x1', sort: 'size', page: 3 };
    expect(view.serialize(chosen).toString()).toBe('colour=blue&sort=size&order=asc&page=3&open=x1');
    expect(view.apiPath(chosen)).toBe('/api/things?colour=blue&sort=size&order=asc&page=3&pageSize=50');
  });

  it('starts a changed filter on page 1, and clears the filters but keeps what is no filter', () => {
    const chosen = { ...view.parse(new URLSearchParams()), q: 'a', size: 2, open: 'x1', page: 4 };
    expect(view.change(chosen, { colour: 'red' })).toMatchObject({ colour: 'red', page: 1 });
    expect(view.isFiltered(chosen)).toBe(true);
    expect(view.activeFilters(chosen)).toBe(1);
    const cleared = view.cleared(chosen);
    expect(cleared).toMatchObject({ q: '', colour: null, size: null, open: 'x1', page: 1 });
    expect(view.isFiltered(cleared)).toBe(false);
  });
});
