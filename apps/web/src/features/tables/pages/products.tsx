import Button from 'react-bootstrap/Button';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { PRODUCT_TYPES } from '@balcao/contract';
import { actionColumn, column } from '../../../ui/columns';
import { required } from '../../../ui/form-field';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { dateColumns, textOf, type TableDefinition } from '../../../app/tables/definition';
import { productPrintPrompted, productsCsvRequested, selectTableExtras } from '../extras-slice';
import type { TableRow } from '../../../app/tables/slice';
import { TablePage } from '../../../app/tables/table-page';
import { PageFrame } from '../../../ui/page-frame';
import { PRODUCT_MAIN_COLUMNS } from './product-columns';
import { ProductPrintDialogs } from './product-print-dialogs';
import { RowButton } from '../../../ui/row-button';
import '../area';

function ProductQrButton({ row }: { row: TableRow }) {
  const dispatch = useAppDispatch();
  return (
    <RowButton
      onClick={() => dispatch(productPrintPrompted({ id: row.id, name: textOf(row.name) }))}
    >
      QR Code
    </RowButton>
  );
}

function ExportButton() {
  const dispatch = useAppDispatch();
  const { exporting } = useAppSelector(selectTableExtras);
  return (
    <Button
      type="button"
      variant="outline-secondary"
      disabled={exporting}
      onClick={() => dispatch(productsCsvRequested())}
    >
      {exporting ? 'Processando' : 'Exportar CSV'}
    </Button>
  );
}

/** A fresh install has no category: the product form says where the first one is created. */
export const PRODUCT_CATEGORY_MISSING =
  "Nenhuma categoria cadastrada. Crie a primeira na aba 'Categorias' desta página (Produtos) e volte aqui.";

export const productsTable: TableDefinition<TableRow> = {
  table: 'products',
  label: 'Produtos',
  itemName: 'produto',
  pageSize: 100,
  columns: () => [
    ...PRODUCT_MAIN_COLUMNS.map(({ id, header, text }) =>
      id === 'price' || id === 'inventory'
        ? column<TableRow>({ id, header, text, sortValue: (row) => Number(row[id] ?? 0) })
        : column<TableRow>({ id, header, text }),
    ),
    column({ id: 'codTotvs', header: 'Código Totvs', text: (row) => textOf(row.codTotvs) }),
    ...dateColumns(),
    actionColumn('print', 'Etiqueta', (row) => <ProductQrButton row={row} />),
  ],
  fields: [
    { name: 'name', label: 'Nome', type: 'text', validate: required('Informe o nome.') },
    {
      name: 'category',
      label: 'Categoria',
      type: 'select',
      reference: true,
      lookup: 'productCategories',
      validate: required('Escolha a categoria.'),
      noOptions: PRODUCT_CATEGORY_MISSING,
    },
    { name: 'price', label: 'Preço', type: 'money', validate: required('Informe o preço.') },
    {
      name: 'initialInventory',
      label: 'Estoque inicial',
      type: 'integer',
      modes: ['create'],
      defaultValue: '0',
      validate: (value) =>
        typeof value === 'string' && Number(value) < 0
          ? 'O estoque inicial não pode ser negativo.'
          : null,
    },
    { name: 'inventory', label: 'Estoque', type: 'readonly', modes: ['edit'] },
    {
      name: 'adjustInventory',
      label: 'Ajuste de estoque',
      type: 'integer',
      modes: ['edit'],
      read: () => '',
      help: 'Quantidade a somar (ou, negativa, a subtrair) do estoque.',
    },
    { name: 'codTotvs', label: 'Código Totvs', type: 'text' },
  ],
  Toolbar: ExportButton,
};

export const productCategoriesTable: TableDefinition<TableRow> = {
  table: 'productCategories',
  label: 'Categorias de produtos',
  itemName: 'registro',
  columns: () => [
    column({ id: 'name', header: 'Nome', text: (row) => textOf(row.name) }),
    column({ id: 'type', header: 'Tipo', text: (row) => textOf(row.type) }),
    ...dateColumns(),
  ],
  fields: [
    { name: 'name', label: 'Nome', type: 'text', validate: required('Informe o nome.') },
    {
      name: 'type',
      label: 'Tipo',
      type: 'select',
      options: PRODUCT_TYPES.map((type) => ({ value: type, label: type })),
      defaultValue: 'Produto',
      validate: required('Escolha o tipo.'),
    },
  ],
};

export function ProductsPage() {
  return (
    <PageFrame title="Produtos">
      <Tabs defaultActiveKey="products" id="products-tabs" className="mb-3" mountOnEnter>
        <Tab eventKey="products" title="Produtos">
          <TablePage definition={productsTable} />
        </Tab>
        <Tab eventKey="categories" title="Categorias">
          <TablePage definition={productCategoriesTable} />
        </Tab>
      </Tabs>
      <ProductPrintDialogs title="Imprimir QR Code de" />
    </PageFrame>
  );
}
