/** Where a list's view downloads as a file (the server's exports, docs/adr/0087-list-exports.md). */
export interface DataTableExports {
  csv: string;
  json: string;
}

/**
 * The exports of a list from the address its page is read at: `<list>/export.csv` and
 * `<list>/export.json` with the same filters, search and order, the paging left out (the export
 * holds every matching row). Plain links: the auth cookie authenticates a download.
 */
export const listExports = (listPath: string): DataTableExports => {
  const [path = '', query = ''] = listPath.split('?');
  const params = new URLSearchParams(query);
  params.delete('page');
  params.delete('pageSize');
  const search = params.toString() ? `?${params.toString()}` : '';
  return { csv: `${path}/export.csv${search}`, json: `${path}/export.json${search}` };
};
