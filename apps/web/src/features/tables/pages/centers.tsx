import { HEX_COLOR, HEX_COLOR_MESSAGE } from '@balcao/contract';
import { column } from '../../../ui/columns';
import { required } from '../../../ui/form-field';
import { dateColumns, refName, textOf, type TableDefinition } from '../../../app/tables/definition';
import type { TableRow } from '../../../app/tables/slice';
import { TablePage } from '../../../app/tables/table-page';
import { PageFrame } from '../../../ui/page-frame';
import '../area';

/** SPEC.md section 2: a center's serial shows zero-padded to 3 digits. */
export function centerSerial(value: unknown): string {
  return value === null || value === undefined || value === ''
    ? ''
    : String(value).padStart(3, '0');
}

export const centersTable: TableDefinition<TableRow> = {
  table: 'centers',
  label: 'Núcleos',
  itemName: 'núcleo',
  pageSize: 30,
  columns: () => [
    column({
      id: 'serial',
      header: 'Código',
      text: (row) => centerSerial(row.serial),
      sortValue: (row) => Number(row.serial ?? 0),
    }),
    column({ id: 'name', header: 'Nome', text: (row) => textOf(row.name) }),
    column({ id: 'city', header: 'Cidade', text: (row) => refName(row.city) }),
    column({ id: 'color', header: 'Cor', text: (row) => textOf(row.color) }),
    ...dateColumns(),
  ],
  fields: [
    // The server numbers new centers; the number is shown, never edited.
    {
      name: 'serial',
      label: 'Código',
      type: 'readonly',
      modes: ['edit'],
      read: (row) => centerSerial(row.serial),
    },
    { name: 'name', label: 'Nome', type: 'text', validate: required('Informe o nome.') },
    {
      name: 'city',
      label: 'Cidade',
      type: 'select',
      reference: true,
      lookup: 'cities',
      validate: required('Escolha a cidade.'),
      noOptions: 'Cadastre uma cidade em Cidades',
    },
    {
      name: 'color',
      label: 'Cor',
      type: 'text',
      maxLength: 7,
      placeholder: '#1e66f5',
      help: 'A cor das faixas do crachá que seguem o núcleo (Layouts de impressão).',
      validate: (value) =>
        value === '' || HEX_COLOR.test(String(value).trim()) ? null : HEX_COLOR_MESSAGE,
    },
    { name: 'apiToken', label: 'Token da API', type: 'readonly', modes: ['edit'] },
  ],
};

export function CentersPage() {
  return (
    <PageFrame title="Núcleos">
      <TablePage definition={centersTable} />
    </PageFrame>
  );
}
