import type { Kysely, Transaction } from 'kysely';
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
 * The PIX lines of a payment with a PSP connected (issue #28, docs/pix.md 'At the till'): a line
 * is confirmed by the bank (its charge's Pix, of the line's very amount) or by the cashier with a
 * reason. Without a PSP, PIX lines are the cashier's word as before.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** What each payment row keeps of its PIX line. */
export interface PixLineRecord {
  pix_txid: string | null;
  end_to_end_id: string | null;
  manual_reason: string | null;
}

const NONE: PixLineRecord = { pix_txid: null, end_to_end_id: null, manual_reason: null };

export interface PixLinePlan {
  /** Per line, in order: what the PIX rules need of it. */
  lines: { pix: boolean; txid: string | null; reason: string | null }[];
  pspConnected: boolean;
}

/**
 * Read before the payment's transaction (one query): which lines are PIX and whether a PSP is
 * connected. An unknown method is left to the payment rows' foreign key, which names it.
 */
export async function planPixLines(
  db: Db,
  payments: readonly PaymentEntry[],
): Promise<PixLinePlan | null> {
  if (payments.length === 0) return null;
  const methods = await db
    .selectFrom('payment_methods')
    .select((eb) => [
      'id',
      'name',
      eb.exists(eb.selectFrom('pix_psp_settings').select('id')).as('psp'),
    ])
    .where(
      'id',
      'in',
      payments.map((payment) => payment.id_forma_pagamento),
    )
    .execute();
  const names = new Map(methods.map((method) => [method.id, method.name]));
  const lines = payments.map((payment) => ({
    pix: isPixMethodName(names.get(payment.id_forma_pagamento)),
    txid: payment.txid ?? null,
    reason: payment.confirmacao_manual?.trim() || null,
  }));
  const txids = lines.flatMap((line) => (line.txid === null ? [] : [line.txid]));
  if (lines.some((line) => line.txid !== null && !line.pix)) {
    throw invalidRequest(PIX_TXID_NOT_PIX_LINE);
  }
  if (new Set(txids).size < txids.length) throw invalidRequest(PIX_TXID_TWICE);
  const pspConnected = Boolean(Number(methods[0]?.psp ?? 0));
  if (txids.length === 0 && !(pspConnected && lines.some((line) => line.pix))) return null;
  return { lines, pspConnected };
}

/**
 * In the payment's transaction: each PIX line's record. A charge's Pix (whether it came while the
 * charge was active or late) confirms its line when the amounts match; a line the bank did not
 * confirm needs the cashier's reason while a PSP is connected.
 */
export async function checkPixLines(
  trx: Trx,
  orderId: number,
  plan: PixLinePlan | null,
  cents: readonly number[],
): Promise<PixLineRecord[]> {
  if (!plan) return cents.map(() => NONE);
  const txids = plan.lines.flatMap((line) => (line.txid === null ? [] : [line.txid]));
  const charges =
    txids.length === 0
      ? []
      : await trx
          .selectFrom('pix_charges')
          .select(['txid', 'order_id', 'end_to_end_id', 'paid_cents'])
          .where('txid', 'in', txids)
          .execute();
  const byTxid = new Map(charges.map((charge) => [charge.txid, charge]));
  return plan.lines.map((line, index) => {
    if (!line.pix) return NONE;
    const charge = line.txid === null ? undefined : byTxid.get(line.txid);
    if (line.txid !== null && charge?.order_id !== orderId) {
      throw invalidRequest(PIX_CHARGE_NOT_FOUND);
    }
    const amount = cents[index]!;
    if (charge?.end_to_end_id && charge.paid_cents !== null) {
      if (charge.paid_cents !== amount) {
        throw conflict(pixPaidDiffersMessage(charge.paid_cents, amount));
      }
      return { pix_txid: charge.txid, end_to_end_id: charge.end_to_end_id, manual_reason: null };
    }
    if (plan.pspConnected && line.reason === null) throw invalidRequest(PIX_MANUAL_REASON_REQUIRED);
    return { pix_txid: line.txid, end_to_end_id: null, manual_reason: line.reason };
  });
}
