import { column } from '../../../ui/columns';
import { required } from '../../../ui/form-field';
import { dateColumns, refName, textOf, type TableDefinition } from '../../../app/tables/definition';
import type { TableRow } from '../../../app/tables/slice';
import { TablePage } from '../../../app/tables/table-page';
import { PageFrame } from '../../../ui/page-frame';
import '../area';

export const citiesTable: TableDefinition<TableRow> = {
  table: 'cities',
  label: 'Cidades',
  itemName: 'município',
  columns: () => [
    column({ id: 'name', header: 'Nome', text: (row) => textOf(row.name) }),
    column({ id: 'country', header: 'País', text: (row) => refName(row.country) }),
    ...dateColumns(),
  ],
  fields: [
    { name: 'name', label: 'Nome', type: 'text', validate: required('Informe o nome.') },
    {
      name: 'country',
      label: 'País',
      type: 'select',
      reference: true,
      lookup: 'countries',
      validate: required('Escolha o país.'),
    },
  ],
};

export function CitiesPage() {
  return (
    <PageFrame title="Cidades">
      <TablePage definition={citiesTable} />
    </PageFrame>
  );
}
