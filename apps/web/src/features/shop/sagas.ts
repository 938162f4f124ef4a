import {
  actionChannel,
  call,
  cancel,
  delay,
  flush,
  fork,
  put,
  select,
  spawn,
  take,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import type { Channel, SagaIterator, Task } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import {
  CPF_INVALID_MESSAGE,
  STORE_PERMISSIONS,
  isValidCpf,
  toReais,
  type CartUpdateRequest,
  type DiscountLimitDto,
  type OrderDto,
  type PaymentMethodDto,
  type PaymentRequest,
  type PixChargeDto,
  type PixPspChargeDto,
  type SaleProduct,
  PIX_PSP_NOT_CONFIGURED_CODE,
} from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { printPaymentReceipt } from './receipt-print';
import { customerOrder } from '../../ui/customer-orders';
import { selectPermissions } from '../../app/session/slice';
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
  saleProductsFailed,
  saleProductsLoaded,
  selectSale,
  type SaleState,
} from './sale-slice';
import {
  discountLimitFailed,
  discountLimitLoaded,
  customerLookupRequested,
  customerNotFound,
  itemChangeRequested,
  itemsSaved,
  itemsSaveFailed,
  openOrdersFailed,
  openOrdersLoaded,
  openOrdersRequested,
  orderRemoved,
  orderRemoveFailed,
  orderRemoveRequested,
  orderSelected,
  paymentFailed,
  paymentMethodsFailed,
  paymentMethodsLoaded,
  paymentRequested,
  paymentState,
  paymentSucceeded,
  couponsGenerated,
  pixChargeCancelFailed,
  pixChargeCancelRequested,
  pixChargeFailed,
  pixChargeLoaded,
  pixChargeRequested,
  pixKey,
  unifyFailed,
  unifyRequested,
  unifySucceeded,
  receiptPrintFailed,
  receiptPrintRequested,
  selectCheckout,
  type CheckoutState,
} from './checkout-slice';
import { orderToDeliver } from './delivery-slice';

// ---- Page loads (SPEC.md 'Data loaded when a menu item is chosen') ---------------------------

/** The sale screens: GET /api/produtos/lista (only the categories this user may sell). */
export const loadSaleProducts = failingTo(saleProductsFailed, function* (): SagaIterator {
  const body: { data: SaleProduct[] } = yield call(callApi<{ data: SaleProduct[] }>, {
    url: '/api/produtos/lista',
  });
  yield put(saleProductsLoaded(body.data));
});

/** The cashier loads the products only when the user also sells (SPEC.md section 6). */
export function* loadSaleProductsForSellers(): SagaIterator {
  const permissions: readonly string[] = yield select(selectPermissions);
  if (STORE_PERMISSIONS.some((permission) => permissions.includes(permission))) {
    yield call(loadSaleProducts);
  }
}

/** GET /api/carrinho/aberto: orders awaiting payment, newest association first. */
export const loadOpenOrders = failingTo(openOrdersFailed, function* (): SagaIterator {
  const orders: OrderDto[] = yield call(callApi<OrderDto[]>, { url: '/api/carrinho/aberto' });
  yield put(openOrdersLoaded(orders));
});

/** GET /api/carrinho/desconto-maximo: shown beside the cashier's discounts. */
export const loadDiscountLimit = failingTo(discountLimitFailed, function* (): SagaIterator {
  const limit: DiscountLimitDto = yield call(callApi<DiscountLimitDto>, {
    url: '/api/carrinho/desconto-maximo',
  });
  yield put(discountLimitLoaded(limit.desconto_maximo));
});

// ---- The sale screen ------------------------------------------------------------------------

/** Creates the server's cart at the first item, then replaces its lines with the screen's. */
function* saveCart(): SagaIterator {
  let sale: SaleState = yield select(selectSale);
  try {
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
  } catch (thrown) {
    yield put(cartSaveFailed(toApiError(thrown)));
  }
}

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
function* cancelCart(): SagaIterator {
  const { cartId }: SaleState = yield select(selectSale);
  try {
    if (cartId !== null) {
      yield call(callApi, { method: 'DELETE', url: `/api/carrinho/remover/${cartId}` });
    }
    yield put(cartCancelled());
  } catch (thrown) {
    yield put(cartCancelFailed(toApiError(thrown)));
  }
}

/** At 11 digits the client's name is looked up; 'Confirmar' waits for it. */
function* lookUpClientName(action: ReturnType<typeof customerCpfChanged>): SagaIterator {
  const cpf = action.payload;
  if (cpf.length < 11) return;
  if (!isValidCpf(cpf)) {
    yield put(
      clientNameFailed(
        { status: 400, error: 'invalid_request', description: CPF_INVALID_MESSAGE },
        { hideError: true },
      ),
    );
    return;
  }
  yield put(clientNameRequested());
  try {
    const body: { name: string } = yield call(callApi<{ name: string }>, {
      url: `/api/participants/name/${cpf}`,
    });
    yield put(clientNameFound(body.name));
  } catch (thrown) {
    // Shown under the name field: a dialog would take the cursor away from the CPF.
    yield put(clientNameFailed(toApiError(thrown), { hideError: true }));
  }
}

/** 'Confirmar': POST /api/carrinho/finalizar/{id} with the CPF or the badge's participant id. */
function* finalize(action: ReturnType<typeof finalizeRequested>): SagaIterator {
  const { cartId, finalize: panel }: SaleState = yield select(selectSale);
  if (cartId === null) return;
  try {
    const order: OrderDto = yield call(callApi<OrderDto>, {
      method: 'POST',
      url: `/api/carrinho/finalizar/${cartId}`,
      data: { id_cliente: panel.customerId ?? panel.cpf },
    });
    yield put(finalizeSucceeded({ order, toCheckout: action.payload.toCheckout }));
    yield put(openOrdersRequested());
  } catch (thrown) {
    yield put(finalizeFailed(toApiError(thrown)));
  }
}

// ---- The cashier ----------------------------------------------------------------------------

/** A CPF (11 digits) or a badge's participant id selects that customer's newest open order. */
function* lookUpCustomer(action: ReturnType<typeof customerLookupRequested>): SagaIterator {
  yield call(loadOpenOrders);
  const { openOrders }: CheckoutState = yield select(selectCheckout);
  const order = customerOrder(openOrders, action.payload);
  if (order) yield put(orderSelected(order));
  else yield put(customerNotFound());
}

/** Selecting an order loads the payment methods (GET /api/carrinho/pagamento). */
function* loadPaymentMethods(): SagaIterator {
  const { selected }: CheckoutState = yield select(selectCheckout);
  if (!selected) return;
  try {
    const methods: PaymentMethodDto[] = yield call(callApi<PaymentMethodDto[]>, {
      url: '/api/carrinho/pagamento',
    });
    yield put(paymentMethodsLoaded(methods));
  } catch (thrown) {
    yield put(paymentMethodsFailed(toApiError(thrown)));
  }
}

/** The selected order's lines with one changed (POST atualizar replaces them all). */
function* saveItems(action: ReturnType<typeof itemChangeRequested>): SagaIterator {
  const { selected }: CheckoutState = yield select(selectCheckout);
  if (!selected) return;
  const { productId, percent, quantity } = action.payload;
  // A line brought to 0 is left out: the list replaces the order's lines (quantities are ≥ 1).
  const body: CartUpdateRequest = {
    items: selected.items
      .map((item) => ({
        produto_id: item.id_produto,
        quantidade: item.id_produto === productId ? (quantity ?? item.quantidade) : item.quantidade,
        desconto: item.id_produto === productId ? (percent ?? item.desconto) : item.desconto,
      }))
      .filter((item) => item.quantidade > 0),
  };
  try {
    const order: OrderDto = yield call(callApi<OrderDto>, {
      method: 'POST',
      url: `/api/carrinho/atualizar/${selected.id}`,
      data: body,
    });
    yield put(itemsSaved(order));
  } catch (thrown) {
    yield put(itemsSaveFailed(toApiError(thrown)));
  }
}

/** The receipt and the coupons it earned; the cashier is told each coupon's code. */
const printReceipt = failingTo(receiptPrintFailed, function* (orderId: number): SagaIterator {
  const codes: string[] = yield call(printPaymentReceipt, orderId);
  if (codes.length > 0) yield put(couponsGenerated(codes));
});

/** POST /api/carrinho/pagamento/{id}, then the receipt prints and the lists refresh. */
function* pay(action: ReturnType<typeof paymentRequested>): SagaIterator {
  const checkout: CheckoutState = yield select(selectCheckout);
  const { selected, lines } = checkout;
  // `paying` is already set by this very request: judge the lines as they were clicked.
  const { amounts, canFinish } = paymentState({ ...checkout, paying: false });
  if (!selected || !canFinish) {
    yield put(
      paymentFailed({ status: 0, error: 'client_error', description: '' }, { hideError: true }),
    );
    return;
  }
  const { pixEntries, receivedLine } = paymentState(checkout);
  const body: PaymentRequest = {
    pagamentos: amounts.map((amount, i) => ({
      id_forma_pagamento: lines[i]?.methodId ?? 0,
      valor: toReais(amount),
      ...pixEntries[i],
      // What the customer handed over: the receipt prints it with the change.
      ...(i === receivedLine && checkout.received !== null
        ? { recebido: toReais(checkout.received) }
        : {}),
    })),
  };
  try {
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
  } catch (thrown) {
    yield put(paymentFailed(toApiError(thrown)));
  }
  yield put(openOrdersRequested());
}

/**
 * Each payment line's PIX requests by themselves: a newer request of the same line replaces its
 * older one (the cashier still typing), another line's request never does.
 */
function* pixChargesPerLine(): SagaIterator {
  const running = new Map<number, Task>();
  while (true) {
    const action: ReturnType<typeof pixChargeRequested> = yield take(pixChargeRequested.type);
    const { line } = action.payload;
    const previous = running.get(line);
    if (previous?.isRunning()) yield cancel(previous);
    running.set(line, yield fork(loadPixCharge, action));
  }
}

/** How often the till reads a PSP charge the bank has not settled (the webhook's fallback). */
export const PIX_POLL_MS = 2000;

/**
 * Once the cashier stops typing the line's amount: the PSP's charge (POST …/cobranca), followed
 * until the bank settles it; without a PSP, the static BR Code (GET /api/carrinho/pix/{id}).
 */
function* loadPixCharge(action: ReturnType<typeof pixChargeRequested>): SagaIterator {
  const { orderId, amount } = action.payload;
  yield delay(300);
  const key = pixKey(orderId, amount);
  const { pspConnected }: CheckoutState = yield select(selectCheckout);
  try {
    if (pspConnected !== false) {
      try {
        const charge: PixPspChargeDto = yield call(callApi<PixPspChargeDto>, {
          method: 'POST',
          url: `/api/carrinho/pix/${orderId}/cobranca`,
          data: { valor: toReais(amount) },
        });
        yield put(pixChargeLoaded({ key, charge: { kind: 'psp', charge } }));
        yield call(followPspCharge, key, charge);
        return;
      } catch (thrown) {
        if (toApiError(thrown).error !== PIX_PSP_NOT_CONFIGURED_CODE) throw thrown;
      }
    }
    const charge: PixChargeDto = yield call(callApi<PixChargeDto>, {
      url: `/api/carrinho/pix/${orderId}`,
      params: { valor: toReais(amount) },
    });
    yield put(pixChargeLoaded({ key, charge: { kind: 'static', charge } }));
  } catch (thrown) {
    yield put(pixChargeFailed(key, toApiError(thrown)));
  }
}

/**
 * Reads the charge (GET …/cobranca/{txid}) while the bank has not settled it and the till still
 * shows it. The server answers from its webhook when that came, and asks the PSP otherwise.
 */
function* followPspCharge(key: string, charge: PixPspChargeDto): SagaIterator {
  let current = charge;
  while (current.status === 'ATIVA') {
    yield delay(PIX_POLL_MS);
    const { selected, pix }: CheckoutState = yield select(selectCheckout);
    const shown = pix[key];
    if (selected?.id !== current.orderId || shown?.kind !== 'psp') return;
    if (shown.charge.txid !== current.txid || shown.charge.status !== 'ATIVA') return;
    try {
      current = yield call(callApi<PixPspChargeDto>, {
        url: `/api/carrinho/pix/cobranca/${current.txid}`,
      });
      yield put(pixChargeLoaded({ key, charge: { kind: 'psp', charge: current } }));
    } catch {
      // The PSP slow or away for a moment: the next read tries again, and the cashier may
      // confirm by hand meanwhile.
    }
  }
}

/** 'Cancelar cobrança': DELETE …/cobranca/{txid}; a charge paid a moment before stays paid. */
const cancelPixCharge = failingTo(
  pixChargeCancelFailed,
  function* (action: ReturnType<typeof pixChargeCancelRequested>): SagaIterator {
    const { key, txid } = action.payload;
    const charge: PixPspChargeDto = yield call(callApi<PixPspChargeDto>, {
      method: 'DELETE',
      url: `/api/carrinho/pix/cobranca/${txid}`,
    });
    yield put(pixChargeLoaded({ key, charge: { kind: 'psp', charge } }));
  },
);

/** The customer's open orders merged into the first; the merged one is selected. */
function* unifyOrders(action: ReturnType<typeof unifyRequested>): SagaIterator {
  const { idCliente, orderIds } = action.payload;
  try {
    const order: OrderDto = yield call(callApi<OrderDto>, {
      method: 'POST',
      url: '/api/carrinho/unificar',
      data: { id_cliente: idCliente, carrinhos: orderIds },
    });
    yield put(unifySucceeded({ order, mergedIds: orderIds }));
    yield put(orderSelected(order));
  } catch (thrown) {
    yield put(unifyFailed(toApiError(thrown)));
  }
  yield put(openOrdersRequested());
}

function* reprintReceipt(action: ReturnType<typeof receiptPrintRequested>): SagaIterator {
  yield call(printReceipt, action.payload);
}

/** Deleting the selected order (DELETE /api/carrinho/remover/{id}) clears the selection. */
function* removeOrder(): SagaIterator {
  const { selected }: CheckoutState = yield select(selectCheckout);
  if (!selected) return;
  try {
    yield call(callApi, { method: 'DELETE', url: `/api/carrinho/remover/${selected.id}` });
    yield put(orderRemoved(selected.id));
  } catch (thrown) {
    yield put(orderRemoveFailed(toApiError(thrown)));
  }
  yield put(openOrdersRequested());
}

export function* storeSaga(): SagaIterator {
  yield takeLeading(cancelRequested.type, cancelCart);
  yield takeLatest(customerCpfChanged.type, lookUpClientName);
  yield takeLeading(finalizeRequested.type, finalize);
  yield takeLatest(openOrdersRequested.type, loadOpenOrders);
  yield takeLatest(customerLookupRequested.type, lookUpCustomer);
  yield takeLatest([orderSelected.type, finalizeSucceeded.type], loadPaymentMethods);
  yield takeLeading(itemChangeRequested.type, saveItems);
  yield takeLeading(paymentRequested.type, pay);
  yield takeLeading(receiptPrintRequested.type, reprintReceipt);
  yield takeLeading(orderRemoveRequested.type, removeOrder);
  yield takeLeading(unifyRequested.type, unifyOrders);
  yield takeLeading(pixChargeCancelRequested.type, cancelPixCharge);
  yield spawn(pixChargesPerLine);
  yield call(cartSaver);
}
