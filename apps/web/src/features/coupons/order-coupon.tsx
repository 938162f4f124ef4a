import { useCallback, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { formatPercent, normalizeCouponCode, type OrderDto } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { NoticeDialog } from '../../ui/notice-dialog';
import { NoticeToast } from '../../ui/notice-toast';
import { QrScanner } from '../../ui/qr-scanner';
import {
  couponNoticeDismissed,
  couponToastDismissed,
  orderCouponRequested,
  selectCoupons,
} from './slice';
import './area';

/**
 * The coupon of the cashier's selected order: a code typed, read by a USB scanner (which types it
 * and presses Enter) or shown to the camera (its QR carries the bare code) applies it, and the per-item discounts show at once; 'Remover cupom' takes
 * it off. 'Cupom inserido' / 'Cupom removido', or 'Erro!' with the server's reason.
 */
export function OrderCoupon({ order, disabled }: { order: OrderDto; disabled: boolean }) {
  const dispatch = useAppDispatch();
  const { applying, notice, toast } = useAppSelector(selectCoupons);
  const [code, setCode] = useState('');
  const closeToast = useCallback(() => dispatch(couponToastDismissed()), [dispatch]);
  const busy = disabled || applying;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = normalizeCouponCode(code);
    if (busy || typed === '') return;
    dispatch(orderCouponRequested({ orderId: order.id, code: typed }));
    setCode('');
  };

  return (
    <div className="order-coupon mb-3">
      {order.coupon ? (
        <div className="d-flex align-items-center justify-content-between gap-2">
          <span aria-label="Cupom do pedido">
            Cupom <strong>{order.coupon.name}</strong> ({formatPercent(order.coupon.value)})
          </span>
          <Button
            size="sm"
            variant="outline-danger"
            disabled={busy}
            onClick={() => dispatch(orderCouponRequested({ orderId: order.id, code: null }))}
          >
            Remover cupom
          </Button>
        </div>
      ) : (
        <Form onSubmit={submit}>
          <InputGroup size="sm">
            <InputGroup.Text as="label" htmlFor="order-coupon-code">
              Cupom
            </InputGroup.Text>
            <Form.Control
              id="order-coupon-code"
              autoComplete="off"
              placeholder="Digite ou leia o código"
              value={code}
              disabled={busy}
              onChange={(event) => setCode(event.target.value)}
            />
            <Button type="submit" variant="outline-primary" disabled={busy || code.trim() === ''}>
              {applying ? 'Processando' : 'Aplicar cupom'}
            </Button>
          </InputGroup>
          <div className="mt-2">
            <QrScanner
              label="Ler QR Code do cupom"
              closeOnScan
              disabled={busy}
              onScan={(text) =>
                dispatch(
                  orderCouponRequested({ orderId: order.id, code: normalizeCouponCode(text) }),
                )
              }
            />
          </div>
        </Form>
      )}
      <NoticeDialog notice={notice} onClose={() => dispatch(couponNoticeDismissed())} />
      <NoticeToast text={toast} onClose={closeToast} />
    </div>
  );
}
