import { DataTable, type DataTableProps } from '../components/data-table/DataTable';

/** The DataTable tests' table: fruits by their ids under the caption "Fruits"; a test gives its rows and columns. */
export const FruitTable = <T extends { id: string }>(
  props: Pick<DataTableProps<T>, 'columns' | 'rows'> & Partial<DataTableProps<T>>,
) => (
  <DataTable id="fruits" caption="Fruits" getRowId={(row) => row.id} empty={{ title: 'No fruit yet.' }} {...props} />
);
