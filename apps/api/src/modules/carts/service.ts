import type { Kysely, Transaction } from 'kysely';
import {
  CART_CANNOT_BE_EMPTIED,
  INVALID_DISCOUNT,
  NOT_REGISTERED_MESSAGE,
  NO_SELECTED_EVENT_MESSAGE,
  ORDER_NOT_FOUND,
  duplicateItemMessage,
  formatMoney,
  isValidDiscountPercent,
  orderAmounts,
  paymentsCloseOrder,
  stockShortageMessage,
  toCents,
  type CartUpdateItem,
  type OrderDto,
  type OrderPaymentDto,
  type PaymentEntry,
  type PaymentMethodDto,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { ApiError, conflict, invalidRequest, notFound } from '../../http/api-error.ts';
import { renderPaymentReceipt } from '../../printing/documents/index.ts';
import { printDocument, type PrintOutcome } from '../../printing/queue.ts';
import { requireCpf } from '../participants/service.ts';
import { takeStock } from '../products/stock.ts';
import { idempotentRequest, storeAnswer, storedAnswer } from './idempotency.ts';
import { loadOrders } from './order-dto.ts';
import { applyTransition, recordTransition, type Actor } from './transitions.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export const NO_ITEMS_MESSAGE = 'Adicione ao menos um item antes de finalizar o pedido.';
export const NOT_PAID_MESSAGE = 'O pedido ainda não foi pago.';
const RECEIPT_STATES = ['PAGO', 'ENTREGUE', 'ESTORNADO'] as const;

async function selectedEventId(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('events')
    .select('id')
    .where('selected', '=', true)
    .executeTakeFirst();
  return row?.id;
}

async function orderDto(db: Db, id: number): Promise<OrderDto> {
  const [order] = await loadOrders(db, [id]);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** POST /carrinho/novo: an empty cart in the selected event. */
export async function newCart(db: Db, now: Date, actor: Actor): Promise<{ id: number }> {
  const eventId = await selectedEventId(db);
  if (eventId === undefined) throw conflict(NO_SELECTED_EVENT_MESSAGE);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('orders')
      .values({
        event_id: eventId,
        state: 'CARRINHO',
        seller_id: actor.id,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordTransition(trx, {
      orderId: id,
      action: 'novo',
      from: null,
      to: 'CARRINHO',
      actor,
      at,
    });
    return { id };
  });
}

export const getOrder = (db: Db, id: number): Promise<OrderDto> => orderDto(db, id);

/** The product categories a user may sell; undefined when none are assigned (all may be sold). */
async function sellableCategories(db: Db, userId: number): Promise<Set<number> | undefined> {
  const rows = await db
    .selectFrom('user_product_categories')
    .select('category_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.length === 0 ? undefined : new Set(rows.map((row) => row.category_id));
}

/**
 * POST /carrinho/atualizar/{id}: the list replaces the order's lines (quantity 0 drops one).
 * Lines keep the place they were first added in; prices are read now.
 */
export async function updateCart(
  db: Db,
  now: Date,
  actor: Actor,
  orderId: number,
  items: readonly CartUpdateItem[],
): Promise<OrderDto> {
  if (!items.every((item) => isValidDiscountPercent(item.desconto))) {
    throw invalidRequest(INVALID_DISCOUNT);
  }
  const ids = items.map((item) => item.produto_id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('products')
          .select(['id', 'name', 'price_cents', 'inventory', 'category_id'])
          .where('id', 'in', ids)
          .execute();
  const products = new Map(rows.map((product) => [product.id, product]));
  const seen = new Set<number>();
  const lines: { product: (typeof rows)[number]; item: CartUpdateItem }[] = [];
  for (const item of items) {
    const product = products.get(item.produto_id);
    if (!product) throw notFound(`Produto não encontrado: ${item.produto_id}.`);
    if (seen.has(product.id)) throw invalidRequest(duplicateItemMessage(product.name));
    seen.add(product.id);
    if (item.quantidade > 0) lines.push({ product, item });
  }
  const amounts = orderAmounts(
    lines.map(({ product, item }) => ({
      unitPrice: product.price_cents,
      quantity: item.quantidade,
      discountPercent: item.desconto,
    })),
  );
  const allowed = await sellableCategories(db, actor.id);

  await db.transaction().execute(async (trx) => {
    await applyTransition(trx, orderId, 'atualizar', actor, now, { total_cents: amounts.net });
    const existing = new Map(
      (
        await trx
          .selectFrom('order_items')
          .select(['product_id', 'position'])
          .where('order_id', '=', orderId)
          .execute()
      ).map((row) => [row.product_id, row.position]),
    );
    if (existing.size > 0 && lines.length === 0) throw invalidRequest(CART_CANNOT_BE_EMPTIED);
    for (const { product } of lines) {
      if (allowed && !existing.has(product.id) && !allowed.has(product.category_id)) {
        throw new ApiError(403, 'forbidden', `Você não pode vender ${product.name}.`);
      }
    }
    for (const { product, item } of lines) {
      if (item.quantidade > product.inventory) {
        throw conflict(stockShortageMessage(product.name, product.inventory));
      }
    }
    let next = Math.max(0, ...existing.values()) + 1;
    await trx.deleteFrom('order_items').where('order_id', '=', orderId).execute();
    if (lines.length > 0) {
      await trx
        .insertInto('order_items')
        .values(
          lines.map(({ product, item }, index) => {
            const line = amounts.lines[index]!;
            return {
              order_id: orderId,
              product_id: product.id,
              position: existing.get(product.id) ?? next++,
              quantity: item.quantidade,
              unit_price_cents: product.price_cents,
              discount_bp: Math.round(item.desconto * 100),
              discount_cents: line.discount,
              total_cents: line.net,
            };
          }),
        )
        .execute();
    }
  });
  return orderDto(db, orderId);
}

/** The participant an `id_cliente` names in the event: a CPF, or a participant id from a badge QR. */
async function findCustomer(db: Db, eventId: number, idCliente: string | number) {
  const text = String(idCliente).trim();
  const query = db
    .selectFrom('participants')
    .select(['id', 'cpf', 'name'])
    .where('event_id', '=', eventId);
  const row = /^\d{1,10}$/.test(text)
    ? await query.where('id', '=', Number(text)).executeTakeFirst()
    : await query.where('cpf', '=', requireCpf(text)).executeTakeFirst();
  if (!row) throw notFound(NOT_REGISTERED_MESSAGE);
  return row;
}

/** POST /carrinho/finalizar/{id}: the cart gets its customer and waits for payment. */
export async function finalizeCart(
  db: Db,
  now: Date,
  actor: Actor,
  orderId: number,
  idCliente: string | number,
): Promise<OrderDto> {
  const order = await db
    .selectFrom('orders')
    .select('event_id')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const customer = await findCustomer(db, order.event_id, idCliente);
  await db.transaction().execute(async (trx) => {
    await applyTransition(trx, orderId, 'finalizar', actor, now, {
      participant_id: customer.id,
      cpf: customer.cpf,
      customer_name: customer.name,
      associated_at: now.toISOString(),
      seller_id: actor.id,
    });
    const item = await trx
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', orderId)
      .limit(1)
      .executeTakeFirst();
    if (!item) throw conflict(NO_ITEMS_MESSAGE);
  });
  return orderDto(db, orderId);
}

/** DELETE /carrinho/remover/{id}: the order is kept as REMOVIDO, for the record. */
export async function removeCart(
  db: Db,
  now: Date,
  actor: Actor,
  orderId: number,
): Promise<OrderDto> {
  await db.transaction().execute((trx) => applyTransition(trx, orderId, 'remover', actor, now));
  return orderDto(db, orderId);
}

/** GET /carrinho/aberto: the selected event's orders waiting for payment, newest customer first. */
export async function openOrders(db: Db, cpfPrefix = ''): Promise<OrderDto[]> {
  const eventId = await selectedEventId(db);
  if (eventId === undefined) return [];
  const digits = cpfPrefix.replace(/\D/g, '');
  let query = db
    .selectFrom('orders')
    .select('id')
    .where('event_id', '=', eventId)
    .where('state', '=', 'AGUARDANDO_PAGAMENTO')
    .orderBy('associated_at', 'desc')
    .orderBy('id', 'desc');
  if (digits !== '') query = query.where('cpf', 'like', `${digits}%`);
  const rows = await query.execute();
  return loadOrders(
    db,
    rows.map((row) => row.id),
  );
}

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
  return (await orderDto(db, orderId)).payments;
}

/** Reais on the wire to cents; a value with more than 2 decimals is refused, never rounded. */
function paymentCents(payments: readonly PaymentEntry[]): number[] {
  return payments.map(({ valor }) => {
    const cents = toCents(valor);
    if (Math.abs(valor * 100 - cents) > 1e-6) {
      throw invalidRequest(`Valor de pagamento inválido: ${valor}.`);
    }
    return cents;
  });
}

async function requireMethods(db: Db, payments: readonly PaymentEntry[]): Promise<void> {
  const ids = [...new Set(payments.map((payment) => payment.id_forma_pagamento))];
  if (ids.length === 0) return;
  const known = new Set(
    (await db.selectFrom('payment_methods').select('id').where('id', 'in', ids).execute()).map(
      (row) => row.id,
    ),
  );
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw invalidRequest(`Forma de pagamento não encontrada: ${unknown}.`);
}

/**
 * The payment's writes, all in the caller's transaction: the guarded state change (which also
 * locks the order, so its lines cannot change underneath), the payment rows, the stock taken line
 * by line in product order (two payments never wait on each other's rows in opposite orders).
 */
async function recordPayment(
  trx: Trx,
  now: Date,
  actor: Actor,
  orderId: number,
  payments: readonly PaymentEntry[],
  cents: readonly number[],
): Promise<void> {
  const at = now.toISOString();
  const { totalCents } = await applyTransition(trx, orderId, 'pagar', actor, now, {
    cashier_id: actor.id,
    paid_at: at,
  });
  if (!paymentsCloseOrder(totalCents, cents)) {
    const paid = cents.reduce((sum, amount) => sum + amount, 0);
    throw invalidRequest(
      `Os pagamentos (${formatMoney(paid)}) não fecham o total do pedido (${formatMoney(totalCents)}).`,
    );
  }
  if (payments.length > 0) {
    await trx
      .insertInto('order_payments')
      .values(
        payments.map((payment, index) => ({
          order_id: orderId,
          payment_method_id: payment.id_forma_pagamento,
          amount_cents: cents[index]!,
          user_id: actor.id,
          created_at: at,
        })),
      )
      .execute();
  }
  const lines = await trx
    .selectFrom('order_items')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .select(['order_items.product_id', 'order_items.quantity', 'products.name'])
    .where('order_items.order_id', '=', orderId)
    .orderBy('order_items.product_id')
    .execute();
  for (const line of lines) {
    await takeStock(trx, {
      productId: line.product_id,
      name: line.name,
      quantity: line.quantity,
      userId: actor.id,
      reason: `Venda: pedido ${orderId}`,
      now,
    });
  }
}

/**
 * POST /carrinho/pagamento/{id}: pays the order in one transaction (docs/store-api.md). With an
 * Idempotency-Key the first successful answer is stored in that transaction and replayed to any
 * retry, also to one that raced the first and lost (its state change found the order paid).
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
  const replay = request && (await storedAnswer<OrderDto>(db, request));
  if (replay) return replay;
  const cents = paymentCents(payments);
  await requireMethods(db, payments);
  try {
    return await db.transaction().execute(async (trx) => {
      await recordPayment(trx, now, actor, orderId, payments, cents);
      const answer = await orderDto(trx, orderId);
      if (request) await storeAnswer(trx, request, answer, now);
      return answer;
    });
  } catch (error) {
    const stored = request && (await storedAnswer<OrderDto>(db, request));
    if (stored) return stored;
    throw error;
  }
}

/** GET /carrinho/imprimir/recibo/{id}: 'Comprovante Pagamento' through the print queue (Caixa). */
export async function printPaymentReceipt(
  db: Db,
  now: Date,
  user: { id: number; username: string },
  orderId: number,
  timeZone: string,
): Promise<PrintOutcome> {
  const order = await orderDto(db, orderId);
  if (!(RECEIPT_STATES as readonly string[]).includes(order.estadoPedido)) {
    throw conflict(NOT_PAID_MESSAGE);
  }
  const facts = await db
    .selectFrom('orders')
    .innerJoin('events', 'events.id', 'orders.event_id')
    .select(['events.name', 'orders.paid_at', 'orders.total_cents'])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const pdf = await renderPaymentReceipt({
    eventName: facts.name,
    orderId: order.id,
    date: new Date(facts.paid_at ?? now.toISOString()),
    customer: { name: order.nome ?? '', cpf: order.cpf ?? '' },
    items: order.items.map((item) => ({
      quantity: item.quantidade,
      description: item.descricao,
      unitPrice: toCents(item.preco),
      discount: toCents(item.valor_desconto),
    })),
    coupon: order.coupon && { name: order.coupon.name, percent: order.coupon.value },
    payments: order.payments.map((payment) => ({
      method: payment.descricao,
      amount: toCents(payment.valor),
    })),
    cashier: order.caixa ?? user.username,
    timeZone,
  });
  return printDocument(db, now, {
    user,
    service: 'CHECKOUT',
    kind: 'recibo',
    title: `Comprovante Pagamento: pedido ${order.id}`,
    pdf,
  });
}
