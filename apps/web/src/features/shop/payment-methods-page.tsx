import { PixConfigForm } from './components/pix-config-form';
import { PixPspForm } from './components/pix-psp-form';
import { column } from '../../ui/columns';
import { required } from '../../ui/form-field';
import { dateColumns, textOf, type TableDefinition } from '../../app/tables/definition';
import type { TableRow } from '../../app/tables/slice';
import { TablePage } from '../../app/tables/table-page';
import { PageFrame } from '../../ui/page-frame';
import './area';

/**
 * 'Formas de pagamento' (System): what the cashier offers (docs/orders-api.md), and below it the
 * 'Configuração PIX' the PIX method's BR Codes use and the PSP that confirms them (docs/pix.md).
 */
export const paymentMethodsTable: TableDefinition<TableRow> = {
  table: 'paymentMethods',
  label: 'Formas de pagamento',
  itemName: 'forma de pagamento',
  columns: () => [
    column({ id: 'descricao', header: 'Descrição', text: (row) => textOf(row.descricao) }),
    ...dateColumns(),
  ],
  fields: [
    {
      name: 'descricao',
      label: 'Descrição',
      type: 'text',
      validate: required('Informe a descrição.'),
    },
  ],
};

export function PaymentMethodsPage() {
  return (
    <PageFrame title="Formas de pagamento">
      <TablePage definition={paymentMethodsTable} />
      <div className="mt-4">
        <PixConfigForm />
      </div>
      <div className="mt-4">
        <PixPspForm />
      </div>
    </PageFrame>
  );
}
