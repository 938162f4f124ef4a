import { customerOrder } from '@balcao/contract';
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { OrderDto, PrintOutcome, RefundedOrderDto } from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { handlePrintOutcome } from '../../app/printing/sagas';
import { printPaymentReceipt } from './receipt-print';
import {
  paidCustomerNotFound,
  paidLookupRequested,
  paidOrderSelected,
  paidOrdersFailed,
  paidOrdersLoaded,
  paidOrdersRequested,
  paidReceiptFailed,
  paidReceiptRequested,
  refunded,
  refundFailed,
  refundRequested,
  selectPaidOrders,
  type PaidOrdersState,
} from './paid-orders-slice';

/** GET /api/carrinho/pagos: the 'Pedidos pagos' page's loader. */
export const loadPaidOrders = failingTo(paidOrdersFailed, function* (): SagaIterator {
  const orders: OrderDto[] = yield call(callApi<OrderDto[]>, { url: '/api/carrinho/pagos' });
  yield put(paidOrdersLoaded(orders));
});

/** 'Pedido do cliente': a CPF or a badge's participant id previews their newest paid order. */
function* lookUpCustomer(action: ReturnType<typeof paidLookupRequested>): SagaIterator {
  yield call(loadPaidOrders);
  const { orders }: PaidOrdersState = yield select(selectPaidOrders);
  const order = customerOrder(orders, action.payload);
  if (order) yield put(paidOrderSelected(order));
  else yield put(paidCustomerNotFound());
}

/** POST /api/carrinho/estornar/{id}; its failure shows 'Erro!' instead of the generic dialog. */
function* refund(action: ReturnType<typeof refundRequested>): SagaIterator {
  const { selected }: PaidOrdersState = yield select(selectPaidOrders);
  if (!selected) return;
  try {
    const order: RefundedOrderDto = yield call(callApi<RefundedOrderDto>, {
      method: 'POST',
      url: `/api/carrinho/estornar/${selected.id}`,
      data: { motivo: action.payload.reason },
      headers: { 'Idempotency-Key': action.payload.idempotencyKey },
    });
    yield put(refunded(order));
  } catch (thrown) {
    yield put(refundFailed(toApiError(thrown), { hideError: true }));
  }
  yield put(paidOrdersRequested());
}

/** 'Comprovante Pagamento' (imprimir/recibo) or 'Comprovante Expedição' (imprimir/expedicao). */
function* printReceipt(action: ReturnType<typeof paidReceiptRequested>): SagaIterator {
  const { orderId, delivery } = action.payload;
  try {
    if (delivery) {
      const outcome: PrintOutcome = yield call(callApi<PrintOutcome>, {
        url: `/api/carrinho/imprimir/expedicao/${orderId}`,
      });
      yield call(handlePrintOutcome, outcome);
    } else {
      // A reprint prints the coupon the order earned again (the same code).
      yield call(printPaymentReceipt, orderId);
    }
  } catch (thrown) {
    yield put(paidReceiptFailed(toApiError(thrown)));
  }
}

export function* paidOrdersSaga(): SagaIterator {
  yield takeLatest(paidOrdersRequested.type, loadPaidOrders);
  yield takeLatest(paidLookupRequested.type, lookUpCustomer);
  yield takeLeading(refundRequested.type, refund);
  yield takeLeading(paidReceiptRequested.type, printReceipt);
}
