/** The cashier's orders: finding the customer's, its items and discounts, merging, removing. */
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import {
  customerOrder,
  type CartUpdateRequest,
  type OrderDto,
  type PaymentMethodDto,
} from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { finalizeSucceeded } from './sale-slice';
import {
  customerLookupRequested,
  customerNotFound,
  itemChangeRequested,
  itemsSaved,
  itemsSaveFailed,
  openOrdersRequested,
  orderRemoved,
  orderRemoveFailed,
  orderRemoveRequested,
  orderSelected,
  paymentMethodsFailed,
  paymentMethodsLoaded,
  unifyFailed,
  unifyRequested,
  unifySucceeded,
  selectCheckout,
  type CheckoutState,
} from './checkout-slice';
import { loadOpenOrders } from './store-page-loads';

/** A CPF (11 digits) or a badge's participant id selects that customer's newest open order. */
function* lookUpCustomer(action: ReturnType<typeof customerLookupRequested>): SagaIterator {
  yield call(loadOpenOrders);
  const { openOrders }: CheckoutState = yield select(selectCheckout);
  const order = customerOrder(openOrders, action.payload);
  if (order) yield put(orderSelected(order));
  else yield put(customerNotFound());
}

/** Selecting an order loads the payment methods (GET /api/carrinho/pagamento). */
const loadPaymentMethods = failingTo(paymentMethodsFailed, function* (): SagaIterator {
  const { selected }: CheckoutState = yield select(selectCheckout);
  if (!selected) return;
  const methods: PaymentMethodDto[] = yield call(callApi<PaymentMethodDto[]>, {
    url: '/api/carrinho/pagamento',
  });
  yield put(paymentMethodsLoaded(methods));
});

/** The selected order's lines with one changed (POST atualizar replaces them all). */
const saveItems = failingTo(
  itemsSaveFailed,
  function* (action: ReturnType<typeof itemChangeRequested>): SagaIterator {
    const { selected }: CheckoutState = yield select(selectCheckout);
    if (!selected) return;
    const { productId, percent, quantity } = action.payload;
    // A line brought to 0 is left out: the list replaces the order's lines (quantities are ≥ 1).
    const body: CartUpdateRequest = {
      items: selected.items
        .map((item) => ({
          produto_id: item.id_produto,
          quantidade:
            item.id_produto === productId ? (quantity ?? item.quantidade) : item.quantidade,
          desconto: item.id_produto === productId ? (percent ?? item.desconto) : item.desconto,
        }))
        .filter((item) => item.quantidade > 0),
    };
    const order: OrderDto = yield call(callApi<OrderDto>, {
      method: 'POST',
      url: `/api/carrinho/atualizar/${selected.id}`,
      data: body,
    });
    yield put(itemsSaved(order));
  },
);

/** POST /api/carrinho/unificar: the merged order (the first id's) is selected. */
const mergeOrders = failingTo(
  unifyFailed,
  function* (action: ReturnType<typeof unifyRequested>): SagaIterator {
    const { idCliente, orderIds } = action.payload;
    const order: OrderDto = yield call(callApi<OrderDto>, {
      method: 'POST',
      url: '/api/carrinho/unificar',
      data: { id_cliente: idCliente, carrinhos: orderIds },
    });
    yield put(unifySucceeded({ order, mergedIds: orderIds }));
    yield put(orderSelected(order));
  },
);

/** The customer's open orders merged into the first; the list is read again either way. */
function* unifyOrders(action: ReturnType<typeof unifyRequested>): SagaIterator {
  yield call(mergeOrders, action);
  yield put(openOrdersRequested());
}

/** DELETE /api/carrinho/remover/{id} of the selected order. */
const deleteSelectedOrder = failingTo(orderRemoveFailed, function* (): SagaIterator {
  const { selected }: CheckoutState = yield select(selectCheckout);
  if (!selected) return;
  yield call(callApi, { method: 'DELETE', url: `/api/carrinho/remover/${selected.id}` });
  yield put(orderRemoved(selected.id));
});

/** Deleting the selected order clears the selection; the list is read again either way. */
function* removeOrder(): SagaIterator {
  const { selected }: CheckoutState = yield select(selectCheckout);
  if (!selected) return;
  yield call(deleteSelectedOrder);
  yield put(openOrdersRequested());
}

export function* checkoutSaga(): SagaIterator {
  yield takeLatest(openOrdersRequested.type, loadOpenOrders);
  yield takeLatest(customerLookupRequested.type, lookUpCustomer);
  yield takeLatest([orderSelected.type, finalizeSucceeded.type], loadPaymentMethods);
  yield takeLeading(itemChangeRequested.type, saveItems);
  yield takeLeading(orderRemoveRequested.type, removeOrder);
  yield takeLeading(unifyRequested.type, unifyOrders);
}
