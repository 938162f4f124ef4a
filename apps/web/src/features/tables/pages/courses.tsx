import { column } from '../../../ui/columns';
import { required } from '../../../ui/form-field';
import { dateColumns, textOf, type TableDefinition } from '../../../app/tables/definition';
import type { TableRow } from '../../../app/tables/slice';
import { TablePage } from '../../../app/tables/table-page';
import { PageFrame } from '../../../ui/page-frame';
import '../area';

export const coursesTable: TableDefinition<TableRow> = {
  table: 'courses',
  label: 'Cursos',
  itemName: 'curso',
  columns: () => [
    column({
      id: 'serial',
      header: 'Código',
      text: (row) => textOf(row.serial),
      sortValue: (row) => Number(row.serial ?? 0),
    }),
    column({ id: 'name', header: 'Nome', text: (row) => textOf(row.name) }),
    ...dateColumns(),
  ],
  fields: [
    // The server numbers new courses; the number is shown, never edited.
    { name: 'serial', label: 'Código', type: 'readonly', modes: ['edit'] },
    { name: 'name', label: 'Nome', type: 'text', validate: required('Informe o nome.') },
  ],
};

export function CoursesPage() {
  return (
    <PageFrame title="Cursos">
      <TablePage definition={coursesTable} />
    </PageFrame>
  );
}
