/** A PIX payment line at the till: its key, its charge, and whether it is ready to pay. */
import {
  isPixMethodName,
  type Cents,
  type PaymentEntry,
  type PaymentMethodDto,
  type PixChargeDto,
  type PixPspChargeDto,
} from '@balcao/contract';

/** The key of a PIX charge: the order and the line's amount. */
export const pixKey = (orderId: number, amountCents: Cents) => `${orderId}:${amountCents}`;

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
