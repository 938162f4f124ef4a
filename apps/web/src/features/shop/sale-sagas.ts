/** The sale screen ('Vendas' and the combined screens' sale tab): the cart and 'Finalizar Pedido'. */
import {
  actionChannel,
  call,
  flush,
  put,
  select,
  take,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import type { Channel, SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import {
  CPF_INVALID_MESSAGE,
  isValidCpf,
  type CartUpdateRequest,
  type OrderDto,
} from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import {
  cartCancelFailed,
  cartCancelled,
  cartCreated,
  cartSaved,
  cartSaveFailed,
  cartSettled,
  cancelRequested,
  clientNameFailed,
  clientNameFound,
  clientNameRequested,
  codeSubmitted,
  customerCpfChanged,
  finalizeFailed,
  finalizeRequested,
  finalizeSucceeded,
  quantityChanged,
  selectSale,
  type SaleState,
} from './sale-slice';
import { openOrdersRequested } from './checkout-slice';

/** Creates the server's cart at the first item, then replaces its lines with the screen's. */
const saveCart = failingTo(cartSaveFailed, function* (): SagaIterator {
  let sale: SaleState = yield select(selectSale);
  if (sale.cartId === null) {
    const created: { id: number } = yield call(callApi<{ id: number }>, {
      method: 'POST',
      url: '/api/carrinho/novo',
    });
    yield put(cartCreated(created.id));
    sale = yield select(selectSale);
  }
  const body: CartUpdateRequest = {
    items: sale.lines.map((line) => ({
      produto_id: line.productId,
      desconto: 0,
      quantidade: line.quantity,
    })),
  };
  const order: OrderDto = yield call(callApi<OrderDto>, {
    method: 'POST',
    url: `/api/carrinho/atualizar/${sale.cartId}`,
    data: body,
  });
  yield put(cartSaved(order));
});

/**
 * Cart changes are saved one at a time, in order (the first one creates the cart); changes made
 * during a save are sent together by the next one.
 */
function* cartSaver(): SagaIterator {
  const changes: Channel<Action> = yield actionChannel([codeSubmitted.type, quantityChanged.type]);
  for (;;) {
    yield take(changes);
    yield flush(changes);
    const { saving }: SaleState = yield select(selectSale);
    if (!saving) continue;
    let queued: Action[] = [];
    do {
      yield call(saveCart);
      queued = yield flush(changes);
    } while (queued.length > 0);
    yield put(cartSettled());
  }
}

/** 'Cancelar': DELETE /api/carrinho/remover/{id}, then a new sale. */
const cancelCart = failingTo(cartCancelFailed, function* (): SagaIterator {
  const { cartId }: SaleState = yield select(selectSale);
  if (cartId !== null) {
    yield call(callApi, { method: 'DELETE', url: `/api/carrinho/remover/${cartId}` });
  }
  yield put(cartCancelled());
});

/** GET /api/participants/name/{cpf}; a failure shows under the name field (clientNameFailed). */
const fetchClientName = failingTo(clientNameFailed, function* (cpf: string): SagaIterator {
  const body: { name: string } = yield call(callApi<{ name: string }>, {
    url: `/api/participants/name/${cpf}`,
  });
  yield put(clientNameFound(body.name));
});

/** At 11 digits the client's name is looked up; 'Confirmar' waits for it. */
function* lookUpClientName(action: ReturnType<typeof customerCpfChanged>): SagaIterator {
  const cpf = action.payload;
  if (cpf.length < 11) return;
  if (!isValidCpf(cpf)) {
    yield put(
      clientNameFailed({ status: 400, error: 'invalid_request', description: CPF_INVALID_MESSAGE }),
    );
    return;
  }
  yield put(clientNameRequested());
  yield call(fetchClientName, cpf);
}

/** 'Confirmar': POST /api/carrinho/finalizar/{id} with the CPF or the badge's participant id. */
const finalize = failingTo(
  finalizeFailed,
  function* (action: ReturnType<typeof finalizeRequested>): SagaIterator {
    const { cartId, finalize: panel }: SaleState = yield select(selectSale);
    if (cartId === null) return;
    const order: OrderDto = yield call(callApi<OrderDto>, {
      method: 'POST',
      url: `/api/carrinho/finalizar/${cartId}`,
      data: { id_cliente: panel.customerId ?? panel.cpf },
    });
    yield put(finalizeSucceeded({ order, toCheckout: action.payload.toCheckout }));
    yield put(openOrdersRequested());
  },
);

export function* saleSaga(): SagaIterator {
  yield takeLeading(cancelRequested.type, cancelCart);
  yield takeLatest(customerCpfChanged.type, lookUpClientName);
  yield takeLeading(finalizeRequested.type, finalize);
  yield call(cartSaver);
}
