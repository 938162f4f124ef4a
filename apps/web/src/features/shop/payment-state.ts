/** What the cashier's payment lines add up to, and whether 'Finalizar Pagamento' may run. */
import {
  CASH_METHOD_NAME,
  cashChange,
  paymentsCloseOrder,
  paymentsRemaining,
  toCents,
  type Cents,
  type PaymentMethodDto,
} from '@balcao/contract';
import type { CheckoutState } from './checkout-state';
import { isPix, pixKey, pixLineState } from './pix-line';

export const isCash = (method: PaymentMethodDto | undefined) =>
  method?.descricao === CASH_METHOD_NAME;

/** Splits `total` into `count` amounts that add up to it (the last ones take the odd cents). */
export function splitEvenly(total: Cents, count: number): Cents[] {
  const share = Math.floor(total / count);
  const odd = total - share * count;
  return Array.from({ length: count }, (_, i) => share + (i >= count - odd ? 1 : 0));
}

/**
 * The selected order's total in cents, each line's effective amount (one line follows it), the
 * cash part with the change for what was received, and whether 'Finalizar Pagamento' may run: the
 * payments add up, every PIX line is ready (`pixLineState`), 'Recebido', when typed, covers the
 * cash part, and no discount typed on the order breaks a rule (`discountErrors`).
 * `bankConfirmed`: the txids the bank confirmed, when every PIX line is ready and one of them was
 * confirmed by the bank (the till then pays by itself).
 */
export function paymentState(state: CheckoutState) {
  const total = state.selected ? toCents(state.selected.total) : 0;
  // A fully discounted order (R$ 0,00) closes with no payment lines at all.
  const amounts =
    total === 0
      ? []
      : state.lines.length === 1
        ? [total]
        : state.lines.map((line) => line.amountCents);
  const methodsChosen = total === 0 || state.lines.every((line) => line.methodId !== null);
  const methodOf = (i: number) =>
    state.methods.find((method) => method.id_forma_pagamento === state.lines[i]?.methodId);
  const cashPart = amounts.reduce(
    (sum, amountCents, i) => (isCash(methodOf(i)) ? sum + amountCents : sum),
    0,
  );
  const change = state.received === null ? null : cashChange(cashPart, state.received);
  const pixLines = amounts.map((amountCents, i) => {
    if (!isPix(methodOf(i)) || !state.selected) return null;
    const key = pixKey(state.selected.id, amountCents);
    return pixLineState(state.pix[key], state.pixManual[key]);
  });
  const pixReady = pixLines.every((line) => line === null || line.ready);
  const bankTxids = pixLines.flatMap((line) =>
    line?.bankPaid && line.entry.txid ? [line.entry.txid] : [],
  );
  const discountsValid = Object.keys(state.discountErrors).length === 0;
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
      discountsValid &&
      pixReady &&
      (state.received === null || change !== null) &&
      paymentsCloseOrder(total, amounts),
  };
}
