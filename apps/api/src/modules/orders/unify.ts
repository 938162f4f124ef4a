import type { Kysely, Transaction } from 'kysely';
import {
  MONEY_MAX_CENTS,
  ORDER_NOT_FOUND,
  ORDER_TOO_LARGE,
  ORDER_TRANSITIONS,
  UNIFY_NEEDS_TWO,
  UNIFY_OTHER_EVENT,
  canTransition,
  orderAmounts,
  stockShortageMessage,
  unifyOtherCustomerMessage,
  type OrderDto,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { ApiError, conflict, invalidRequest, notFound } from '../../http/api-error.ts';
import { loadOrder } from './order-dto.ts';
import { orderLinesChanged } from './order-events.ts';
import { NO_ITEMS_MESSAGE, findCustomer } from './service.ts';
import { recordAudit } from '../audit/index.ts';
import { applyTransition, auditActorOf, type Actor } from './transitions.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** Refuses (before writing) carts that are missing, closed, of another event or customer. */
async function checkCarts(db: Db, ids: readonly number[], idCliente: string | number) {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'event_id', 'state', 'participant_id'])
    .where('id', 'in', ids)
    .execute();
  if (rows.length !== ids.length) throw notFound(ORDER_NOT_FOUND);
  const eventId = rows[0]!.event_id;
  if (rows.some((row) => row.event_id !== eventId)) throw conflict(UNIFY_OTHER_EVENT);
  const customer = await findCustomer(db, eventId, idCliente);
  for (const row of rows) {
    if (!canTransition(row.state, 'unificar')) throw conflict(ORDER_TRANSITIONS.unificar.refusal);
    if (row.participant_id !== null && row.participant_id !== customer.id) {
      throw conflict(unifyOtherCustomerMessage(row.id));
    }
  }
  const target = rows.find((row) => row.id === ids[0])!;
  return { customer, targetState: target.state };
}

/**
 * The carts' lines summed per product, in the carts' order then each cart's line order; a product
 * in several carts keeps the first one's discount. Prices are read now, as a save does.
 */
async function mergedLines(trx: Trx, ids: readonly number[]) {
  const rows = await trx
    .selectFrom('order_items')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .select([
      'order_items.order_id',
      'order_items.product_id',
      'order_items.quantity',
      'order_items.discount_bp',
      'order_items.position',
      'products.name',
      'products.price_cents',
      'products.inventory',
    ])
    .where('order_items.order_id', 'in', ids)
    .execute();
  rows.sort((a, b) => ids.indexOf(a.order_id) - ids.indexOf(b.order_id) || a.position - b.position);
  const merged = new Map<number, (typeof rows)[number]>();
  for (const row of rows) {
    const line = merged.get(row.product_id);
    if (line) line.quantity += row.quantity;
    else merged.set(row.product_id, { ...row });
  }
  return [...merged.values()];
}

/**
 * POST /carrinho/unificar: merges a customer's open carts into the first one listed, in one
 * transaction; the others are kept as REMOVIDO with a `unificar` history entry.
 */
export async function unifyCarts(
  db: Db,
  now: Date,
  actor: Actor,
  idCliente: string | number,
  carrinhos: readonly number[],
): Promise<OrderDto> {
  const ids = [...new Set(carrinhos)];
  if (ids.length < 2) throw invalidRequest(UNIFY_NEEDS_TWO);
  const { customer, targetState } = await checkCarts(db, ids, idCliente);
  const targetId = ids[0]!;
  const customerFields = {
    participant_id: customer.id,
    cpf: customer.cpf,
    customer_name: customer.name,
    associated_at: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    // Guarded transitions first: they lock every cart, so the lines read below cannot change.
    // Ascending ids, whatever order the carts were listed in: two desks merging the same carts
    // as [A, B] and [B, A] wait for each other instead of deadlocking (the second gets the 409).
    for (const id of [...ids].sort((a, b) => a - b)) {
      if (id !== targetId) await applyTransition(trx, id, 'unificar', actor, now);
      else {
        // A first cart another desk merged away meanwhile is refused as any closed cart is.
        const action = targetState === 'CARRINHO' ? 'finalizar' : 'atualizar';
        await applyTransition(trx, targetId, action, actor, now, customerFields).catch(
          (error: unknown) => {
            if (error instanceof ApiError && error.status === 409) {
              throw conflict(ORDER_TRANSITIONS.unificar.refusal);
            }
            throw error;
          },
        );
      }
    }
    const lines = await mergedLines(trx, ids);
    if (lines.length === 0) throw conflict(NO_ITEMS_MESSAGE);
    for (const line of lines) {
      if (line.quantity > line.inventory) {
        throw conflict(stockShortageMessage(line.name, line.inventory));
      }
    }
    const amounts = orderAmounts(
      lines.map((line) => ({
        unitPrice: line.price_cents,
        quantity: line.quantity,
        discountPercent: line.discount_bp / 100,
      })),
    );
    if (amounts.gross > MONEY_MAX_CENTS) throw invalidRequest(ORDER_TOO_LARGE);
    await trx.deleteFrom('order_items').where('order_id', '=', targetId).execute();
    await trx
      .insertInto('order_items')
      .values(
        lines.map((line, index) => ({
          order_id: targetId,
          product_id: line.product_id,
          position: index + 1,
          quantity: line.quantity,
          unit_price_cents: line.price_cents,
          discount_bp: line.discount_bp,
          discount_cents: amounts.lines[index]!.discount,
          total_cents: amounts.lines[index]!.net,
        })),
      )
      .execute();
    await trx
      .updateTable('orders')
      .set({ total_cents: amounts.net })
      .where('id', '=', targetId)
      .execute();
    // The first cart's coupon, if any, now covers the merged lines.
    await orderLinesChanged(trx, targetId, { onlyWithCoupon: true });
    await recordAudit(trx, auditActorOf(actor), {
      entity: 'orders',
      entityId: targetId,
      action: 'unificar',
      after: { carrinhos: ids, total_cents: amounts.net },
      at: now,
    });
  });
  return loadOrder(db, targetId);
}
