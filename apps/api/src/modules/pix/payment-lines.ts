import { expressionBuilder, type Transaction } from 'kysely';
import {
  PIX_CHARGE_NOT_FOUND,
  PIX_MANUAL_REASON_REQUIRED,
  PIX_TXID_NOT_PIX_LINE,
  PIX_TXID_TWICE,
  isPixMethodName,
  pixPaidDiffersMessage,
  type PaymentEntry,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { conflict, invalidRequest } from '../../http/api-error.ts';

/**
 * The PIX lines of a payment (issue #28, docs/pix.md 'At the till'): with a PSP connected, a PIX
 * line is confirmed by the bank (its charge's Pix, of the line's very amount) or by the cashier
 * with a reason. Without a PSP, PIX lines are the cashier's word as before.
 *
 * Checked in two halves around the payment rows' insert, so a payment without a charge costs no
 * round trip more: the insert itself answers each row's method name and whether a PSP is
 * connected, and a refusal rolls the transaction back.
 */

type Trx = Transaction<Database>;

/** What each payment row keeps of its line. */
export interface PixLineValues {
  pix_txid: string | null;
  end_to_end_id: string | null;
  manual_reason: string | null;
}

export interface PixLinePlan {
  values: PixLineValues[];
  /** The Pix amount of each named charge the bank says was paid. */
  paidCents: Map<string, number>;
}

/**
 * Before the rows are written: each line's values. A charge's Pix (whether it came while the
 * charge was active or late) confirms its line when the amounts match. Charges are read only when
 * a line names one.
 */
export async function planPixLines(
  trx: Trx,
  orderId: number,
  payments: readonly PaymentEntry[],
  cents: readonly number[],
): Promise<PixLinePlan> {
  const txids = payments.flatMap((payment) => (payment.txid ? [payment.txid] : []));
  if (new Set(txids).size < txids.length) throw invalidRequest(PIX_TXID_TWICE);
  const charges =
    txids.length === 0
      ? []
      : await trx
          .selectFrom('pix_charges')
          .select(['txid', 'order_id', 'end_to_end_id', 'paid_cents'])
          .where('txid', 'in', txids)
          .execute();
  const byTxid = new Map(charges.map((charge) => [charge.txid, charge]));
  const paidCents = new Map(
    charges.flatMap((charge) =>
      charge.end_to_end_id && charge.paid_cents !== null
        ? [[charge.txid, charge.paid_cents] as const]
        : [],
    ),
  );
  const values = payments.map((payment, index): PixLineValues => {
    const reason = payment.confirmacao_manual?.trim() || null;
    if (!payment.txid) return { pix_txid: null, end_to_end_id: null, manual_reason: reason };
    const charge = byTxid.get(payment.txid);
    if (charge?.order_id !== orderId) throw invalidRequest(PIX_CHARGE_NOT_FOUND);
    const paid = paidCents.get(payment.txid) === cents[index] ? charge.end_to_end_id : null;
    return { pix_txid: payment.txid, end_to_end_id: paid, manual_reason: paid ? null : reason };
  });
  return { values, paidCents };
}

/**
 * Whether a PSP is connected, as an expression: the payment rows' insert asks it in its own
 * RETURNING (no round trip more), and checkPixRows reads it back as each row's `psp`.
 */
export function pspConnected() {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(eb.selectFrom('pix_psp_settings').select('id'));
}

/** A payment row as its insert answered it, with its method's name and the PSP's presence. */
export interface PixRowFacts extends PixLineValues {
  amount_cents: number;
  method: string | null;
  psp: unknown;
}

/** After the rows are written: refuses what the rules do not allow (the caller rolls back). */
export function checkPixRows(rows: readonly PixRowFacts[], plan: PixLinePlan): void {
  for (const row of rows) {
    const pix = isPixMethodName(row.method ?? undefined);
    if (!pix) {
      if (row.pix_txid !== null || row.manual_reason !== null) {
        throw invalidRequest(PIX_TXID_NOT_PIX_LINE);
      }
      continue;
    }
    const paid = row.pix_txid === null ? undefined : plan.paidCents.get(row.pix_txid);
    if (paid !== undefined && row.end_to_end_id === null) {
      throw conflict(pixPaidDiffersMessage(paid, row.amount_cents));
    }
    const pspConnected = Boolean(Number(row.psp));
    if (pspConnected && row.end_to_end_id === null && row.manual_reason === null) {
      throw invalidRequest(PIX_MANUAL_REASON_REQUIRED);
    }
  }
}
