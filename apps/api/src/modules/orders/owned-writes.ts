/**
 * The writes other modules make to an order's rows, in their transaction: orders owns its tables,
 * so the coupons' line amounts, a participant's erasure and the reports' fold go through here.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

type Trx = Transaction<Database>;

export interface LineAmounts {
  id: number;
  coupon_bp: number | null;
  discount_cents: number;
  total_cents: number;
}

/** A coupon's new amounts on the lines that changed, and the order's new total. */
export async function setLineAmounts(
  trx: Trx,
  orderId: number,
  changed: readonly LineAmounts[],
  totalCents: number,
): Promise<void> {
  for (const { id, ...amounts } of changed) {
    await trx.updateTable('order_items').set(amounts).where('id', '=', id).execute();
  }
  await trx
    .updateTable('orders')
    .set({ total_cents: totalCents })
    .where('id', '=', orderId)
    .execute();
}

/** Erasure: the orders' copy of a participant's CPF and name takes the anonymized ones. */
export async function anonymizeOrderCustomer(
  trx: Trx,
  participantId: number,
  cpf: string,
  name: string,
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ cpf, customer_name: name })
    .where('participant_id', '=', participantId)
    .execute();
}

/** The reports' fold took these orders' sales (sign 1) or refunds (-1) in: their mark goes. */
export async function clearReportMarks(trx: Trx, orderIds: readonly number[], sign: 1 | -1) {
  await trx
    .updateTable('orders')
    .set({ report_sign: sql<number>`report_sign - ${sign}` })
    .where('id', 'in', orderIds)
    .execute();
}
