/** 'Finalizar Pagamento' and the payment receipt. */
import { call, put, select, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { toReais, type OrderDto, type PaymentRequest } from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { printPaymentReceipt } from './receipt-print';
import {
  couponsGenerated,
  openOrdersRequested,
  paymentFailed,
  paymentRequested,
  paymentSucceeded,
  receiptPrintFailed,
  receiptPrintRequested,
  selectCheckout,
  type CheckoutState,
} from './checkout-slice';
import { paymentState } from './payment-state';
import { orderToDeliver } from './delivery-slice';

/** The receipt and the coupons it earned; the cashier is told each coupon's code. */
const printReceipt = failingTo(receiptPrintFailed, function* (orderId: number): SagaIterator {
  const codes: string[] = yield call(printPaymentReceipt, orderId);
  if (codes.length > 0) yield put(couponsGenerated(codes));
});

/** POST /api/carrinho/pagamento/{id} (amounts in reais on the wire), then the receipt prints. */
const submitPayment = failingTo(
  paymentFailed,
  function* (action: ReturnType<typeof paymentRequested>, body: PaymentRequest): SagaIterator {
    const { selected }: CheckoutState = yield select(selectCheckout);
    if (!selected) return;
    const order: OrderDto = yield call(callApi<OrderDto>, {
      method: 'POST',
      url: `/api/carrinho/pagamento/${selected.id}`,
      data: body,
      headers: { 'Idempotency-Key': action.payload.idempotencyKey },
    });
    const { toDelivery } = action.payload;
    yield put(paymentSucceeded({ order, toDelivery }));
    if (toDelivery) yield put(orderToDeliver(order));
    yield call(printReceipt, order.id);
  },
);

/** Pays the selected order as its lines stand, then the open orders are read again. */
function* pay(action: ReturnType<typeof paymentRequested>): SagaIterator {
  const checkout: CheckoutState = yield select(selectCheckout);
  // `paying` is already set by this very request: judge the lines as they were clicked.
  const { amounts, canFinish, pixEntries, receivedLine } = paymentState({
    ...checkout,
    paying: false,
  });
  if (!checkout.selected || !canFinish) {
    yield put(
      paymentFailed({ status: 0, error: 'client_error', description: '' }, { hideError: true }),
    );
    return;
  }
  const body: PaymentRequest = {
    pagamentos: amounts.map((amountCents, i) => ({
      id_forma_pagamento: checkout.lines[i]?.methodId ?? 0,
      valor: toReais(amountCents),
      ...pixEntries[i],
      // What the customer handed over: the receipt prints it with the change.
      ...(i === receivedLine && checkout.received !== null
        ? { recebido: toReais(checkout.received) }
        : {}),
    })),
  };
  yield call(submitPayment, action, body);
  yield put(openOrdersRequested());
}

function* reprintReceipt(action: ReturnType<typeof receiptPrintRequested>): SagaIterator {
  yield call(printReceipt, action.payload);
}

export function* paymentSaga(): SagaIterator {
  yield takeLeading(paymentRequested.type, pay);
  yield takeLeading(receiptPrintRequested.type, reprintReceipt);
}
