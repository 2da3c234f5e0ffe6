import type { DataTableColumn, DataTableFooter } from './types';

/** The footer row: the label spans the columns before the first value, then one cell per column. */
export const DataTableFooterRow = <T,>({
  footer,
  columns,
  byId,
}: {
  footer: DataTableFooter;
  columns: readonly { id: string }[];
  byId: ReadonlyMap<string, DataTableColumn<T>>;
}) => {
  const firstValue = columns.findIndex((column) => column.id in footer.cells);
  const labelSpan = Math.max(1, firstValue === -1 ? columns.length : firstValue);
  return (
    <tfoot className="data-table-footer">
      <tr>
        <th scope="row" colSpan={labelSpan}>
          {footer.label}
        </th>
        {columns.slice(labelSpan).map((column) => (
          <td
            key={column.id}
            className={byId.get(column.id)?.numeric ? 'numeric' : undefined}
            aria-live={footer.live && column.id in footer.cells ? 'polite' : undefined}
          >
            {footer.cells[column.id]}
          </td>
        ))}
      </tr>
    </tfoot>
  );
};
