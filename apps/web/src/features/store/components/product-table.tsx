import { useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import { formatMoney, toCents, type SaleProduct } from '@balcao/contract';
import { actionColumn, column, type TableColumn } from '../../../ui/columns';
import { DataTable } from '../../../ui/data-table';

/** SPEC.md section 9: the sale table shows 10 rows. */
export const SALE_PAGE_SIZE = 10;

export interface ProductTableProps {
  label: string;
  products: readonly SaleProduct[];
  quantityOf: (productId: number) => number;
  onQuantity: (productId: number, quantity: number) => void;
}

/** Nome, Valor, Qtd with minus and plus; the Totvs code is hidden but searchable. */
export function ProductTable({ label, products, quantityOf, onQuantity }: ProductTableProps) {
  const columns = useMemo<TableColumn<SaleProduct>[]>(
    () => [
      column({ id: 'descricao', header: 'Nome', text: (row) => row.descricao }),
      column({
        id: 'preco',
        header: 'Valor',
        text: (row) => formatMoney(toCents(row.preco)),
        sortValue: (row) => row.preco,
      }),
      actionColumn('quantidade', 'Qtd', (row) => {
        const quantity = quantityOf(row.id);
        return (
          <div
            className="d-flex align-items-center gap-2"
            role="group"
            aria-label={`Quantidade de ${row.descricao}`}
          >
            <Button
              size="sm"
              variant="outline-secondary"
              aria-label={`Menos ${row.descricao}`}
              disabled={quantity === 0}
              onClick={(event) => {
                event.stopPropagation();
                onQuantity(row.id, quantity - 1);
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
              aria-label={`Mais ${row.descricao}`}
              onClick={(event) => {
                event.stopPropagation();
                onQuantity(row.id, quantity + 1);
              }}
            >
              +
            </Button>
          </div>
        );
      }),
      column({ id: 'codTotvs', header: 'Totvs', text: (row) => row.codTotvs ?? '' }),
    ],
    [quantityOf, onQuantity],
  );
  return (
    <DataTable
      label={label}
      columns={columns}
      data={products}
      getRowId={(row) => String(row.id)}
      defaultPageSize={SALE_PAGE_SIZE}
      hiddenColumns={['codTotvs']}
    />
  );
}
