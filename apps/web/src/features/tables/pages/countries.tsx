import { column } from '../../../ui/columns';
import { required } from '../../../ui/form-field';
import { dateColumns, textOf, type TableDefinition } from '../../../app/tables/definition';
import type { TableRow } from '../../../app/tables/slice';
import { TablePage } from '../../../app/tables/table-page';
import { PageFrame } from '../../../ui/page-frame';
import '../area';

export const countriesTable: TableDefinition<TableRow> = {
  table: 'countries',
  label: 'Países',
  itemName: 'país',
  columns: () => [
    column({ id: 'name', header: 'Nome', text: (row) => textOf(row.name) }),
    ...dateColumns(),
  ],
  fields: [{ name: 'name', label: 'Nome', type: 'text', validate: required('Informe o nome.') }],
};

export function CountriesPage() {
  return (
    <PageFrame title="Países">
      <TablePage definition={countriesTable} />
    </PageFrame>
  );
}
