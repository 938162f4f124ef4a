import type { Kysely } from 'kysely';
import {
  ORDER_NOT_FOUND,
  ORDER_TRANSITIONS,
  canTransition,
  pixAboveRemainingMessage,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { conflict, invalidRequest, notFound } from '../../http/api-error.ts';
import { paymentValueCents } from './payment-values.ts';
import { refuseOtherEvent } from './service.ts';

/**
 * Orders' answer to whether an order may take a PIX charge of `valor`, and its cents (one of
 * `pixAnswers`, registered with pix's `answerPixQuestions`): the order awaits payment in the
 * selected event and the amount is within what remains.
 */
export async function chargeableCents(
  db: Kysely<Database>,
  orderId: number,
  valor: number,
): Promise<number> {
  const cents = paymentValueCents(valor);
  const order = await db
    .selectFrom('orders')
    .select(['state', 'event_id', 'total_cents'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (!canTransition(order.state, 'pagar')) throw conflict(ORDER_TRANSITIONS.pagar.refusal);
  await refuseOtherEvent(db, order.event_id);
  // Payments are recorded all at once when the order is paid: what remains is the total.
  if (cents > order.total_cents) {
    throw invalidRequest(pixAboveRemainingMessage(cents, order.total_cents));
  }
  return cents;
}
