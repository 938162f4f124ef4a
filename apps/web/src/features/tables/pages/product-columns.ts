import { formatReais } from '../../../ui/formats';
import { refName, textOf } from '../../../app/tables/definition';
import type { TableRow } from '../../../app/tables/slice';

/** The Produtos table's first four columns: what the CSV export writes. */
export const PRODUCT_MAIN_COLUMNS = [
  { id: 'name', header: 'Nome', text: (row: TableRow) => textOf(row.name) },
  { id: 'category', header: 'Categoria', text: (row: TableRow) => refName(row.category) },
  { id: 'price', header: 'Preço', text: (row: TableRow) => formatReais(row.price) },
  { id: 'inventory', header: 'Estoque', text: (row: TableRow) => textOf(row.inventory) },
] as const;

export const PRODUCTS_CSV_NAME = 'produtos.csv';
