import Button from 'react-bootstrap/Button';
import { formatMoney, toCents, type SaleProduct } from '@balcao/contract';
import { actionColumn, column, type TableColumn } from '../../../ui/columns';
import { DataTable } from '../../../ui/data-table';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { quantityChanged } from '../sale-slice';
import type { WithSlice } from '@reduxjs/toolkit';
import type { saleSlice } from '../sale-slice';

/** SPEC.md section 9: the sale table shows 10 rows. */
export const SALE_PAGE_SIZE = 10;

/** Minus and plus of one product; minus is disabled at 0 (SPEC.md section 5), plus at its stock. */
function QuantityControl({ product }: { product: SaleProduct }) {
  const dispatch = useAppDispatch();
  const quantity = useAppSelector(
    (state: WithSlice<typeof saleSlice>) =>
      state.sale.lines.find((line) => line.productId === product.id)?.quantity ?? 0,
  );
  const change = (next: number) =>
    dispatch(quantityChanged({ productId: product.id, quantity: next }));
  return (
    <div
      className="d-flex align-items-center gap-2"
      role="group"
      aria-label={`Quantidade de ${product.descricao}`}
    >
      <Button
        size="sm"
        variant="outline-secondary"
        aria-label={`Menos ${product.descricao}`}
        disabled={quantity === 0}
        onClick={(event) => {
          event.stopPropagation();
          change(quantity - 1);
        }}
      >
        −
      </Button>
      <span className="text-center" style={{ minWidth: '2ch' }}>
        {quantity}
      </span>
      <Button
        size="sm"
        variant="outline-secondary"
        aria-label={`Mais ${product.descricao}`}
        disabled={quantity >= product.inventory}
        onClick={(event) => {
          event.stopPropagation();
          change(quantity + 1);
        }}
      >
        +
      </Button>
    </div>
  );
}

// Stable columns: a new cell function would remount the buttons and drop the keyboard's focus.
const COLUMNS: TableColumn<SaleProduct>[] = [
  column({ id: 'descricao', header: 'Nome', text: (row) => row.descricao }),
  column({
    id: 'preco',
    header: 'Valor',
    text: (row) => formatMoney(toCents(row.preco)),
    sortValue: (row) => row.preco,
  }),
  actionColumn('quantidade', 'Qtd', (row) => <QuantityControl product={row} />),
  column({ id: 'codTotvs', header: 'Totvs', text: (row) => row.codTotvs ?? '' }),
];

/** Nome, Valor, Qtd with minus and plus; the Totvs code is hidden but searchable. */
export function ProductTable({
  label,
  products,
}: {
  label: string;
  products: readonly SaleProduct[];
}) {
  return (
    <DataTable
      label={label}
      columns={COLUMNS}
      data={products}
      getRowId={(row) => String(row.id)}
      defaultPageSize={SALE_PAGE_SIZE}
      hiddenColumns={['codTotvs']}
    />
  );
}
