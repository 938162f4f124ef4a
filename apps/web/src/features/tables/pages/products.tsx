import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { PRODUCT_TYPES } from '@balcao/contract';
import { actionColumn, column } from '../../../ui/columns';
import { required } from '../../../ui/editor-modal';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { dateColumns, textOf, type TableDefinition } from '../definition';
import {
  noticeDismissed,
  productPrintCancelled,
  productPrintPrompted,
  productPrintQuantityInvalid,
  productPrintRequested,
  productsCsvRequested,
  selectTableExtras,
} from '../extras-slice';
import type { TableRow } from '../slice';
import { TablePage } from '../table-page';
import { PageFrame } from './page-frame';
import { PRODUCT_MAIN_COLUMNS } from './product-columns';
import { RowButton } from '../../../ui/row-button';

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

/** SPEC.md section 5: the tag quantity is an integer greater than 0. */
export function readQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity > 0 ? quantity : null;
}

function QuantityForm({ printing }: { printing: boolean }) {
  const dispatch = useAppDispatch();
  const [text, setText] = useState('1');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (printing) return;
    const quantity = readQuantity(text);
    dispatch(
      quantity === null ? productPrintQuantityInvalid() : productPrintRequested({ quantity }),
    );
  };
  return (
    <Form onSubmit={submit} noValidate>
      <Modal.Body>
        <Form.Group controlId="product-print-quantity">
          <Form.Label>Quantidade</Form.Label>
          <Form.Control
            inputMode="numeric"
            autoFocus
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button type="submit" disabled={printing}>
          {printing ? 'Processando' : 'Imprimir'}
        </Button>
        <Button
          type="button"
          variant="outline-secondary"
          disabled={printing}
          onClick={() => dispatch(productPrintCancelled())}
        >
          Cancelar
        </Button>
      </Modal.Footer>
    </Form>
  );
}

/** The 'QR Code' prompt for the quantity, and the 'Erro!' / success messages after it. */
function ProductPrintDialogs() {
  const dispatch = useAppDispatch();
  const { productPrint, notice } = useAppSelector(selectTableExtras);
  const printing = productPrint?.stage === 'printing';
  return (
    <>
      <Modal
        show={productPrint !== null}
        onHide={() => !printing && dispatch(productPrintCancelled())}
        centered
        animation={false}
        aria-labelledby="product-print-title"
      >
        <Modal.Header closeButton={!printing} closeLabel="Fechar">
          <Modal.Title id="product-print-title">
            Imprimir QR Code de {productPrint?.product.name}
          </Modal.Title>
        </Modal.Header>
        {productPrint && <QuantityForm printing={printing} />}
      </Modal>
      <Modal
        show={notice !== null}
        onHide={() => dispatch(noticeDismissed())}
        centered
        animation={false}
        aria-labelledby="table-notice-title"
      >
        <Modal.Header>
          <Modal.Title id="table-notice-title">{notice?.title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{notice?.text}</Modal.Body>
        <Modal.Footer>
          <Button type="button" autoFocus onClick={() => dispatch(noticeDismissed())}>
            OK
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}

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
      <ProductPrintDialogs />
    </PageFrame>
  );
}
