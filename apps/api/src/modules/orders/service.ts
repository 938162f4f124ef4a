import type { Kysely } from 'kysely';
import {
  CART_CANNOT_BE_EMPTIED,
  INVALID_DISCOUNT,
  MONEY_MAX_CENTS,
  NOT_REGISTERED_MESSAGE,
  NO_SELECTED_EVENT_MESSAGE,
  ORDER_NOT_FOUND,
  ORDER_OTHER_EVENT,
  ORDER_TOO_LARGE,
  discountOverLimitMessage,
  duplicateItemMessage,
  isValidDiscountPercent,
  orderAmounts,
  spelledDigits,
  stockShortageMessage,
  type CartUpdateItem,
  type OrderDto,
  type OrderState,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { jsonRows, parsedRows } from '../../db/json-rows.ts';
import { ApiError, conflict, invalidRequest, notFound } from '../../http/api-error.ts';
import { requireCpf } from '../../http/cpf.ts';
import { loadOrder, loadOrders } from './order-dto.ts';
import { orderLinesChanged } from './order-events.ts';
import {
  applyTransition,
  recordTransition,
  type Actor,
  type LaterWrites,
  writeLater,
} from './transitions.ts';
import { ID_MAX } from '../../http/id-schema.ts';
import { selectedEventId } from '../events/index.ts';

type Db = Kysely<Database>;

export const NO_ITEMS_MESSAGE = 'Adicione ao menos um item antes de finalizar o pedido.';

/** Money moves only at the selected event's desks: an order of another event gets a 409. */
export async function refuseOtherEvent(db: Db, orderEventId: number): Promise<void> {
  if (orderEventId !== (await selectedEventId(db))) throw conflict(ORDER_OTHER_EVENT);
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

/**
 * What a seller may do, in one query: the product categories they may sell (undefined when none
 * are assigned: all may be sold) and the largest discount percent they may give a line.
 */
async function sellerRules(db: Db, userId: number) {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      'max_discount_percent',
      jsonRows(
        db,
        eb
          .selectFrom('user_product_categories')
          .select('user_product_categories.category_id')
          .whereRef('user_product_categories.user_id', '=', 'users.id'),
      ).as('categories'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  const categories = row ? parsedRows(row.categories) : [];
  return {
    allowed: categories.length === 0 ? undefined : new Set(categories.map((c) => c.category_id)),
    limit: Number(row?.max_discount_percent ?? 0),
  };
}

/**
 * POST /carrinho/atualizar/{id}: the list replaces the order's lines (a line left out is dropped).
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
    lines.push({ product, item });
  }
  const amounts = orderAmounts(
    lines.map(({ product, item }) => ({
      unitPrice: product.price_cents,
      quantity: item.quantidade,
      discountPercent: item.desconto,
    })),
  );
  if (amounts.gross > MONEY_MAX_CENTS) throw invalidRequest(ORDER_TOO_LARGE);
  const { allowed, limit } = await sellerRules(db, actor.id);

  await db.transaction().execute(async (trx) => {
    // The change's audit entry and the discounts' go in one insert, with the lines (writeTogether).
    const later: LaterWrites = { writes: [], audits: [] };
    const applied = await applyTransition(
      trx,
      orderId,
      'atualizar',
      actor,
      now,
      { total_cents: amounts.net },
      later,
    );
    const stored = await trx
      .selectFrom('order_items')
      .select(['product_id', 'position', 'discount_bp', 'coupon_bp'])
      .where('order_id', '=', orderId)
      .execute();
    const existing = new Map(stored.map((row) => [row.product_id, row.position]));
    // The percent the screen shows (a coupon's replaces the line's own) is what it sends back.
    const discountBefore = new Map(
      stored.map((row) => [row.product_id, row.coupon_bp ?? row.discount_bp]),
    );
    if (existing.size > 0 && lines.length === 0) throw invalidRequest(CART_CANNOT_BE_EMPTIED);
    // Only a discount being given is held to the user's limit: a line another user discounted
    // more may still change quantity here.
    const given = lines.flatMap(({ product, item }) => {
      const bp = Math.round(item.desconto * 100);
      const before = discountBefore.get(product.id) ?? 0;
      return bp === before ? [] : [{ product, bp, before }];
    });
    if (given.some(({ bp }) => bp > limit * 100)) {
      throw new ApiError(403, 'forbidden', discountOverLimitMessage(limit));
    }
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
    const linesInsert =
      lines.length === 0
        ? undefined
        : trx
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
            .compile();
    for (const { product, bp, before } of given) {
      later.audits.push({
        entity: 'orders',
        entityId: orderId,
        action: 'desconto',
        before: { desconto: before / 100 },
        after: { produto_id: product.id, produto: product.name, desconto: bp / 100 },
        at: now,
      });
    }
    await writeLater(trx, actor, later, [linesInsert]);
    // With a coupon (the state change read the order's) the lines take its percent (SPEC.md
    // section 4) and the total follows; lines just written without one are already right.
    if (applied.couponId !== null) await orderLinesChanged(trx, orderId);
  });
  return loadOrder(db, orderId);
}

/** GET /carrinho/desconto-maximo: the largest discount percent the user may give a line. */
export async function discountLimit(db: Db, userId: number): Promise<number> {
  return (await sellerRules(db, userId)).limit;
}

/** The participant an `id_cliente` names in the event: a CPF, or a participant id from a badge QR. */
export async function findCustomer(db: Db, eventId: number, idCliente: string | number) {
  const text = String(idCliente).trim();
  const query = db
    .selectFrom('participants')
    .select(['id', 'cpf', 'name'])
    .where('event_id', '=', eventId);
  // A participant id has at most 10 digits, and none is past ID_MAX (PostgreSQL would refuse it).
  const row = /^\d{1,10}$/.test(text)
    ? Number(text) <= ID_MAX
      ? await query.where('id', '=', Number(text)).executeTakeFirst()
      : undefined
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
    // The history's row and the audit entry: one round trip (writeTogether).
    const later: LaterWrites = { writes: [], audits: [] };
    await applyTransition(
      trx,
      orderId,
      'finalizar',
      actor,
      now,
      {
        participant_id: customer.id,
        cpf: customer.cpf,
        customer_name: customer.name,
        associated_at: now.toISOString(),
        seller_id: actor.id,
      },
      later,
    );
    await writeLater(trx, actor, later);
    const item = await trx
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', orderId)
      .limit(1)
      .executeTakeFirst();
    if (!item) throw conflict(NO_ITEMS_MESSAGE);
  });
  return loadOrder(db, orderId);
}

/** DELETE /carrinho/remover/{id}: the order is kept as REMOVIDO, for the record. */
export async function removeCart(
  db: Db,
  now: Date,
  actor: Actor,
  orderId: number,
): Promise<OrderDto> {
  await db.transaction().execute((trx) => applyTransition(trx, orderId, 'remover', actor, now));
  return loadOrder(db, orderId);
}

const CPF_PREFIX_INVALID = "O campo 'cpf' aceita só os dígitos do CPF, com ou sem pontos e traço.";

/** Which of the selected event's orders a list shows, and in which order. */
export interface OrderListing {
  states: readonly OrderState[];
  /** The instant column the list is sorted by (then the id, the same way). */
  by: 'associated_at' | 'paid_at';
  direction: 'asc' | 'desc';
  /** Digits the CPF starts with, typed as a CPF is (`spelledDigits`). */
  cpfPrefix?: string;
}

/** The selected event's orders in some states; [] with no selected event (desks poll lists). */
export async function listOrders(db: Db, listing: OrderListing): Promise<OrderDto[]> {
  // Read like a typed CPF (the log hides what a CPF reading would find): nothing else filters.
  const digits = spelledDigits(listing.cpfPrefix ?? '');
  if (digits === undefined) throw invalidRequest(CPF_PREFIX_INVALID);
  const eventId = await selectedEventId(db);
  if (eventId === undefined) return [];
  let query = db
    .selectFrom('orders')
    .select('id')
    .where('event_id', '=', eventId)
    .where('state', 'in', listing.states)
    .orderBy(listing.by, listing.direction)
    .orderBy('id', listing.direction);
  if (digits !== '') query = query.where('cpf', 'like', `${digits}%`);
  const rows = await query.execute();
  return loadOrders(
    db,
    rows.map((row) => row.id),
  );
}

/** GET /carrinho/aberto: the selected event's orders waiting for payment, newest customer first. */
export function openOrders(db: Db, cpfPrefix?: string): Promise<OrderDto[]> {
  return listOrders(db, {
    states: ['AGUARDANDO_PAGAMENTO'],
    by: 'associated_at',
    direction: 'desc',
    cpfPrefix,
  });
}
