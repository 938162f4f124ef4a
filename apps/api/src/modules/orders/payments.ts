import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import type { OrderDto, OrderPaymentDto, PaymentEntry } from '@balcao/contract';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { writeTogether } from '../../db/write-together.ts';
import type { Database } from '../../db/types.ts';
import { auditInsert } from '../audit/index.ts';
import { moveOrderStock } from '../products/index.ts';
import { idempotentRequest, idempotently } from './idempotency.ts';
import { loadOrder } from './order-dto.ts';
import { orderPaid } from './order-events.ts';
import { paymentAudits } from './payment-audit.ts';
import { unknownMethod } from './payment-methods.ts';
import { insertPaymentRows } from './payment-rows.ts';
import { paymentCents, refuseUnclosedTotal } from './payment-values.ts';
import {
  applyTransition,
  auditActorOf,
  refuseOtherEventOf,
  type Actor,
  type LaterWrites,
} from './transitions.ts';

/**
 * Paying an order (docs/orders-api.md), one job a file: the wire's values to cents
 * (payment-values.ts), the payment rows with their PIX lines and drawer (payment-rows.ts), their
 * audit entries (payment-audit.ts), the methods (payment-methods.ts); the modules built on orders
 * take the payment through onOrderPaid (order-events.ts). This file runs them in order.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export async function orderPayments(db: Db, orderId: number): Promise<OrderPaymentDto[]> {
  return (await loadOrder(db, orderId)).payments;
}

/**
 * The payment's own writes, in the caller's transaction: the guarded state change (which also
 * locks the order, so its lines cannot change underneath), the payment rows and what the other
 * modules do on payment (coupons). The writes to rows other desks share (stock) come last:
 * `settlePayment`. The reports' summaries take the sale later, in a batch (the state change marks
 * it: reports' foldSales). Returns the audit entries' insert, which payOrder sends with its last
 * writes.
 */
async function recordPayment(
  trx: Trx,
  now: Date,
  actor: Actor,
  orderId: number,
  payments: readonly PaymentEntry[],
  cents: readonly number[],
): Promise<CompiledQuery | undefined> {
  const at = now.toISOString();
  // The state change's history row goes with the payment rows, and its audit entry with the
  // payment's own ones, returned for the last write (writeTogether: one round trip each).
  const later: LaterWrites = { writes: [], audits: [] };
  const applied = await applyTransition(
    trx,
    orderId,
    'pagar',
    actor,
    now,
    { cashier_id: actor.id, paid_at: at },
    later,
  );
  refuseOtherEventOf(applied);
  const { totalCents, eventId, couponId } = applied;
  refuseUnclosedTotal(totalCents, cents);
  if (payments.length > 0) {
    const rows = await insertPaymentRows(trx, at, actor, orderId, payments, cents, later.writes);
    later.audits.push(...paymentAudits(orderId, now, payments, cents, rows));
  } else {
    // Without payment rows (a total of 0) the history row goes alone.
    await writeTogether(trx, later.writes);
  }
  // The modules built on orders take the payment in its transaction (coupons: the order's coupon
  // is used, a total reaching the automatic coupon's minimum earns one). The order's coupon,
  // event and total came back from the state change: not read again.
  await orderPaid(trx, now, { id: orderId, eventId, totalCents, couponId, userId: actor.id });
  return auditInsert(trx, auditActorOf(actor), later.audits);
}

/** The sale's stock: 409 when a product ran out meanwhile. Returns the movements' insert. */
function settlePayment(trx: Trx, now: Date, actor: Actor, order: OrderDto) {
  return moveOrderStock(trx, {
    lines: order.items,
    sign: -1,
    userId: actor.id,
    reason: `Venda: pedido ${order.id}`,
    now,
  });
}

/**
 * POST /carrinho/pagamento/{id}: pays the order in one transaction (docs/orders-api.md). With an
 * Idempotency-Key the first successful answer is stored in that transaction (`idempotently`).
 * Payment methods are checked by their foreign key; the unknown one is named only when it fails.
 */
export async function payOrder(
  db: Db,
  now: Date,
  actor: Actor,
  orderId: number,
  payments: readonly PaymentEntry[],
  idempotencyKey?: string | string[],
): Promise<OrderDto> {
  const request = idempotentRequest(idempotencyKey, actor.id, { orderId, payments });
  const cents = paymentCents(payments);
  let audit: CompiledQuery | undefined;
  return idempotently(db, request, now, {
    work: async (trx) => {
      audit = await recordPayment(trx, now, actor, orderId, payments, cents);
      return loadOrder(trx, orderId);
    },
    last: async (trx, order) => [audit, await settlePayment(trx, now, actor, order)],
    onError: async (error) =>
      isForeignKeyViolation(error) ? ((await unknownMethod(db, payments)) ?? error) : error,
  });
}
