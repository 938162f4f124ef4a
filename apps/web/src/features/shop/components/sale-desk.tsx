import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { PRODUCT_TYPES, type ProductType, customerFromScan } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { NoticePanel } from '../../../ui/notice-panel';
import { QrScanner } from '../../../ui/qr-scanner';
import { useScanField } from '../../../ui/scan-field';
import {
  cancelRequested,
  cartItems,
  codeChanged,
  codeSubmitted,
  customerCpfChanged,
  customerScanned,
  duplicateDismissed,
  finalizeClosed,
  finalizeOpened,
  finalizeRequested,
  selectSale,
  tabChanged,
} from '../sale-slice';
import { CartPanel } from './cart-panel';
import { FinalizePanel } from './finalize-panel';
import { ProductTable } from './product-table';

const TAB_TITLES: Record<ProductType, string> = { Produto: 'Produtos', Curso: 'Cursos' };

/**
 * The sale desk ('Vendas' and the sale tab of the combined screens): products by tab, sold by
 * Totvs code (typed, USB scanner or camera) or the table's plus and minus; the cart is saved on
 * the server at every change; 'Finalizar Pedido' names the customer.
 */
export function SaleDesk({ toCheckout }: { toCheckout: boolean }) {
  const dispatch = useAppDispatch();
  const sale = useAppSelector(selectSale);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const cpfRef = useRef<HTMLInputElement>(null);
  const { focus, finalize } = sale;
  useScanField(() => codeRef.current);

  useEffect(() => {
    (focus.target === 'cpf' ? cpfRef.current : codeRef.current)?.focus();
  }, [focus]);

  const items = cartItems(sale);
  const empty = sale.lines.length === 0;

  return (
    <div className="store-columns">
      <Card>
        <Card.Body>
          <Tabs
            id="sale-tabs"
            activeKey={sale.tab}
            onSelect={(key) => key && dispatch(tabChanged(key as ProductType))}
            className="mb-3"
          >
            {PRODUCT_TYPES.map((type) => (
              <Tab key={type} eventKey={type} title={TAB_TITLES[type]} />
            ))}
          </Tabs>
          <Form
            className="mb-3"
            onSubmit={(event) => {
              event.preventDefault();
              dispatch(codeSubmitted());
            }}
          >
            <Form.Label htmlFor="sale-code">Código Totvs</Form.Label>
            <div className="d-flex gap-2 align-items-start">
              <Form.Control
                id="sale-code"
                ref={codeRef}
                autoComplete="off"
                autoFocus
                value={sale.code}
                disabled={finalize.open}
                onChange={(event) => dispatch(codeChanged(event.target.value))}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') dispatch(codeChanged(''));
                }}
              />
              <Button type="submit" className="text-nowrap" disabled={finalize.open}>
                Adicionar
              </Button>
            </div>
            <NoticePanel notice={sale.notice} />
            {sale.duplicate && (
              <Alert
                role="status"
                variant="warning"
                className="mt-2 mb-0"
                dismissible
                closeLabel="Fechar aviso"
                onClose={() => dispatch(duplicateDismissed())}
              >
                <strong>{sale.duplicate.text}</strong>
                <div className="small">
                  O carrinho segue com a mesma quantidade: use + para mais unidades.
                </div>
              </Alert>
            )}
            <div className="mt-2">
              <QrScanner
                label="Ler QR Code do produto"
                disabled={finalize.open}
                onScan={(text) => dispatch(codeSubmitted(text))}
              />
            </div>
          </Form>
          <ProductTable
            label={TAB_TITLES[sale.tab]}
            products={sale.products.filter((product) => product.categoria === sale.tab)}
          />
          <div className="d-flex gap-2 mt-3">
            <Button
              type="button"
              variant="danger"
              disabled={empty || sale.saving || finalize.confirming}
              onClick={() => setConfirmCancel(true)}
            >
              Cancelar
            </Button>
            <Button
              type="button"
              variant="success"
              disabled={empty || finalize.open || sale.saving}
              onClick={() => dispatch(finalizeOpened())}
            >
              Finalizar Pedido
            </Button>
          </div>
        </Card.Body>
      </Card>
      <div>
        <CartPanel items={items} />
        {finalize.open && (
          <FinalizePanel
            finalize={finalize}
            saving={sale.saving}
            cpfRef={cpfRef}
            onCpf={(digits) => dispatch(customerCpfChanged(digits))}
            onScan={(text) => {
              const customer = customerFromScan(text);
              if ('cpf' in customer) dispatch(customerCpfChanged(customer.cpf));
              else dispatch(customerScanned(customer.participantId));
            }}
            onConfirm={() => dispatch(finalizeRequested({ toCheckout }))}
            onClose={() => dispatch(finalizeClosed())}
          />
        )}
      </div>
      <ConfirmDialog
        show={confirmCancel}
        title="Cancelar pedido"
        text="O pedido será deletado."
        confirmLabel="Deletar"
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => {
          setConfirmCancel(false);
          dispatch(cancelRequested());
        }}
      />
    </div>
  );
}
