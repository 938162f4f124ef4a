import { customerOrder } from '@balcao/contract';
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { OrderDto, PrintOutcome } from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { handlePrintOutcome } from '../../app/printing/sagas';
import {
  deliverFailed,
  deliverRequested,
  delivered,
  deliveryCustomerNotFound,
  deliveryLookupRequested,
  deliveryOrderSelected,
  deliveryOrdersFailed,
  deliveryOrdersLoaded,
  deliveryOrdersRequested,
  deliveryPrintFailed,
  deliveryPrintRequested,
  selectDelivery,
  type DeliveryState,
} from './delivery-slice';

/** GET /api/carrinho/entregar: paid orders awaiting delivery ('Expedição' screens' loader). */
export const loadDeliveryOrders = failingTo(deliveryOrdersFailed, function* (): SagaIterator {
  const orders: OrderDto[] = yield call(callApi<OrderDto[]>, { url: '/api/carrinho/entregar' });
  yield put(deliveryOrdersLoaded(orders));
});

/** A CPF (11 digits) or a badge's participant id selects that customer's newest paid order. */
function* lookUpCustomer(action: ReturnType<typeof deliveryLookupRequested>): SagaIterator {
  yield call(loadDeliveryOrders);
  const { orders }: DeliveryState = yield select(selectDelivery);
  const order = customerOrder(orders, action.payload);
  if (order) yield put(deliveryOrderSelected(order));
  else yield put(deliveryCustomerNotFound());
}

/** GET /api/carrinho/imprimir/expedicao/{id}: the PDF opens when no printer is mapped. */
const printDelivery = failingTo(deliveryPrintFailed, function* (orderId: number): SagaIterator {
  const outcome: PrintOutcome = yield call(callApi<PrintOutcome>, {
    url: `/api/carrinho/imprimir/expedicao/${orderId}`,
  });
  yield call(handlePrintOutcome, outcome);
});

/** POST /api/carrinho/entregar/{id}, then the delivery receipt prints and the list refreshes. */
function* deliver(): SagaIterator {
  const { selected }: DeliveryState = yield select(selectDelivery);
  if (!selected) return;
  try {
    const order: OrderDto = yield call(callApi<OrderDto>, {
      method: 'POST',
      url: `/api/carrinho/entregar/${selected.id}`,
    });
    yield put(delivered(order));
    yield call(printDelivery, order.id);
  } catch (thrown) {
    yield put(deliverFailed(toApiError(thrown)));
  }
  yield put(deliveryOrdersRequested());
}

function* reprintDelivery(action: ReturnType<typeof deliveryPrintRequested>): SagaIterator {
  yield call(printDelivery, action.payload);
}

export function* deliverySaga(): SagaIterator {
  yield takeLatest(deliveryOrdersRequested.type, loadDeliveryOrders);
  yield takeLatest(deliveryLookupRequested.type, lookUpCustomer);
  yield takeLeading(deliverRequested.type, deliver);
  yield takeLeading(deliveryPrintRequested.type, reprintDelivery);
}
