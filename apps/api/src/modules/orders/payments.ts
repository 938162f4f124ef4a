import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import {
  CASH_METHOD_NAME,
  CASH_NEEDS_OPEN_DRAWER,
  MONEY_MAX_CENTS,
  PAYMENT_TOO_LARGE,
  RECEIVED_NOT_CASH,
  exactCents,
  formatMoney,
  paymentsCloseOrder,
  receivedTooLow,
  type OrderDto,
  type OrderPaymentDto,
  type PaymentEntry,
  type PaymentMethodDto,
} from '@balcao/contract';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { writeTogether } from '../../db/write-together.ts';
import type { Database } from '../../db/types.ts';
import { conflict, invalidRequest } from '../../http/api-error.ts';
import {
  generateAutomaticCoupon,
  mayEarnAutomaticCoupon,
  useOrderCoupon,
} from '../coupons/index.ts';
import { openDrawerQuery } from '../drawer/index.ts';
import { moveOrderStock } from '../products/index.ts';
import { idempotentRequest, idempotently } from './idempotency.ts';
import { loadOrder } from './order-dto.ts';
import { auditInsert } from '../audit/index.ts';
import {
  applyTransition,
  auditActorOf,
  refuseOtherEventOf,
  type Actor,
  type LaterWrites,
} from './transitions.ts';
import { checkPixRows, planPixLines } from './pix-lines.ts';

/** The cashier's side: payment methods, an order's payments and paying (docs/orders-api.md). */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export async function listPaymentMethods(db: Db): Promise<PaymentMethodDto[]> {
  const rows = await db
    .selectFrom('payment_methods')
    .select(['id', 'name'])
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id_forma_pagamento: row.id, descricao: row.name }));
}

export async function orderPayments(db: Db, orderId: number): Promise<OrderPaymentDto[]> {
  return (await loadOrder(db, orderId)).payments;
}

/** Reais on the wire to cents; more than 2 decimals is refused, never rounded; at most R$ 1 milhão. */
export function paymentValueCents(valor: number): number {
  const cents = exactCents(valor);
  if (cents === null) throw invalidRequest(`Valor de pagamento inválido: ${valor}.`);
  if (cents > MONEY_MAX_CENTS) throw invalidRequest(PAYMENT_TOO_LARGE);
  return cents;
}

function paymentCents(payments: readonly PaymentEntry[]): number[] {
  return payments.map(({ valor }) => paymentValueCents(valor));
}

/** After a foreign key refused a payment row: the first method id that does not exist, as a 400. */
async function unknownMethod(db: Db, payments: readonly PaymentEntry[]) {
  const ids = [...new Set(payments.map((payment) => payment.id_forma_pagamento))];
  const known = new Set(
    (await db.selectFrom('payment_methods').select('id').where('id', 'in', ids).execute()).map(
      (row) => row.id,
    ),
  );
  const unknown = ids.find((id) => !known.has(id));
  return unknown === undefined
    ? undefined
    : invalidRequest(`Forma de pagamento não encontrada: ${unknown}.`);
}

const withoutNulls = (record: object) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));

/**
 * The payment's own writes, in the caller's transaction: the guarded state change (which also
 * locks the order, so its lines cannot change underneath), the payment rows and the coupons. The
 * writes to rows other desks share (stock) come last: `settlePayment`. The reports' summaries
 * take the sale later, in a batch (the state change marks it: reports' foldSales). Returns the
 * audit entries' insert, which payOrder sends with its last writes.
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
  const { audits } = later;
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
  // Without payment rows (a total of 0) no minimum is reached.
  let earnsCoupon = false;
  if (!paymentsCloseOrder(totalCents, cents)) {
    const paid = cents.reduce((sum, amount) => sum + amount, 0);
    throw invalidRequest(
      `Os pagamentos (${formatMoney(paid)}) não fecham o total do pedido (${formatMoney(totalCents)}).`,
    );
  }
  if (payments.length > 0) {
    const received = payments.map(({ recebido }) =>
      recebido === undefined ? null : paymentValueCents(recebido),
    );
    const pixPlan = await planPixLines(trx, orderId, payments, cents);
    const pix = pixPlan.values;
    // The money goes into the cashier's open drawer; without one the payment belongs to none
    // and cash is refused (the rows' method names come back with them).
    // (A subquery of the insert: one round trip to the database less per payment.)
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
        // What the PIX rules need, in the same round trip (pix-lines.ts).
        eb
          .selectFrom('payment_methods')
          .select('name')
          .whereRef('payment_methods.id', '=', 'order_payments.payment_method_id')
          .as('method'),
        eb.exists(eb.selectFrom('pix_psp_settings').select('id')).as('psp'),
        mayEarnAutomaticCoupon({ event_id: eventId, total_cents: totalCents }).as('earns_coupon'),
      ])
      .compile();
    // The history row goes in the same round trip.
    const rows = await writeTogether(trx, later.writes, paymentRows);
    checkPixRows(rows, pixPlan);
    checkReceived(rows, received);
    const stored = rows[0];
    earnsCoupon = Boolean(stored?.earns_coupon);
    if (stored?.drawer_session_id == null && rows.some((row) => row.method === CASH_METHOD_NAME)) {
      throw conflict(CASH_NEEDS_OPEN_DRAWER);
    }
    audits.push({
      entity: 'order_payments',
      entityId: orderId,
      action: 'pagar',
      after: {
        pagamentos: payments.map((payment, index) => ({
          id_forma_pagamento: payment.id_forma_pagamento,
          amount_cents: cents[index],
          ...withoutNulls(pix[index]!),
        })),
        drawer_session_id: stored?.drawer_session_id ?? null,
      },
      at: now,
    });
    // A PIX the bank did not confirm, taken on the cashier's word: its own entry, with why.
    for (const [index, line] of pix.entries()) {
      if (line.manual_reason === null) continue;
      audits.push({
        entity: 'order_payments',
        entityId: orderId,
        action: 'pix_confirmacao_manual',
        after: { amount_cents: cents[index], motivo: line.manual_reason, txid: line.pix_txid },
        at: now,
      });
    }
  } else {
    // Without payment rows (a total of 0) the history row goes alone.
    await writeTogether(trx, later.writes);
  }
  // The order's coupon is used now, once (409 if another order used it first); a total that
  // reaches the automatic coupon's minimum earns a new one, printed with the receipt.
  // The order's coupon, event and total came back from the state change: not read again.
  await useOrderCoupon(trx, now, { id: orderId, coupon_id: couponId });
  if (earnsCoupon) {
    await generateAutomaticCoupon(trx, now, actor.id, {
      id: orderId,
      event_id: eventId,
      total_cents: totalCents,
    });
  }
  return auditInsert(trx, auditActorOf(actor), audits);
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
