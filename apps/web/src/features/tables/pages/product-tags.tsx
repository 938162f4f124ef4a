import { column, actionColumn } from '../../../ui/columns';
import { useAppDispatch } from '../../../store/hooks';
import { RowButton } from '../../../ui/row-button';
import { textOf, type TableDefinition } from '../../../app/tables/definition';
import { productPrintPrompted } from '../extras-slice';
import type { TableRow } from '../../../app/tables/slice';
import { TablePage } from '../../../app/tables/table-page';
import { PageFrame } from '../../../ui/page-frame';
import { PRODUCT_MAIN_COLUMNS } from './product-columns';
import { ProductPrintDialogs } from './product-print-dialogs';
import '../area';

function PrintTagsButton({ row }: { row: TableRow }) {
  const dispatch = useAppDispatch();
  return (
    <RowButton
      onClick={() => dispatch(productPrintPrompted({ id: row.id, name: textOf(row.name) }))}
    >
      Imprimir
    </RowButton>
  );
}

/** SPEC.md section 4: product tags have no create or edit, only a print asking the quantity. */
export const productTagsTable: TableDefinition<TableRow> = {
  table: 'products',
  label: 'Etiquetas de Produtos',
  itemName: 'produto',
  pageSize: 100,
  readOnly: true,
  columns: () => [
    ...PRODUCT_MAIN_COLUMNS.map(({ id, header, text }) => column<TableRow>({ id, header, text })),
    column({ id: 'codTotvs', header: 'Código Totvs', text: (row) => textOf(row.codTotvs) }),
    actionColumn('print', 'Etiquetas', (row) => <PrintTagsButton row={row} />),
  ],
  fields: [],
};

/** 'Etiquetas de Produtos': three tags per sheet, printed in batches with their progress. */
export function ProductTagsPage() {
  return (
    <PageFrame title="Etiquetas de Produtos">
      <p className="text-body-secondary">
        Cada folha tem 3 etiquetas: a quantidade é arredondada para cima em folhas inteiras.
      </p>
      <TablePage definition={productTagsTable} />
      <ProductPrintDialogs title="Imprimir etiquetas de" />
    </PageFrame>
  );
}
