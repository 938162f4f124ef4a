import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { formatCpf, formatMoney } from '@balcao/contract';
import { Slot } from '../../../app/slots';
import { newIdempotencyKey } from '../../../api/idempotency-key';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import {
  discountChecked,
  itemChangeRequested,
  orderRemoveRequested,
  paymentLineAdded,
  paymentLineChanged,
  paymentLineRemoved,
  paymentRequested,
  receivedChanged,
  selectCheckout,
} from '../checkout-slice';
import { paymentState } from '../payment-state';
import { selectDrawer } from '../drawer-slice';
import { CashChange } from './cash-change';
import { OrderItems } from './order-items';
import { PaymentLines } from './payment-lines';

/**
 * The cashier's selected order: its items and discounts, its coupon (the `checkoutOrder` slot,
 * which features/coupons fills), the total, the payment lines and 'Finalizar Pagamento' once the
 * payments add up to the total. `toDelivery`: the '+Expedição' screens, where the paid order moves
 * to the delivery tab.
 */
export function CheckoutOrder({ toDelivery }: { toDelivery: boolean }) {
  const dispatch = useAppDispatch();
  const checkout = useAppSelector(selectCheckout);
  const drawer = useAppSelector(selectDrawer);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const { selected } = checkout;
  const payment = paymentState(checkout);
  const pay = () => {
    if (payment.canFinish)
      dispatch(paymentRequested({ idempotencyKey: newIdempotencyKey(), toDelivery }));
  };
  // The bank confirmed the PIX and nothing else is missing: the till pays by itself, once per
  // confirmation (a refusal then waits for the cashier's click).
  const autoPaid = useRef<string | null>(null);
  useEffect(() => {
    if (payment.bankConfirmed === null || !payment.canFinish) return;
    if (autoPaid.current === payment.bankConfirmed) return;
    autoPaid.current = payment.bankConfirmed;
    dispatch(paymentRequested({ idempotencyKey: newIdempotencyKey(), toDelivery }));
  }, [payment.bankConfirmed, payment.canFinish, toDelivery, dispatch]);

  if (!selected)
    return (
      <Card body className="text-body-secondary">
        Selecione um pedido em aberto ou busque o cliente pelo CPF.
      </Card>
    );
  return (
    <Card aria-labelledby="checkout-order-title">
      <Card.Header className="d-flex justify-content-between align-items-center">
        <h2 id="checkout-order-title" className="h5 mb-0">
          Pedido {selected.id}
        </h2>
        <Button size="sm" variant="outline-danger" onClick={() => setConfirmRemove(true)}>
          Remover pedido
        </Button>
      </Card.Header>
      <Card.Body>
        <p className="mb-2">
          <strong>{selected.nome}</strong>
          {selected.cpf && <span className="ms-2">CPF {formatCpf(selected.cpf)}</span>}
        </p>
        <OrderItems
          orderId={selected.id}
          items={selected.items}
          disabled={checkout.paying || checkout.savingItems}
          discountEditable={selected.coupon === null}
          maxDiscount={checkout.maxDiscount}
          onChange={(change) => dispatch(itemChangeRequested(change))}
          onDiscountChecked={(productId, error) => dispatch(discountChecked({ productId, error }))}
        />
        <Slot
          name="checkoutOrder"
          order={selected}
          disabled={checkout.paying || checkout.savingItems}
        />
        <p className="cart-line fw-semibold fs-5">
          <span>Total</span>
          <span aria-label="Total do pedido">{formatMoney(payment.total)}</span>
        </p>
        <PaymentLines
          orderId={selected.id}
          lines={checkout.lines}
          amounts={payment.amounts}
          methods={checkout.methods}
          remaining={payment.remaining}
          drawerOpen={drawer.open !== null}
          disabled={checkout.paying}
          onAdd={() => dispatch(paymentLineAdded())}
          onRemove={(key) => dispatch(paymentLineRemoved(key))}
          onChange={(change) => dispatch(paymentLineChanged(change))}
        />
        {payment.cashPart > 0 && (
          <CashChange
            cashPart={payment.cashPart}
            received={checkout.received}
            change={payment.change}
            disabled={checkout.paying}
            onReceivedChange={(received) => dispatch(receivedChanged(received))}
            onSubmit={pay}
          />
        )}
        <Button
          className="mt-3 w-100"
          size="lg"
          variant="success"
          disabled={!payment.canFinish}
          onClick={pay}
        >
          {checkout.paying ? 'Processando...' : 'Finalizar Pagamento'}
        </Button>
      </Card.Body>
      <ConfirmDialog
        show={confirmRemove}
        title="Remover pedido"
        text="O pedido será deletado."
        confirmLabel="Deletar"
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() => {
          setConfirmRemove(false);
          dispatch(orderRemoveRequested());
        }}
      />
    </Card>
  );
}
