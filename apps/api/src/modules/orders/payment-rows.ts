import type { CompiledQuery, Transaction } from 'kysely';
import {
  CASH_METHOD_NAME,
  CASH_NEEDS_OPEN_DRAWER,
  RECEIVED_NOT_CASH,
  receivedTooLow,
  type PaymentEntry,
} from '@balcao/contract';
import { writeTogether } from '../../db/write-together.ts';
import type { Database } from '../../db/types.ts';
import { conflict, invalidRequest } from '../../http/api-error.ts';
import { openDrawerQuery } from '../drawer/index.ts';
import { checkPixRows, planPixLines, pspConnected, type PixLineValues } from '../pix/index.ts';
import type { Actor } from './transitions.ts';
import { paymentValueCents } from './payment-values.ts';

type Trx = Transaction<Database>;

/**
 * The payment rows, in the payment's transaction, with the writes waiting for them (the state
 * change's history row) in the same round trip (writeTogether). Each row takes its PIX line's
 * values (pix's planPixLines and checkPixRows refuse what the PIX rules do not allow) and the
 * cashier's open drawer: without one the payment belongs to none, and cash is refused. A cash
 * line may carry 'Recebido' (`recebido`), kept for the receipt's 'Troco' (checkReceived).
 * Returns each row's PIX values and the drawer the money went into.
 */
export async function insertPaymentRows(
  trx: Trx,
  at: string,
  actor: Actor,
  orderId: number,
  payments: readonly PaymentEntry[],
  cents: readonly number[],
  waiting: CompiledQuery[],
): Promise<{ pix: PixLineValues[]; drawerSessionId: number | null }> {
  const received = payments.map(({ recebido }) =>
    recebido === undefined ? null : paymentValueCents(recebido),
  );
  const pixPlan = await planPixLines(trx, orderId, payments, cents);
  const pix = pixPlan.values;
  // (The drawer is a subquery of the insert: one round trip to the database less per payment.)
  const paymentRows = trx
    .insertInto('order_payments')
    .values(
      payments.map((payment, index) => ({
        order_id: orderId,
        payment_method_id: payment.id_forma_pagamento,
        amount_cents: cents[index]!,
        user_id: actor.id,
        drawer_session_id: openDrawerQuery(trx, actor.id),
        received_cents: received[index] ?? null,
        ...pix[index],
        created_at: at,
      })),
    )
    .returning((eb) => [
      'drawer_session_id',
      'amount_cents',
      'pix_txid',
      'end_to_end_id',
      'manual_reason',
      // What the PIX rules need, in the same round trip (pix's payment-lines.ts).
      eb
        .selectFrom('payment_methods')
        .select('name')
        .whereRef('payment_methods.id', '=', 'order_payments.payment_method_id')
        .as('method'),
      pspConnected().as('psp'),
    ])
    .compile();
  const rows = await writeTogether(trx, waiting, paymentRows);
  checkPixRows(rows, pixPlan);
  checkReceived(rows, received);
  const drawerSessionId = rows[0]?.drawer_session_id ?? null;
  if (drawerSessionId === null && rows.some((row) => row.method === CASH_METHOD_NAME)) {
    throw conflict(CASH_NEEDS_OPEN_DRAWER);
  }
  return { pix, drawerSessionId };
}

/** 'Recebido' comes with a cash line and covers the cash lines' sum (the receipt's 'Troco'). */
function checkReceived(
  rows: readonly { method: string | null; amount_cents: number }[],
  received: readonly (number | null)[],
) {
  const cash = rows
    .filter((row) => row.method === CASH_METHOD_NAME)
    .reduce((sum, row) => sum + row.amount_cents, 0);
  for (const [index, amount] of received.entries()) {
    if (amount === null) continue;
    if (rows[index]?.method !== CASH_METHOD_NAME) throw invalidRequest(RECEIVED_NOT_CASH);
    if (amount < cash) throw invalidRequest(receivedTooLow(cash, amount));
  }
}
