import { PRINT_SERVICES, PRINT_SERVICE_LABELS, type PrintService } from '@balcao/contract';
import { actionColumn, column } from '../../../ui/columns';
import { required } from '../../../ui/form-field';
import {
  dateColumns,
  lookupName,
  textOf,
  type TableDefinition,
} from '../../../app/tables/definition';
import type { TableRow } from '../../../app/tables/slice';
import { TablePage } from '../../../app/tables/table-page';
import { PageFrame } from '../../../ui/page-frame';
import { PrinterTokenCell } from './printer-token';
import '../area';

export function serviceLabel(value: unknown): string {
  return typeof value === 'string' && value in PRINT_SERVICE_LABELS
    ? PRINT_SERVICE_LABELS[value as PrintService]
    : textOf(value);
}

export const printersTable: TableDefinition<TableRow> = {
  table: 'printers',
  label: 'Impressoras',
  itemName: 'registro',
  columns: () => [
    column({ id: 'name', header: 'Nome', text: (row) => textOf(row.name) }),
    column({ id: 'serial', header: 'Número de série', text: (row) => textOf(row.serial) }),
    actionColumn('apiToken', 'Token da API', (row) => <PrinterTokenCell row={row} />),
    ...dateColumns(),
  ],
  fields: [
    { name: 'name', label: 'Nome', type: 'text', validate: required('Informe o nome.') },
    { name: 'serial', label: 'Número de série', type: 'text' },
    { name: 'apiToken', label: 'Token da API', type: 'readonly', modes: ['edit'] },
  ],
};

export const printMappingTable: TableDefinition<TableRow> = {
  table: 'printMapping',
  label: 'Mapeamento de impressoras',
  itemName: 'mapeamento',
  pageSize: 20,
  columns: ({ lookups }) => [
    column({ id: 'origin', header: 'Origem', text: (row) => textOf(row.origin) }),
    column({
      id: 'destination',
      header: 'Impressora de destino',
      text: (row) => lookupName(lookups.printers, row.destination),
    }),
    column({ id: 'service', header: 'Serviço', text: (row) => serviceLabel(row.service) }),
  ],
  fields: [
    {
      name: 'origin',
      label: 'Origem',
      type: 'text',
      defaultValue: '*',
      help: 'O usuário que imprime, ou * para qualquer um.',
      validate: required('Informe a origem.'),
    },
    {
      name: 'destination',
      label: 'Impressora de destino',
      type: 'select',
      reference: true,
      lookup: 'printers',
      validate: required('Escolha a impressora.'),
    },
    {
      name: 'service',
      label: 'Serviço',
      type: 'select',
      options: PRINT_SERVICES.map((service) => ({
        value: service,
        label: PRINT_SERVICE_LABELS[service],
      })),
      validate: required('Escolha o serviço.'),
    },
  ],
};

export function PrintersPage() {
  return (
    <PageFrame title="Impressoras">
      <TablePage definition={printersTable} />
      <h2 className="h4 mt-5 mb-3">Mapeamento de impressoras</h2>
      <TablePage definition={printMappingTable} />
    </PageFrame>
  );
}
