import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  CASH_METHOD_NAME,
  cashChange,
  paymentsCloseOrder,
  paymentsRemaining,
  toCents,
  type Cents,
  type OrderDto,
  type PaymentEntry,
  type PaymentMethodDto,
  type PixChargeDto,
  type PixPspChargeDto,
  PIX_CHARGE_BUSY_CODE,
  PIX_PSP_ERROR_CODE,
  isPixMethodName,
} from '@balcao/contract';
import { failedCase, type ApiError, type FailureMeta } from '../../api/api-error';
import { orderChanged } from '../../store/app-actions';
import type { RootState } from '../../app/store';
import { delivered } from './delivery-slice';
import type { Notice } from '../../ui/notice-dialog';
import { finalizeSucceeded, ORDER_FINALIZED } from './sale-slice';

export const NO_ORDER_FOR_CUSTOMER = 'Não foi encontrado nenhum pedido associado ao cliente.';

/** The tabs of the combined store screens (SPEC.md section 4). */
export type DeskTab = 'sale' | 'checkout' | 'delivery';

export interface PaymentLine {
  key: number;
  methodId: number | null;
  /** Ignored while it is the only line: that one follows the order's total. */
  amount: Cents;
}

export interface ItemChange {
  productId: number;
  percent?: number;
  quantity?: number;
}

/** The key of a PIX charge: the order and the line's amount. */
export const pixKey = (orderId: number, amount: Cents) => `${orderId}:${amount}`;

export const isPix = (method: PaymentMethodDto | undefined) => isPixMethodName(method?.descricao);

/**
 * A PIX line's charge: the static BR Code (the cashier confirms), the PSP's (the bank confirms,
 * docs/pix.md), or why there is none (`pspFailed`: the PSP did not answer, the cashier may confirm
 * by hand).
 */
export type PixLineCharge =
  | { kind: 'static'; charge: PixChargeDto }
  | { kind: 'psp'; charge: PixPspChargeDto }
  | { kind: 'error'; error: string; pspFailed: boolean };

export const isCash = (method: PaymentMethodDto | undefined) =>
  method?.descricao === CASH_METHOD_NAME;

export interface CheckoutState {
  openOrders: OrderDto[];
  methods: PaymentMethodDto[];
  /** The customer finder's CPF digits: the list shows orders whose CPF starts with them. */
  cpf: string;
  selected: OrderDto | null;
  lines: PaymentLine[];
  nextKey: number;
  savingItems: boolean;
  paying: boolean;
  /** The last order this desk closed, with its receipt button in the list's footer. */
  lastOrder: OrderDto | null;
  notice: Notice | null;
  deskTab: DeskTab;
  /** PIX charges by `pixKey`; a refusal (e.g. no key configured) holds its message instead. */
  pix: Record<string, PixLineCharge>;
  /** PIX lines the cashier confirmed without the bank, by `pixKey`: why. */
  pixManual: Record<string, string>;
  /** Whether the server has a PSP to confirm PIX; null until asked for this order. */
  pspConnected: boolean | null;
  /** Merging a customer's open orders: its refusal shows on the panel, not the generic dialog. */
  unify: { merging: boolean; error: string | null };
  /** 'Recebido': what the customer handed over for the cash part; null until typed. */
  received: Cents | null;
  /** The user's discount limit per line (GET /api/carrinho/desconto-maximo); null if unknown. */
  maxDiscount: number | null;
}

const initialState: CheckoutState = {
  openOrders: [],
  methods: [],
  cpf: '',
  selected: null,
  lines: [{ key: 0, methodId: null, amount: 0 }],
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
};

/**
 * PIX refusals (e.g. no key configured) are asked again when the cashier opens a payment or picks
 * PIX: an admin may have saved the key meanwhile, and the screen must not keep the old answer.
 */
function forgetPixRefusals(state: CheckoutState) {
  for (const [key, charge] of Object.entries(state.pix))
    if (charge.kind === 'error') delete state.pix[key];
  state.pspConnected = null;
}

/** The order as saved: the selected one and its line in the open list follow it. */
function takeOrder(state: CheckoutState, order: OrderDto) {
  if (state.selected?.id === order.id) state.selected = order;
  state.openOrders = state.openOrders.map((item) => (item.id === order.id ? order : item));
}

function selectOrder(state: CheckoutState, order: OrderDto | null) {
  state.selected = order;
  state.lines = [
    { key: state.nextKey, methodId: state.methods[0]?.id_forma_pagamento ?? null, amount: 0 },
  ];
  state.nextKey += 1;
  state.received = null;
  state.pixManual = {};
  forgetPixRefusals(state);
}

/** Splits `total` into `count` amounts that add up to it (the last ones take the odd cents). */
export function splitEvenly(total: Cents, count: number): Cents[] {
  const share = Math.floor(total / count);
  const odd = total - share * count;
  return Array.from({ length: count }, (_, i) => share + (i >= count - odd ? 1 : 0));
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
      state.lines.push({ key: state.nextKey, methodId, amount: 0 });
      state.nextKey += 1;
      splitEvenly(total, state.lines.length).forEach((amount, i) => {
        const line = state.lines[i];
        if (line) line.amount = amount;
      });
    },
    paymentLineRemoved(state, action: PayloadAction<number>) {
      if (state.lines.length > 1)
        state.lines = state.lines.filter((line) => line.key !== action.payload);
    },
    paymentLineChanged(
      state,
      action: PayloadAction<{ key: number; methodId?: number; amount?: Cents }>,
    ) {
      const line = state.lines.find((item) => item.key === action.payload.key);
      if (!line) return;
      const { methodId } = action.payload;
      if (methodId !== undefined) {
        line.methodId = methodId;
        if (isPix(state.methods.find((method) => method.id_forma_pagamento === methodId)))
          forgetPixRefusals(state);
      }
      if (action.payload.amount !== undefined) line.amount = action.payload.amount;
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
    /** `line`: the payment line asking, so two PIX lines' charges load independently. */
    pixChargeRequested(
      _state,
      _action: PayloadAction<{ orderId: number; amount: Cents; line: number }>,
    ) {},
    pixChargeLoaded(state, action: PayloadAction<{ key: string; charge: PixLineCharge }>) {
      const { key, charge } = action.payload;
      state.pix[key] = charge;
      state.pspConnected = charge.kind === 'psp';
    },
    pixChargeFailed: {
      // Shown under the PIX line, not in the generic dialog.
      prepare: (key: string, error: ApiError) => ({
        payload: error,
        meta: { hideError: true, key },
      }),
      reducer(state, action: PayloadAction<ApiError, string, FailureMeta & { key: string }>) {
        const { description, error } = action.payload;
        // The PSP failing, or another till making the order's charge: 'Tentar de novo'.
        const pspFailed = error === PIX_PSP_ERROR_CODE || error === PIX_CHARGE_BUSY_CODE;
        state.pix[action.meta.key] = { kind: 'error', error: description, pspFailed };
      },
    },
    /** 'Gerar nova cobrança' and 'Tentar de novo': the line asks for a charge again. */
    pixChargeForgotten(state, action: PayloadAction<string>) {
      delete state.pix[action.payload];
      delete state.pixManual[action.payload];
    },
    /** 'Cancelar cobrança': the QR withdrawn at the PSP (DELETE), unless just paid. */
    pixChargeCancelRequested(_state, _action: PayloadAction<{ key: string; txid: string }>) {},
    pixChargeCancelFailed: failedCase(),
    /** 'Confirmar sem o banco': the cashier's word, with why (audited by the server). */
    pixManualConfirmed(state, action: PayloadAction<{ key: string; reason: string }>) {
      state.pixManual[action.payload.key] = action.payload.reason;
    },
    pixManualUndone(state, action: PayloadAction<string>) {
      delete state.pixManual[action.payload];
    },
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

export const selectCheckout = (state: RootState) => state.checkout;

/**
 * A PIX line's standing: ready to pay (a static BR Code shown, the bank's Pix of a PSP charge, or
 * the cashier's reason where the bank did not confirm) and what the payment sends for it.
 */
export function pixLineState(
  charge: PixLineCharge | undefined,
  manualReason: string | undefined,
): { ready: boolean; bankPaid: boolean; entry: Pick<PaymentEntry, 'txid' | 'confirmacao_manual'> } {
  if (charge?.kind === 'static') return { ready: true, bankPaid: false, entry: {} };
  const psp = charge?.kind === 'psp' ? charge.charge : null;
  if (psp?.endToEndId) return { ready: true, bankPaid: true, entry: { txid: psp.txid } };
  const manual = manualReason !== undefined && (psp !== null || charge?.kind === 'error');
  return {
    ready: manual,
    bankPaid: false,
    entry: manual ? { ...(psp ? { txid: psp.txid } : {}), confirmacao_manual: manualReason } : {},
  };
}

/**
 * The selected order's total in cents, each line's effective amount (one line follows it), the
 * cash part with the change for what was received, and whether 'Finalizar Pagamento' may run: the
 * payments add up, every PIX line is ready (`pixLineState`) and 'Recebido', when typed, covers the
 * cash part. `bankConfirmed`: the txids the bank confirmed, when every PIX line is ready and one
 * of them was confirmed by the bank (the till then pays by itself).
 */
export function paymentState(state: CheckoutState) {
  const total = state.selected ? toCents(state.selected.total) : 0;
  // A fully discounted order (R$ 0,00) closes with no payment lines at all.
  const amounts =
    total === 0 ? [] : state.lines.length === 1 ? [total] : state.lines.map((line) => line.amount);
  const methodsChosen = total === 0 || state.lines.every((line) => line.methodId !== null);
  const methodOf = (i: number) =>
    state.methods.find((method) => method.id_forma_pagamento === state.lines[i]?.methodId);
  const cashPart = amounts.reduce(
    (sum, amount, i) => (isCash(methodOf(i)) ? sum + amount : sum),
    0,
  );
  const change = state.received === null ? null : cashChange(cashPart, state.received);
  const pixLines = amounts.map((amount, i) => {
    if (!isPix(methodOf(i)) || !state.selected) return null;
    const key = pixKey(state.selected.id, amount);
    return pixLineState(state.pix[key], state.pixManual[key]);
  });
  const pixReady = pixLines.every((line) => line === null || line.ready);
  const bankTxids = pixLines.flatMap((line) =>
    line?.bankPaid && line.entry.txid ? [line.entry.txid] : [],
  );
  return {
    total,
    amounts,
    remaining: paymentsRemaining(total, amounts),
    /** What each line sends besides its method and amount (PIX: txid, the cashier's reason). */
    pixEntries: pixLines.map((line) => line?.entry ?? {}),
    bankConfirmed: pixReady && bankTxids.length > 0 ? bankTxids.join(',') : null,
    cashPart,
    change,
    /** The line that carries 'Recebido' to the server (the first cash line), or -1. */
    receivedLine: state.received === null ? -1 : amounts.findIndex((_, i) => isCash(methodOf(i))),
    canFinish:
      state.selected !== null &&
      methodsChosen &&
      !state.paying &&
      !state.savingItems &&
      pixReady &&
      (state.received === null || change !== null) &&
      paymentsCloseOrder(total, amounts),
  };
}
