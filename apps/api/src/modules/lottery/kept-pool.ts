import { sql, type Kysely, type Transaction } from 'kysely';
import { PAID_STATES } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { onOrderPaid, onOrderRefunded, type PaidOrder } from '../orders/index.ts';

/**
 * The lottery's kept pool (docs/lottery-api.md, 'The kept pool'): the payment copies its order's
 * lines into lottery_tickets and the refund stamps them with its instant, in their transaction, so
 * a pool never reads the orders; lottery_holders (per product and buyer) and lottery_products (per
 * product) follow, for 'Configurar sorteio' and the game's candidates and pool size. An order
 * without a participant holds no ticket. Three statements a payment or refund, on the rows of its
 * own products and buyer; the products' counters are written in product order, like the stock.
 */
type Trx = Transaction<Database>;
type Db = Kysely<Database>;

interface Change {
  event_id: number;
  product_id: number;
  participant_id: number;
  quantity: number;
}

/** Adds (sign 1) or takes back (-1) tickets from the holders and the products' counters. */
async function countTickets(trx: Trx, lines: readonly Change[], sign: 1 | -1): Promise<void> {
  const holders = new Map<string, Change>();
  for (const line of lines) {
    const key = `${line.event_id}:${line.product_id}:${line.participant_id}`;
    const held = holders.get(key);
    if (held) held.quantity += line.quantity;
    else holders.set(key, { ...line });
  }
  const added = [...holders.values()].sort(
    (a, b) => a.product_id - b.product_id || a.participant_id - b.participant_id,
  );
  if (added.length === 0) return;
  const after = await trx
    .insertInto('lottery_holders')
    .values(
      added.map((row) => ({
        event_id: row.event_id,
        product_id: row.product_id,
        participant_id: row.participant_id,
        tickets: sign * row.quantity,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['event_id', 'product_id', 'participant_id'])
        .doUpdateSet({ tickets: sql`lottery_holders.tickets + excluded.tickets` }),
    )
    .returning(['product_id', 'participant_id', 'tickets'])
    .execute();
  const now = new Map(after.map((row) => [`${row.product_id}:${row.participant_id}`, row.tickets]));
  // A buyer counts among a product's participants while they hold one of its tickets.
  const products = new Map<number, { event_id: number; sold: number; participants: number }>();
  for (const row of added) {
    const held = Number(now.get(`${row.product_id}:${row.participant_id}`) ?? 0);
    const joined = sign === 1 ? held === row.quantity : held === 0;
    const counter = products.get(row.product_id) ?? {
      event_id: row.event_id,
      sold: 0,
      participants: 0,
    };
    counter.sold += sign * row.quantity;
    if (joined) counter.participants += sign;
    products.set(row.product_id, counter);
  }
  await trx
    .insertInto('lottery_products')
    .values([...products].map(([product_id, counter]) => ({ product_id, ...counter })))
    .onConflict((oc) =>
      oc.columns(['event_id', 'product_id']).doUpdateSet({
        sold: sql`lottery_products.sold + excluded.sold`,
        participants: sql`lottery_products.participants + excluded.participants`,
      }),
    )
    .execute();
}

/** The payment's part: the order's lines become tickets, as of its payment. */
async function ticketsOfPayment(trx: Trx, _now: Date, order: PaidOrder): Promise<void> {
  const lines = await trx
    .insertInto('lottery_tickets')
    .columns([
      'item_id',
      'event_id',
      'product_id',
      'participant_id',
      'order_id',
      'quantity',
      'paid_at',
    ])
    .expression(
      trx
        .selectFrom('order_items as i')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select([
          'i.id',
          'o.event_id',
          'i.product_id',
          sql<number>`o.participant_id`.as('participant_id'),
          'o.id as order_id',
          'i.quantity',
          sql<string>`o.paid_at`.as('paid_at'),
        ])
        .where('o.id', '=', order.id)
        .where('o.participant_id', 'is not', null)
        .where('o.paid_at', 'is not', null),
    )
    .returning(['event_id', 'product_id', 'participant_id', 'quantity'])
    .execute();
  await countTickets(trx, lines, 1);
}

/** The refund's part: the order's tickets end at its refund's instant. */
async function ticketsOfRefund(trx: Trx, orderId: number): Promise<void> {
  const lines = await trx
    .updateTable('lottery_tickets')
    .set({
      refunded_at: (eb) =>
        eb.selectFrom('orders').select('orders.refunded_at').where('orders.id', '=', orderId),
    })
    .where('order_id', '=', orderId)
    .where('refunded_at', 'is', null)
    .returning(['event_id', 'product_id', 'participant_id', 'quantity'])
    .execute();
  await countTickets(trx, lines, -1);
}

/** Registered with orders at the lottery plugin's start (sets: a second registration adds nothing). */
export function keepPoolWithOrders(): void {
  onOrderPaid(ticketsOfPayment);
  onOrderRefunded(ticketsOfRefund);
}

/**
 * Rebuilds an event's kept pool from its orders, in three set-based statements: what the
 * migration did for the orders paid before it, for orders written without the payment route
 * (the benchmark's generated event).
 */
export async function rebuildPool(db: Db, eventId: number): Promise<void> {
  await db.deleteFrom('lottery_products').where('event_id', '=', eventId).execute();
  await db.deleteFrom('lottery_holders').where('event_id', '=', eventId).execute();
  await db.deleteFrom('lottery_tickets').where('event_id', '=', eventId).execute();
  await db
    .insertInto('lottery_tickets')
    .columns([
      'item_id',
      'event_id',
      'product_id',
      'participant_id',
      'order_id',
      'quantity',
      'paid_at',
      'refunded_at',
    ])
    .expression(
      db
        .selectFrom('order_items as i')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select([
          'i.id',
          'o.event_id',
          'i.product_id',
          sql<number>`o.participant_id`.as('participant_id'),
          'o.id as order_id',
          'i.quantity',
          sql<string>`o.paid_at`.as('paid_at'),
          'o.refunded_at',
        ])
        .where('o.event_id', '=', eventId)
        .where('o.state', 'in', PAID_STATES)
        .where('o.participant_id', 'is not', null)
        .where('o.paid_at', 'is not', null),
    )
    .execute();
  await db
    .insertInto('lottery_holders')
    .columns(['event_id', 'product_id', 'participant_id', 'tickets'])
    .expression(
      db
        .selectFrom('lottery_tickets')
        .select((eb) => [
          'event_id',
          'product_id',
          'participant_id',
          eb.fn.sum<number>('quantity').as('tickets'),
        ])
        .where('event_id', '=', eventId)
        .where('refunded_at', 'is', null)
        .groupBy(['event_id', 'product_id', 'participant_id']),
    )
    .execute();
  await db
    .insertInto('lottery_products')
    .columns(['event_id', 'product_id', 'sold', 'participants'])
    .expression(
      db
        .selectFrom('lottery_holders')
        .select((eb) => [
          'event_id',
          'product_id',
          eb.fn.sum<number>('tickets').as('sold'),
          eb.fn.countAll<number>().as('participants'),
        ])
        .where('event_id', '=', eventId)
        .groupBy(['event_id', 'product_id']),
    )
    .execute();
}
