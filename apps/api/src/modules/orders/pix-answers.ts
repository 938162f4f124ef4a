import { expressionBuilder, type Expression, type Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { OrderAnswers } from '../pix/index.ts';
import { chargeableCents } from './charge-check.ts';

/**
 * Orders' answers to what pix asks of the orders and their payment lines (the tables orders
 * owns), registered with pix's `answerPixQuestions` at the orders plugin's start. The expressions
 * are correlated subqueries pix puts inside its own queries: no round trip more.
 */

type Db = Kysely<Database>;

const eb = () => expressionBuilder<Database, never>();

const orderState = (orderId: Expression<number>) =>
  eb().selectFrom('orders').select('orders.state').where('orders.id', '=', orderId).$asScalar();

const lineHolds =
  (column: 'order_payments.pix_txid' | 'order_payments.end_to_end_id') =>
  (value: Expression<string | null>) => {
    const { exists, selectFrom } = eb();
    return exists(
      selectFrom('order_payments').select('order_payments.id').where(column, '=', value),
    );
  };

/** A line confirmed by hand with the charge takes its Pix, when the amounts agree. */
async function confirmLineWithPix(
  db: Db,
  txid: string,
  pix: { endToEndId: string; amountCents: number },
): Promise<void> {
  await db
    .updateTable('order_payments')
    .set({ end_to_end_id: pix.endToEndId })
    .where('pix_txid', '=', txid)
    .where('amount_cents', '=', pix.amountCents)
    .where('end_to_end_id', 'is', null)
    .execute();
}

async function refundedOrderPixLines(db: Db, orderId: number) {
  const lines = await db
    .selectFrom('order_payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.end_to_end_id', 'p.amount_cents', 'p.pix_txid', 'o.refund_reason'])
    .where('p.order_id', '=', orderId)
    .where('o.state', '=', 'ESTORNADO')
    .where('p.end_to_end_id', 'is not', null)
    .orderBy('p.id')
    .execute();
  return lines.map((line) => ({
    endToEndId: line.end_to_end_id!,
    amountCents: line.amount_cents,
    txid: line.pix_txid,
    reason: line.refund_reason ?? '',
  }));
}

export const pixAnswers: OrderAnswers = {
  chargeableCents,
  orderState,
  lineHoldsCharge: lineHolds('order_payments.pix_txid'),
  lineHoldsPix: lineHolds('order_payments.end_to_end_id'),
  confirmLineWithPix,
  refundedOrderPixLines,
  refundedPixLines: () =>
    eb()
      .selectFrom('order_payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select((line) => [
        line.ref('p.end_to_end_id').$notNull().as('end_to_end_id'),
        'p.amount_cents',
        'p.order_id',
        'p.pix_txid',
        'p.created_at',
      ])
      .where('o.state', '=', 'ESTORNADO')
      .where('p.end_to_end_id', 'is not', null)
      .as('line'),
};
