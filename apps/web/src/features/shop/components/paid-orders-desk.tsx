import { useRef, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import {
  ORDER_STATE_LABELS,
  canTransition,
  formatCpf,
  formatMoney,
  toCents,
  type OrderDto,
  customerFromScan,
} from '@balcao/contract';
import { newIdempotencyKey } from '../../../api/idempotency-key';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CustomerFinder } from '../../../ui/customer-finder';
import { NoticeDialog } from '../../../ui/notice-dialog';
import { OrderListPanel } from '../../../ui/order-list-panel';
import {
  paidCpfChanged,
  paidLookupRequested,
  paidNoticeDismissed,
  paidOrderSelected,
  paidOrdersRequested,
  paidReceiptRequested,
  refundRequested,
  selectPaidOrders,
} from '../paid-orders-slice';
import { ItemsTable } from './items-table';

/** Delivered orders (ENTREGUE, or refunded after delivery) have a delivery receipt. */
const wasDelivered = (order: OrderDto) => order.history.some((step) => step.action === 'entregar');

/** 'Aguarde' while the refund runs: no button, nothing to do but wait. */
function WaitDialog({ show }: { show: boolean }) {
  return (
    <Modal show={show} centered animation={false} backdrop="static" aria-labelledby="wait-title">
      <Modal.Header>
        <Modal.Title id="wait-title">Aguarde</Modal.Title>
      </Modal.Header>
      <Modal.Body>Seu pedido está sendo processado.</Modal.Body>
    </Modal>
  );
}

/**
 * 'Pedidos pagos' (System): a customer's paid order found by CPF or badge, its receipts printed
 * again, and 'Estornar' (with a reason) after 'Confirmar ação'.
 */
export function PaidOrdersDesk() {
  const dispatch = useAppDispatch();
  const paid = useAppSelector(selectPaidOrders);
  const [reason, setReason] = useState('');
  const [confirmRefund, setConfirmRefund] = useState(false);
  const cpfRef = useRef<HTMLInputElement>(null);
  const { selected } = paid;
  const print = (order: OrderDto, delivery: boolean) =>
    dispatch(paidReceiptRequested({ orderId: order.id, delivery }));

  return (
    <div className="store-columns">
      <Card aria-labelledby="paid-order-title">
        <Card.Header>
          <h2 id="paid-order-title" className="h5 mb-0">
            Pedido do cliente
          </h2>
        </Card.Header>
        <Card.Body>
          <CustomerFinder
            id="paid-cpf"
            inputRef={cpfRef}
            value={paid.cpf}
            onChange={(digits) => dispatch(paidCpfChanged(digits))}
            onLookup={(digits) =>
              dispatch(
                digits.length === 1 ? paidOrdersRequested() : paidLookupRequested({ cpf: digits }),
              )
            }
            onScan={(text) => dispatch(paidLookupRequested(customerFromScan(text)))}
          />
          {selected ? (
            <section aria-label="Pedido selecionado" className="mt-3">
              <p className="mb-2 d-flex flex-wrap gap-2 align-items-center">
                <strong>Pedido {selected.id}</strong>
                <span>{selected.nome}</span>
                {selected.cpf && <span>CPF {formatCpf(selected.cpf)}</span>}
                <Badge bg={selected.estadoPedido === 'ESTORNADO' ? 'danger' : 'success'}>
                  {ORDER_STATE_LABELS[selected.estadoPedido]}
                </Badge>
              </p>
              <ItemsTable items={selected.items} label="Itens do pedido" />
              <p className="cart-line fw-semibold">
                <span>Total</span>
                <span>{formatMoney(toCents(selected.total))}</span>
              </p>
              <div className="d-flex flex-wrap gap-2 mb-3">
                <Button variant="outline-primary" onClick={() => print(selected, false)}>
                  Comprovante Pagamento
                </Button>
                <Button
                  variant="outline-primary"
                  disabled={!wasDelivered(selected)}
                  onClick={() => print(selected, true)}
                >
                  Comprovante Expedição
                </Button>
              </div>
              {canTransition(selected.estadoPedido, 'estornar') && (
                <Form
                  className="d-flex gap-2 align-items-end"
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (reason.trim()) setConfirmRefund(true);
                  }}
                >
                  <Form.Group controlId="refund-reason" className="flex-grow-1">
                    <Form.Label>Motivo do estorno</Form.Label>
                    <Form.Control
                      value={reason}
                      maxLength={500}
                      onChange={(event) => setReason(event.target.value)}
                    />
                  </Form.Group>
                  <Button type="submit" variant="danger" disabled={!reason.trim()}>
                    Estornar
                  </Button>
                </Form>
              )}
            </section>
          ) : (
            <p className="mt-3 text-body-secondary">
              Busque o cliente pelo CPF ou selecione um pedido pago.
            </p>
          )}
        </Card.Body>
      </Card>
      <OrderListPanel
        title="Pedidos pagos"
        emptyText="Nenhuma ordem paga"
        orders={paid.orders}
        cpfPrefix={paid.cpf}
        selectedId={selected?.id ?? null}
        onSelect={(order) => {
          setReason('');
          dispatch(paidOrderSelected(order));
        }}
        onRefresh={() => dispatch(paidOrdersRequested())}
        orderAction={(order) => (
          <Button
            size="sm"
            variant="outline-primary"
            className="bg-body flex-shrink-0"
            aria-label={`Imprimir comprovante do pedido ${order.id}`}
            onClick={() => print(order, false)}
          >
            Imprimir
          </Button>
        )}
      />
      <ConfirmDialog
        show={confirmRefund}
        title="Confirmar ação"
        text="O pedido será estornado."
        confirmLabel="Estornar"
        onCancel={() => setConfirmRefund(false)}
        onConfirm={() => {
          setConfirmRefund(false);
          dispatch(refundRequested({ reason: reason.trim(), idempotencyKey: newIdempotencyKey() }));
          setReason('');
        }}
      />
      <WaitDialog show={paid.refunding} />
      <NoticeDialog
        notice={paid.notice}
        onClose={() => {
          dispatch(paidNoticeDismissed());
          cpfRef.current?.focus();
        }}
      />
    </div>
  );
}
