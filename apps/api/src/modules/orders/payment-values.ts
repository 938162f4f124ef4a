import {
  MONEY_MAX_CENTS,
  PAYMENT_TOO_LARGE,
  exactCents,
  formatMoney,
  paymentsCloseOrder,
  type PaymentEntry,
} from '@balcao/contract';
import { invalidRequest } from '../../http/api-error.ts';

/** Reais on the wire to cents; more than 2 decimals is refused, never rounded; at most R$ 1 milhão. */
export function paymentValueCents(valor: number): number {
  const cents = exactCents(valor);
  if (cents === null) throw invalidRequest(`Valor de pagamento inválido: ${valor}.`);
  if (cents > MONEY_MAX_CENTS) throw invalidRequest(PAYMENT_TOO_LARGE);
  return cents;
}

export function paymentCents(payments: readonly PaymentEntry[]): number[] {
  return payments.map(({ valor }) => paymentValueCents(valor));
}

/** 400 unless the payments close the order's total (the contract's paymentsCloseOrder). */
export function refuseUnclosedTotal(totalCents: number, cents: readonly number[]): void {
  if (paymentsCloseOrder(totalCents, cents)) return;
  const paid = cents.reduce((sum, amount) => sum + amount, 0);
  throw invalidRequest(
    `Os pagamentos (${formatMoney(paid)}) não fecham o total do pedido (${formatMoney(totalCents)}).`,
  );
}
