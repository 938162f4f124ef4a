import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { toCents, type Cents, type OrderDto, type PaymentMethodDto } from '@balcao/contract';
import { failedCase } from '../../api/api-error';
import { orderChanged } from '../../store/app-actions';
import { delivered } from './delivery-slice';
import { finalizeSucceeded, ORDER_FINALIZED } from './sale-slice';
import type { CheckoutState, DeskTab, ItemChange } from './checkout-state';
import { isPix } from './pix-line';
import { forgetPixRefusals, pixChargeCases } from './pix-charge-cases';
import { isCash, splitEvenly } from './payment-state';

export const NO_ORDER_FOR_CUSTOMER = 'Não foi encontrado nenhum pedido associado ao cliente.';

export type { CheckoutState, DeskTab, ItemChange, PaymentLine } from './checkout-state';

const initialState: CheckoutState = {
  openOrders: [],
  methods: [],
  cpf: '',
  selected: null,
  lines: [{ key: 0, methodId: null, amountCents: 0 }],
  nextKey: 1,
  savingItems: false,
  paying: false,
  lastOrder: null,
  notice: null,
  deskTab: 'sale',
  pix: {},
  pixManual: {},
  pspConnected: null,
  unify: { merging: false, error: null },
  received: null,
  maxDiscount: null,
  discountErrors: {},
};

/** The order as saved: the selected one and its line in the open list follow it. */
function takeOrder(state: CheckoutState, order: OrderDto) {
  if (state.selected?.id === order.id) state.selected = order;
  state.openOrders = state.openOrders.map((item) => (item.id === order.id ? order : item));
}

function selectOrder(state: CheckoutState, order: OrderDto | null) {
  state.selected = order;
  state.lines = [
    { key: state.nextKey, methodId: state.methods[0]?.id_forma_pagamento ?? null, amountCents: 0 },
  ];
  state.nextKey += 1;
  state.received = null;
  state.discountErrors = {};
  state.pixManual = {};
  forgetPixRefusals(state);
}

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState,
  reducers: {
    openOrdersRequested() {},
    openOrdersLoaded(state, action: PayloadAction<OrderDto[]>) {
      state.openOrders = action.payload;
      const selectedId = state.selected?.id;
      // Another desk may have paid or deleted the selected order meanwhile.
      if (selectedId !== undefined && !action.payload.some((order) => order.id === selectedId))
        selectOrder(state, null);
    },
    openOrdersFailed: failedCase(),
    /** The customer finder: typing filters; 1 and 11 digits also reload (and select at 11). */
    finderCpfChanged(state, action: PayloadAction<string>) {
      state.cpf = action.payload;
    },
    /** A CPF (11 digits) or a badge QR's participant id: its newest open order is selected. */
    customerLookupRequested(
      _state,
      _action: PayloadAction<{ cpf?: string; participantId?: string }>,
    ) {},
    customerNotFound(state) {
      state.notice = { title: 'Erro!', text: NO_ORDER_FOR_CUSTOMER };
    },
    orderSelected(state, action: PayloadAction<OrderDto | null>) {
      selectOrder(state, action.payload);
      state.unify.error = null;
    },
    /** Cash leads the list: it is a new payment line's default, as most desks are paid in cash. */
    paymentMethodsLoaded(state, action: PayloadAction<PaymentMethodDto[]>) {
      state.methods = [
        ...action.payload.filter(isCash),
        ...action.payload.filter((m) => !isCash(m)),
      ];
      for (const line of state.lines)
        line.methodId ??= state.methods[0]?.id_forma_pagamento ?? null;
    },
    paymentMethodsFailed: failedCase(),
    /**
     * A line's discount percent or quantity (e.g. fewer units after a stock refusal), saved with
     * POST /api/carrinho/atualizar/{id}; quantity 0 drops the line.
     */
    itemChangeRequested(state, _action: PayloadAction<ItemChange>) {
      state.savingItems = true;
    },
    /** A discount field's check as the cashier types: its message, or null once it passes. */
    discountChecked(state, action: PayloadAction<{ productId: number; error: string | null }>) {
      const { productId, error } = action.payload;
      if (error === null) delete state.discountErrors[productId];
      else state.discountErrors[productId] = error;
    },
    itemsSaved(state, action: PayloadAction<OrderDto>) {
      state.savingItems = false;
      takeOrder(state, action.payload);
    },
    itemsSaveFailed: failedCase<CheckoutState>((state) => {
      state.savingItems = false;
    }),
    /** A new line splits the total evenly across all of them. */
    paymentLineAdded(state) {
      const total = state.selected ? toCents(state.selected.total) : 0;
      const methodId = state.methods[state.lines.length]?.id_forma_pagamento ?? null;
      state.lines.push({ key: state.nextKey, methodId, amountCents: 0 });
      state.nextKey += 1;
      splitEvenly(total, state.lines.length).forEach((amountCents, i) => {
        const line = state.lines[i];
        if (line) line.amountCents = amountCents;
      });
    },
    paymentLineRemoved(state, action: PayloadAction<number>) {
      if (state.lines.length > 1)
        state.lines = state.lines.filter((line) => line.key !== action.payload);
    },
    paymentLineChanged(
      state,
      action: PayloadAction<{ key: number; methodId?: number; amountCents?: Cents }>,
    ) {
      const line = state.lines.find((item) => item.key === action.payload.key);
      if (!line) return;
      const { methodId } = action.payload;
      if (methodId !== undefined) {
        line.methodId = methodId;
        if (isPix(state.methods.find((method) => method.id_forma_pagamento === methodId)))
          forgetPixRefusals(state);
      }
      if (action.payload.amountCents !== undefined) line.amountCents = action.payload.amountCents;
    },
    /**
     * One fresh Idempotency-Key per click; the automatic retry after a token refresh reuses it.
     * `toDelivery`: on the '+Expedição' screens the paid order moves to the delivery tab.
     */
    paymentRequested(
      state,
      _action: PayloadAction<{ idempotencyKey: string; toDelivery?: boolean }>,
    ) {
      state.paying = true;
    },
    paymentSucceeded(state, action: PayloadAction<{ order: OrderDto; toDelivery?: boolean }>) {
      const { order, toDelivery } = action.payload;
      state.paying = false;
      state.lastOrder = order;
      state.openOrders = state.openOrders.filter((item) => item.id !== order.id);
      selectOrder(state, null);
      state.cpf = '';
      state.deskTab = toDelivery ? 'delivery' : 'sale';
      // The delivery tab takes over at once: no dialog between paying and delivering.
      if (!toDelivery) state.notice = { title: 'Sucesso!', text: ORDER_FINALIZED };
    },
    paymentFailed: failedCase<CheckoutState>((state) => {
      state.paying = false;
    }),
    /** The receipt's coupons printed: the cashier reads each code ('Cupom gerado: …'). */
    couponsGenerated(state, action: PayloadAction<string[]>) {
      const text = action.payload.map((code) => `Cupom gerado: ${code}`).join(' ');
      // Added to the 'Sucesso!' still open, or its own notice once that was closed.
      state.notice = state.notice
        ? { ...state.notice, text: `${state.notice.text} ${text}` }
        : { title: 'Cupom gerado', text };
    },
    receiptPrintRequested(_state, _action: PayloadAction<number>) {},
    receiptPrintFailed: failedCase(),
    orderRemoveRequested() {},
    orderRemoved(state, action: PayloadAction<number>) {
      state.openOrders = state.openOrders.filter((order) => order.id !== action.payload);
      if (state.selected?.id === action.payload) selectOrder(state, null);
    },
    orderRemoveFailed: failedCase(),
    ...pixChargeCases,
    /** POST /api/carrinho/unificar: the first id keeps the merged items. */
    unifyRequested(state, _action: PayloadAction<{ idCliente: string; orderIds: number[] }>) {
      state.unify = { merging: true, error: null };
    },
    unifySucceeded(state, action: PayloadAction<{ order: OrderDto; mergedIds: number[] }>) {
      const { order, mergedIds } = action.payload;
      state.unify = { merging: false, error: null };
      state.openOrders = state.openOrders
        .filter((item) => item.id === order.id || !mergedIds.includes(item.id))
        .map((item) => (item.id === order.id ? order : item));
    },
    unifyFailed: failedCase<CheckoutState>(
      (state, error) => {
        state.unify = { merging: false, error: error.description };
      },
      { hideError: true },
    ),
    unifyErrorDismissed(state) {
      state.unify.error = null;
    },
    discountLimitLoaded(state, action: PayloadAction<number>) {
      state.maxDiscount = action.payload;
    },
    /** The server still enforces the limit: the screen just cannot say it beforehand. */
    discountLimitFailed: failedCase(undefined, { hideError: true }),
    receivedChanged(state, action: PayloadAction<Cents | null>) {
      state.received = action.payload;
    },
    checkoutNoticeDismissed(state) {
      state.notice = null;
    },
    deskTabChanged(state, action: PayloadAction<DeskTab>) {
      state.deskTab = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(orderChanged, (state, action) => takeOrder(state, action.payload));
    // Delivering returns to the sale tab ('Loja Caixa+Expedição' has none: its cashier shows).
    builder.addCase(delivered, (state) => {
      state.deskTab = 'sale';
    });
    // 'Loja Vendas+Caixa': the order just finalized is the one the cashier takes next.
    builder.addCase(finalizeSucceeded, (state, action) => {
      if (!action.payload.toCheckout) return;
      const { order } = action.payload;
      state.openOrders = [order, ...state.openOrders.filter((item) => item.id !== order.id)];
      state.cpf = '';
      selectOrder(state, order);
      state.deskTab = 'checkout';
    });
  },
});

export const {
  openOrdersRequested,
  openOrdersLoaded,
  openOrdersFailed,
  finderCpfChanged,
  customerLookupRequested,
  customerNotFound,
  orderSelected,
  paymentMethodsLoaded,
  paymentMethodsFailed,
  itemChangeRequested,
  discountChecked,
  itemsSaved,
  itemsSaveFailed,
  paymentLineAdded,
  paymentLineRemoved,
  paymentLineChanged,
  paymentRequested,
  paymentSucceeded,
  couponsGenerated,
  paymentFailed,
  receiptPrintRequested,
  receiptPrintFailed,
  orderRemoveRequested,
  orderRemoved,
  orderRemoveFailed,
  checkoutNoticeDismissed,
  deskTabChanged,
  pixChargeRequested,
  pixChargeLoaded,
  pixChargeFailed,
  pixChargeForgotten,
  pixChargeCancelRequested,
  pixChargeCancelFailed,
  pixManualConfirmed,
  pixManualUndone,
  unifyRequested,
  unifySucceeded,
  unifyFailed,
  unifyErrorDismissed,
  receivedChanged,
  discountLimitLoaded,
  discountLimitFailed,
} = checkoutSlice.actions;

export const selectCheckout = (state: WithSlice<typeof checkoutSlice>) => state.checkout;
