import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import { SOLD_STATES } from '@balcao/contract';
import { isPostgres } from '../../db/dialect.ts';
import type { Database } from '../../db/types.ts';
import type { ReportBuyersTable, ReportSalesTable } from '../../db/tables/reports.ts';
import type { ReportFilters } from './filters.ts';
import { clearReportMarks } from '../orders/index.ts';

/**
 * The reports' pre-aggregated sales (docs/reports-api.md, "Pre-aggregation"), and below the
 * payments per method (`report_payments`, recordPaymentChange / paymentsSource). `report_sales`
 * holds, per event and UTC hour slot of paid_at, the figures of the paid lines grouped by one
 * dimension: product, category, the seller's center and the buyer's center (the center ones also
 * per category, and with category 0 for all categories so an order counts once in `orders`).
 * An order adds its lines when it becomes a sale and takes them back when it stops being one, in
 * the next fold (foldSales: the payment and the refund only mark it). A report reads the whole
 * hours of its period from here and the partial hours at its edges from the lines (salesSource).
 */
type Db = Kysely<Database>;
/** The dimensions kept per hour slot; 'buyers' counts report_buyers' rows (below). */
type Dim = Exclude<ReportSalesTable['dim'], 'buyers'>;

/** A line's net is its stored total: while its order holds a coupon, the coupon's percent is the
 * line's discount (order_items.coupon_bp, docs/coupons-api.md). */
export const NET = sql`i.total_cents`;

/** Each dimension with its category column: the product's, or 0 for "every category". */
const ROWS: [Dim, 'own' | 'all'][] = [
  ['product', 'own'],
  ['category', 'own'],
  ['seller', 'own'],
  ['seller', 'all'],
  ['buyer', 'own'],
  ['buyer', 'all'],
  ['coupon', 'own'],
];

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- the lines joined under aliases */
type LinesQuery = any;

/** The sold lines of an event (joined as o, the order): what a rebuild sums. */
const soldIn = (eventId: number) => (q: LinesQuery) =>
  q
    .where('o.event_id', '=', eventId)
    .where('o.state', 'in', SOLD_STATES)
    .where('o.paid_at', 'is not', null);

/**
 * The paid lines of `where` (on the lines joined as i, o, p, u, pa) with every dimension's key
 * in a column named after it: what the summaries group. A payment groups its order's lines seven
 * ways from this one source (a CTE), so the database plans the joins once, not seven times.
 */
function saleLines(db: Db, where: (q: LinesQuery) => LinesQuery) {
  const lines: LinesQuery = db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('users as u', 'u.id', 'o.seller_id')
    .leftJoin('participants as pa', 'pa.id', 'o.participant_id');
  return where(lines).select([
    sql<number>`o.event_id`.as('event_id'),
    sql<string>`substr(o.paid_at, 1, 13)`.as('slot'),
    sql<number>`o.id`.as('order_id'),
    sql<number>`p.id`.as('product'),
    sql<number>`p.category_id`.as('category'),
    sql<number>`coalesce(u.center_id, 0)`.as('seller'),
    sql<number>`coalesce(pa.center_id, 0)`.as('buyer'),
    sql<number>`o.coupon_id`.as('coupon'),
    sql<number>`coalesce(o.coupon_percent_bp, 0)`.as('coupon_bp'),
    sql<number>`i.quantity`.as('quantity'),
    // The list price; on the coupon rows gross − net is what the coupon took off (it replaced
    // the lines' own discounts).
    sql<number>`i.unit_price_cents * i.quantity`.as('gross'),
    sql<number>`${NET}`.as('net'),
  ]);
}

/** The category column of a dimension's 'own' rows; the coupon rows keep the coupon's percent. */
const ownCategory = (dim: Dim) => sql.ref(dim === 'coupon' ? 'l.coupon_bp' : 'l.category');

/** saleLines (`from`, aliased l) grouped by one dimension, as report_sales rows. */
function contributions(
  db: Db,
  from: LinesQuery,
  dim: Dim,
  category: 'own' | 'all',
  sign: 1 | -1,
  shard = 0,
) {
  const key = sql.ref(`l.${dim}`);
  const categoryId = category === 'own' ? ownCategory(dim) : sql.lit(0);
  const times = sql.raw(String(sign));
  const slot = sql.ref('l.slot');
  const event = sql.ref('l.event_id');
  return (
    db
      .selectFrom(from)
      .$if(dim === 'coupon', (q: LinesQuery) => q.where('l.coupon', 'is not', null))
      .select([
        sql<number>`${event}`.as('event_id'),
        sql<string>`${slot}`.as('slot'),
        sql<Dim>`${dim}`.as('dim'),
        sql<number>`${key}`.as('key_id'),
        sql<number>`${categoryId}`.as('category_id'),
        sql<number>`${sql.lit(shard)}`.as('shard'),
        sql<number>`${times} * count(distinct l.order_id)`.as('orders'),
        sql<number>`${times} * sum(l.quantity)`.as('quantity'),
        sql<number>`${times} * sum(l.gross)`.as('gross_cents'),
        sql<number>`${times} * sum(l.net)`.as('net_cents'),
      ])
      // A constant stays out of GROUP BY: SQLite would read 0 as a column position.
      .groupBy(category === 'own' ? [event, slot, key, categoryId] : [event, slot, key])
  );
}

const COLUMNS = [
  'event_id',
  'slot',
  'dim',
  'key_id',
  'category_id',
  'shard',
  'orders',
  'quantity',
  'gross_cents',
  'net_cents',
] as const;

/**
 * The fold writes its rows to shard 0. Shards (report_sales.shard, report_payments.shard) were
 * how payments at every desk avoided queueing on the same summary rows when each payment wrote
 * them; one fold at a time writes them now, and readers still sum the shards like the hours.
 */
const SHARD = 0;
/** Orders folded per transaction: a few milliseconds of work between two turns of the loop. */
export const FOLD_BATCH = 200;
/** PostgreSQL's advisory lock key of the fold (one at a time over every instance): 'BALC'. */
const FOLD_LOCK = 0x42414c43;

/**
 * Keeps the reports' summaries in step with the sales. A payment or refund does not write them:
 * its state change marks the order with the sale it made or undid (orders.report_sign, +1 or -1;
 * orders/transitions.ts), and this adds the marked orders' lines to report_buyers and report_sales
 * and their payments to report_payments, in batches, clearing the marks in the same transaction:
 * each sale is added exactly once. Run by every instance in the background (reports/routes.ts)
 * and by each report before it reads, so a report holds every sale committed before it was
 * asked. One fold at a time (lockFold; `wait` false: the background fold goes away when another
 * one is running). The dimensions are read as they are at the fold (a product moved to another
 * category before a refund is folded is taken back from the new one). Returns the number of
 * orders folded.
 */
export async function foldSales(db: Db, { wait = true } = {}): Promise<number> {
  let folded = 0;
  for (;;) {
    // A literal 0: SQLite uses the partial index (orders_report_sign) only for its own condition.
    const pending = await db
      .selectFrom('orders')
      .select('id')
      .where('report_sign', '<>', sql.lit(0))
      .limit(1)
      .executeTakeFirst();
    if (!pending) return folded;
    const batch = await db
      .transaction()
      .execute(async (trx) => ((await lockFold(trx, wait)) ? foldBatch(trx) : null));
    if (batch === null) return folded;
    folded += batch;
    if (batch < FOLD_BATCH) return folded;
    await nextTurn();
  }
}

/**
 * Takes the fold's lock for the rest of `trx`: waiting for a running fold, or (`wait` false) false
 * at once when one runs. PostgreSQL only; SQLite runs one transaction at a time anyway.
 */
async function lockFold(trx: Transaction<Database>, wait: boolean): Promise<boolean> {
  if (!isPostgres(trx)) return true;
  if (wait) {
    await sql`select pg_advisory_xact_lock(${FOLD_LOCK})`.execute(trx);
    return true;
  }
  const { rows } = await sql<{
    locked: boolean;
  }>`select pg_try_advisory_xact_lock(${FOLD_LOCK}) as locked`.execute(trx);
  return rows[0]!.locked;
}

/** One batch of foldSales, in the caller's transaction (renameBuyer folds inside its own). */
async function foldBatch(trx: Transaction<Database>): Promise<number> {
  const marked = await trx
    .selectFrom('orders')
    .select(['id', 'report_sign'])
    .where('report_sign', '<>', sql.lit(0))
    .orderBy('id')
    .limit(FOLD_BATCH)
    .execute();
  for (const sign of [1, -1] as const) {
    const ids = marked.filter((order) => Math.sign(order.report_sign) === sign).map((o) => o.id);
    if (ids.length === 0) continue;
    // A sale made and undone before a fold nets 0 and is never marked; more than one of either
    // cannot happen (pagar leaves AGUARDANDO_PAGAMENTO once), and would be folded one at a time.
    await addSales(trx, ids, sign);
    await clearReportMarks(trx, ids, sign);
  }
  return marked.length;
}

/**
 * Adds (sign 1) or takes back (-1) the sales of `orderIds`: their lines in report_buyers and
 * report_sales, their payments in report_payments.
 */
async function addSales(
  trx: Transaction<Database>,
  orderIds: number[],
  sign: 1 | -1,
): Promise<void> {
  const theirs = (q: LinesQuery) =>
    q.where('o.id', 'in', orderIds).where('o.paid_at', 'is not', null);
  await recordBuyersChange(trx, sign, theirs);
  // Every dimension's rows in one statement, grouped from one CTE of the lines. The rows' keys
  // differ by dim and category (0 only on the 'all' rows), so no row is hit twice.
  const [first, ...rest] = ROWS.map(([dim, category]) =>
    contributions(trx, 'l', dim, category, sign, SHARD),
  );
  const all: LinesQuery = rest.reduce((union: LinesQuery, q) => union.unionAll(q), first);
  await trx
    .with('l', () => saleLines(trx, theirs))
    .insertInto('report_sales')
    .columns(COLUMNS)
    .expression(
      trx
        .selectFrom(all.as('c'))
        .select(COLUMNS.map((column) => `c.${column}` as const))
        // SQLite reads ON CONFLICT after a bare SELECT as a join's ON: a WHERE ends the SELECT.
        .where(sql<boolean>`1 = 1`),
    )
    .onConflict((oc) =>
      oc.columns(['event_id', 'dim', 'key_id', 'category_id', 'slot', 'shard']).doUpdateSet({
        orders: sql`report_sales.orders + excluded.orders`,
        quantity: sql`report_sales.quantity + excluded.quantity`,
        gross_cents: sql`report_sales.gross_cents + excluded.gross_cents`,
        net_cents: sql`report_sales.net_cents + excluded.net_cents`,
      }),
    )
    .execute();
  await recordPaymentChange(trx, sign, theirs);
}

/**
 * A paid order's lines (or, in a rebuild, every paid line) as report_buyers rows: one per event,
 * product and buyer (the order's customer name and cpf, '' when absent).
 */
function buyerContributions(db: Db, sign: 1 | -1, where: (q: LinesQuery) => LinesQuery) {
  const name = sql`coalesce(o.customer_name, '')`;
  const cpf = sql`coalesce(o.cpf, '')`;
  const times = sql.raw(String(sign));
  const lines: LinesQuery = db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id');
  return where(lines)
    .select([
      sql<number>`o.event_id`.as('event_id'),
      sql<number>`i.product_id`.as('product_id'),
      sql<string>`${name}`.as('customer_name'),
      sql<string>`${cpf}`.as('cpf'),
      sql<number>`${times} * count(distinct o.id)`.as('orders'),
      sql<number>`${times} * sum(i.quantity)`.as('quantity'),
      sql<number>`${times} * sum(${NET})`.as('total_cents'),
    ])
    .groupBy([sql`o.event_id`, sql`i.product_id`, name, cpf])
    .orderBy(sql`i.product_id`);
}

const BUYER_COLUMNS = [
  'event_id',
  'product_id',
  'customer_name',
  'cpf',
  'orders',
  'quantity',
  'total_cents',
] as const;

/** Adds to (or takes from) report_sales' 'buyers' rows: report_buyers' rows per product. */
async function addBuyerRows(
  db: Db,
  rows: Map<string, { event_id: number; key_id: number; buyers: number }>,
) {
  if (rows.size === 0) return;
  await db
    .insertInto('report_sales')
    .values(
      [...rows.values()]
        .sort((a, b) => a.event_id - b.event_id || a.key_id - b.key_id)
        .map(({ event_id, key_id, buyers }) => ({
          event_id,
          slot: '',
          dim: 'buyers' as const,
          key_id,
          category_id: 0,
          shard: SHARD,
          orders: buyers,
          quantity: 0,
          gross_cents: 0,
          net_cents: 0,
        })),
    )
    .onConflict((oc) =>
      oc.columns(['event_id', 'dim', 'key_id', 'category_id', 'slot', 'shard']).doUpdateSet({
        orders: sql`report_sales.orders + excluded.orders`,
      }),
    )
    .execute();
}

/**
 * report_buyers' part of a fold: the (product, buyer) rows gain or lose the orders' lines; a
 * buyer's first sale of a product adds a row to the report and the refund of their last one
 * deletes it, and report_sales' 'buyers' row of the product counts it (the page's
 * total_linhas without a count over every row). The contributions are read first: a row whose
 * orders after the change are exactly what this fold added is new.
 */
async function recordBuyersChange(
  trx: Transaction<Database>,
  sign: 1 | -1,
  where: (q: LinesQuery) => LinesQuery,
) {
  const added = (await buyerContributions(trx, sign, where).execute()) as ReportBuyersTable[];
  if (added.length === 0) return;
  const keyOf = (row: {
    event_id: number;
    product_id: number;
    customer_name: string;
    cpf: string;
  }) => JSON.stringify([row.event_id, row.product_id, row.customer_name, row.cpf]);
  const addedTo = new Map(added.map((row) => [keyOf(row), Number(row.orders)]));
  const changed = await trx
    .insertInto('report_buyers')
    .values(
      added.map((row) => ({
        ...row,
        orders: Number(row.orders),
        quantity: Number(row.quantity),
        total_cents: Number(row.total_cents),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['event_id', 'product_id', 'customer_name', 'cpf']).doUpdateSet({
        orders: sql`report_buyers.orders + excluded.orders`,
        quantity: sql`report_buyers.quantity + excluded.quantity`,
        total_cents: sql`report_buyers.total_cents + excluded.total_cents`,
      }),
    )
    .returning(['event_id', 'product_id', 'customer_name', 'cpf', 'orders'])
    .execute();
  const counted = new Map<string, { event_id: number; key_id: number; buyers: number }>();
  const count = (row: { event_id: number; product_id: number }, buyers: number) => {
    const key = `${row.event_id}:${row.product_id}`;
    const entry = counted.get(key) ?? { event_id: row.event_id, key_id: row.product_id, buyers: 0 };
    entry.buyers += buyers;
    counted.set(key, entry);
  };
  for (const row of changed) {
    const orders = Number(row.orders);
    if (sign === 1 && orders === addedTo.get(keyOf(row))) count(row, 1);
    else if (sign === -1 && orders <= 0) count(row, -1);
  }
  if (sign === -1 && counted.size > 0) {
    await trx
      .deleteFrom('report_buyers')
      .where('orders', '<=', 0)
      .where('event_id', 'in', [...new Set(changed.map((row) => row.event_id))])
      .where('product_id', 'in', [...new Set(changed.map((row) => row.product_id))])
      .execute();
  }
  await addBuyerRows(trx, counted);
  await recordBuyerSlotsChange(trx, sign, where);
}

const SLOT_COLUMNS = [
  'event_id',
  'span',
  'slot',
  'product_id',
  'customer_name',
  'cpf',
  'orders',
  'quantity',
  'total_cents',
] as const;

/**
 * The (product, buyer) figures of `where`'s paid lines per UTC hour of paid_at (CTE h), and of
 * those hours per UTC day: report_buyer_slots' rows.
 */
function buyerSlotContributions(db: Db, sign: 1 | -1, where: (q: LinesQuery) => LinesQuery) {
  const name = sql`coalesce(o.customer_name, '')`;
  const cpf = sql`coalesce(o.cpf, '')`;
  const hour = sql`substr(o.paid_at, 1, 13)`;
  const times = sql.raw(String(sign));
  const lines: LinesQuery = db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id');
  const hours = where(lines)
    .select([
      sql<number>`o.event_id`.as('event_id'),
      sql<string>`${hour}`.as('slot'),
      sql<number>`i.product_id`.as('product_id'),
      sql<string>`${name}`.as('customer_name'),
      sql<string>`${cpf}`.as('cpf'),
      sql<number>`${times} * count(distinct o.id)`.as('orders'),
      sql<number>`${times} * sum(i.quantity)`.as('quantity'),
      sql<number>`${times} * sum(${NET})`.as('total_cents'),
    ])
    .groupBy([sql`o.event_id`, hour, sql`i.product_id`, name, cpf]);
  const day = sql`substr(h.slot, 1, 10)`;
  const fromHours: LinesQuery = (db as LinesQuery).selectFrom('h');
  const all = fromHours
    .select([
      'h.event_id',
      sql<string>`'hour'`.as('span'),
      'h.slot',
      'h.product_id',
      'h.customer_name',
      'h.cpf',
      'h.orders',
      'h.quantity',
      'h.total_cents',
    ])
    .unionAll(
      fromHours
        .select([
          'h.event_id',
          sql<string>`'day'`.as('span'),
          sql<string>`${day}`.as('slot'),
          'h.product_id',
          'h.customer_name',
          'h.cpf',
          // An order has one hour: its day's orders are its hours' orders.
          sql<number>`sum(h.orders)`.as('orders'),
          sql<number>`sum(h.quantity)`.as('quantity'),
          sql<number>`sum(h.total_cents)`.as('total_cents'),
        ])
        .groupBy(['h.event_id', day, 'h.product_id', 'h.customer_name', 'h.cpf']),
    );
  return { hours, all };
}

/**
 * report_buyer_slots' part of a fold: the hours' and days' (product, buyer) rows gain or lose
 * the orders' lines; a row left without orders is deleted.
 */
async function recordBuyerSlotsChange(
  trx: Transaction<Database>,
  sign: 1 | -1,
  where: (q: LinesQuery) => LinesQuery,
) {
  const { hours, all } = buyerSlotContributions(trx, sign, where);
  const changed = await trx
    .with('h', () => hours)
    .insertInto('report_buyer_slots')
    .columns(SLOT_COLUMNS)
    .expression(
      trx
        .selectFrom(all.as('c'))
        .select(SLOT_COLUMNS.map((column) => `c.${column}` as const))
        // SQLite reads ON CONFLICT after a bare SELECT as a join's ON: a WHERE ends the SELECT.
        .where(sql<boolean>`1 = 1`),
    )
    .onConflict((oc) =>
      oc.columns(['event_id', 'span', 'slot', 'product_id', 'customer_name', 'cpf']).doUpdateSet({
        orders: sql`report_buyer_slots.orders + excluded.orders`,
        quantity: sql`report_buyer_slots.quantity + excluded.quantity`,
        total_cents: sql`report_buyer_slots.total_cents + excluded.total_cents`,
      }),
    )
    .returning(['event_id', 'span', 'slot', 'product_id', 'customer_name', 'cpf', 'orders'])
    .execute();
  const emptied = changed.filter((row) => Number(row.orders) <= 0);
  // By key, a few at a time: the refunded lines' rows only, not a scan of the event's.
  for (let start = 0; start < emptied.length; start += 100) {
    await trx
      .deleteFrom('report_buyer_slots')
      .where((eb) =>
        eb.or(
          emptied
            .slice(start, start + 100)
            .map((row) =>
              eb.and([
                eb('event_id', '=', row.event_id),
                eb('span', '=', row.span),
                eb('slot', '=', row.slot),
                eb('product_id', '=', row.product_id),
                eb('customer_name', '=', row.customer_name),
                eb('cpf', '=', row.cpf),
              ]),
            ),
        ),
      )
      .execute();
  }
}

/**
 * Renames the buyer of a participant's orders (anonymization) inside the caller's transaction:
 * the sales' report_buyers rows leave the old name and CPF and join the new ones, so the buyers'
 * report keeps its totals and no longer names them.
 */
export async function renameBuyer(
  trx: Transaction<Database>,
  participantId: number,
  rename: () => Promise<void>,
): Promise<void> {
  const sales = await trx
    .selectFrom('orders')
    .select('id')
    .where('participant_id', '=', participantId)
    .where('state', 'in', SOLD_STATES)
    .orderBy('id')
    .execute();
  // Sales not folded yet would be added later under the new name: folded first, under the old.
  await lockFold(trx, true);
  while ((await foldBatch(trx)) === FOLD_BATCH);
  const ids = sales.map(({ id }) => id);
  const theirs = (q: LinesQuery) => q.where('o.id', 'in', ids).where('o.paid_at', 'is not', null);
  if (ids.length > 0) await recordBuyersChange(trx, -1, theirs);
  await rename();
  if (ids.length > 0) await recordBuyersChange(trx, 1, theirs);
}

/**
 * Rebuilds an event's report_sales, report_buyers and report_buyer_slots from its paid orders (the
 * benchmark's data).
 */
export async function rebuildSales(db: Db, eventId: number): Promise<void> {
  await db.deleteFrom('report_sales').where('event_id', '=', eventId).execute();
  await db.deleteFrom('report_buyers').where('event_id', '=', eventId).execute();
  await db
    .insertInto('report_buyers')
    .columns(BUYER_COLUMNS)
    .expression(buyerContributions(db, 1, soldIn(eventId)).clearOrderBy())
    .execute();
  await db
    .insertInto('report_sales')
    .columns(COLUMNS)
    .expression(
      db
        .selectFrom('report_buyers')
        .where('event_id', '=', eventId)
        .select([
          'event_id',
          sql<string>`''`.as('slot'),
          sql<'buyers'>`'buyers'`.as('dim'),
          sql<number>`product_id`.as('key_id'),
          sql<number>`0`.as('category_id'),
          sql<number>`0`.as('shard'),
          sql<number>`count(*)`.as('orders'),
          sql<number>`0`.as('quantity'),
          sql<number>`0`.as('gross_cents'),
          sql<number>`0`.as('net_cents'),
        ])
        .groupBy(['event_id', 'product_id']),
    )
    .execute();
  await db.deleteFrom('report_buyer_slots').where('event_id', '=', eventId).execute();
  const slots = buyerSlotContributions(db, 1, soldIn(eventId));
  await db
    .with('h', () => slots.hours)
    .insertInto('report_buyer_slots')
    .columns(SLOT_COLUMNS)
    .expression(slots.all)
    .execute();
  for (const [dim, category] of ROWS) {
    await db
      .insertInto('report_sales')
      .columns(COLUMNS)
      .expression(contributions(db, saleLines(db, soldIn(eventId)).as('l'), dim, category, 1))
      .execute();
  }
}

const HOUR_MS = 3_600_000;
const slotOf = (instant: string) => instant.slice(0, 13);
const isWholeHour = (instant: string) => instant.slice(13) === ':00:00.000Z';
const nextHour = (instant: string) =>
  new Date(Date.parse(`${slotOf(instant)}:00:00.000Z`) + HOUR_MS).toISOString();
const hourStart = (instant: string) => `${slotOf(instant)}:00:00.000Z`;

/**
 * A period cut in two: the whole UTC hours [wholeFrom, wholeUntil) read from a summary table, and
 * the partial hours at its edges (instants [start, end)) read from the rows themselves.
 */
function periodParts({ from, until }: Pick<ReportFilters, 'from' | 'until'>) {
  const wholeFrom =
    from === null ? null : isWholeHour(from) ? slotOf(from) : slotOf(nextHour(from));
  const wholeUntil = until === null ? null : slotOf(until);
  const noWholeHour = wholeFrom !== null && wholeUntil !== null && wholeFrom >= wholeUntil;
  const edges: [string | null, string | null][] = [];
  if (noWholeHour) edges.push([from, until]);
  else {
    if (from !== null && !isWholeHour(from)) edges.push([from, nextHour(from)]);
    if (until !== null && !isWholeHour(until)) edges.push([hourStart(until), until]);
  }
  return { wholeFrom, wholeUntil, noWholeHour, edges };
}

const DAY_MS = 86_400_000;
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
const hourSlot = (day: string, hour: number) =>
  hour === 24 ? `${nextDay(day)}T00` : `${day}T${String(hour).padStart(2, '0')}`;

/** A range [from, until) of report_buyer_slots' slots of one span (null: unbounded), added or taken. */
interface SlotRange {
  span: 'day' | 'hour';
  from: string | null;
  until: string | null;
  sign: 1 | -1;
}

/**
 * The whole hours [wholeFrom, wholeUntil) (hour slots, null: unbounded) as ranges of
 * report_buyer_slots: whole days from the day rows; the hours of a day at either end from the
 * hour rows, or, when they are more than half the day, the day's row less its other hours (a
 * day's rows are its hours' sums), so at most 12 hours a side are read.
 */
export function buyerSlotRanges(wholeFrom: string | null, wholeUntil: string | null) {
  const ranges: SlotRange[] = [];
  const dayOf = (slot: string) => slot.slice(0, 10);
  const hourOf = (slot: string) => Number(slot.slice(11, 13));
  const withinDay = (day: string, from: number, until: number) => {
    if (until - from <= 12) {
      ranges.push({
        span: 'hour',
        from: hourSlot(day, from),
        until: hourSlot(day, until),
        sign: 1,
      });
      return;
    }
    ranges.push({ span: 'day', from: day, until: nextDay(day), sign: 1 });
    if (from > 0)
      ranges.push({ span: 'hour', from: hourSlot(day, 0), until: hourSlot(day, from), sign: -1 });
    if (until < 24)
      ranges.push({ span: 'hour', from: hourSlot(day, until), until: hourSlot(day, 24), sign: -1 });
  };
  if (wholeFrom !== null && wholeUntil !== null && wholeFrom >= wholeUntil) return ranges;
  if (wholeFrom !== null && wholeUntil !== null && dayOf(wholeFrom) === dayOf(wholeUntil)) {
    withinDay(dayOf(wholeFrom), hourOf(wholeFrom), hourOf(wholeUntil));
    return ranges;
  }
  let firstDay: string | null = null;
  if (wholeFrom !== null) {
    firstDay = dayOf(wholeFrom);
    if (hourOf(wholeFrom) > 0) {
      withinDay(firstDay, hourOf(wholeFrom), 24);
      firstDay = nextDay(firstDay);
    }
  }
  const lastDay = wholeUntil === null ? null : dayOf(wholeUntil);
  if (wholeUntil !== null && hourOf(wholeUntil) > 0) withinDay(lastDay!, 0, hourOf(wholeUntil));
  if (firstDay === null || lastDay === null || firstDay < lastDay) {
    ranges.push({ span: 'day', from: firstDay, until: lastDay, sign: 1 });
  }
  return ranges;
}

/**
 * The filters without their period when it holds every paid line of the event: the event's first
 * and last hours with paid lines are report_buyer_slots' first and last hour rows (a row is kept
 * only while it has orders; read at each end of its key), and a period from at most the start of
 * the first to at least the end of the last is the unrestricted report (report_buyers). Whole
 * hours only: a period starting inside the first hour keeps its period.
 */
export async function withoutWholePeriod(db: Db, filters: ReportFilters): Promise<ReportFilters> {
  if (filters.from === null && filters.until === null) return filters;
  const end = (direction: 'asc' | 'desc') =>
    db
      .selectFrom('report_buyer_slots')
      .select('slot')
      .where('event_id', '=', filters.eventId)
      .where('span', '=', 'hour')
      .orderBy('slot', direction)
      .limit(1)
      .executeTakeFirst();
  const [first, last] = await Promise.all([end('asc'), end('desc')]);
  // No paid line at all: any period is the empty report.
  if (!first || !last) return { ...filters, from: null, until: null };
  const holds =
    (filters.from === null || filters.from <= `${first.slot}:00:00.000Z`) &&
    (filters.until === null || filters.until >= nextHour(`${last.slot}:00:00.000Z`));
  return holds ? { ...filters, from: null, until: null } : filters;
}

/** One range of report_buyer_slots, its figures signed. */
function buyerSlotPart(db: Db, eventId: number, { span, from, until, sign }: SlotRange) {
  const times = sql.raw(String(sign));
  return db
    .selectFrom('report_buyer_slots')
    .where('event_id', '=', eventId)
    .where('span', '=', span)
    .$if(from !== null, (q) => q.where('slot', '>=', from!))
    .$if(until !== null, (q) => q.where('slot', '<', until!))
    .select([
      'product_id',
      'customer_name',
      'cpf',
      sql<number>`${times} * orders`.as('orders'),
      sql<number>`${times} * quantity`.as('quantity'),
      sql<number>`${times} * total_cents`.as('total_cents'),
    ]);
}

/**
 * The rows (product_id, customer_name, cpf, orders, quantity, total_cents) whose sums per
 * (product, name, cpf) are the buyers of the report's period: the whole days and hours from
 * report_buyer_slots (buyerSlotRanges, some taken back), the partial hours at the edges of
 * inicio/fim from the lines. A buyer whose orders sum to 0 bought nothing in the period.
 */
export function buyersSource(db: Db, filters: ReportFilters) {
  const { wholeFrom, wholeUntil, noWholeHour, edges } = periodParts(filters);
  const ranges = noWholeHour ? [] : buyerSlotRanges(wholeFrom, wholeUntil);
  const parts: LinesQuery[] = ranges.map((range) => buyerSlotPart(db, filters.eventId, range));
  for (const edge of edges) parts.push(buyerEdge(db, filters.eventId, edge));
  const [first, ...rest] = parts;
  // A period has at least one part: a whole hour or an edge.
  return rest.reduce((union: LinesQuery, part) => union.unionAll(part), first) as ReturnType<
    typeof buyerSlotPart
  >;
}

/** The (product, buyer) figures of the paid lines of one partial hour [start, end) (of one product). */
function buyerEdge(
  db: Db,
  eventId: number,
  [start, end]: [string | null, string | null],
  productId?: number,
) {
  return buyerContributions(db, 1, (q: LinesQuery) =>
    q
      .where('o.event_id', '=', eventId)
      .where('o.state', 'in', SOLD_STATES)
      .$if(start !== null, (w: LinesQuery) => w.where('o.paid_at', '>=', start))
      .$if(end !== null, (w: LinesQuery) => w.where('o.paid_at', '<', end))
      .$if(productId !== undefined, (w: LinesQuery) => w.where('i.product_id', '=', productId)),
  )
    .clearOrderBy()
    .clearSelect()
    .select([
      sql<number>`i.product_id`.as('product_id'),
      sql<string>`coalesce(o.customer_name, '')`.as('customer_name'),
      sql<string>`coalesce(o.cpf, '')`.as('cpf'),
      sql<number>`count(distinct o.id)`.as('orders'),
      sql<number>`sum(i.quantity)`.as('quantity'),
      sql<number>`sum(${NET})`.as('total_cents'),
    ]) as LinesQuery;
}

/**
 * PostgreSQL: a period's buyers in the report's order, product after product (products_name),
 * each product's buyers summed from its own ranges of report_buyer_slots (index
 * report_buyer_slots_product: event, span, product, slot, read from the index alone) and its
 * rows of the partial hours' lines (grouped once for every product in the CTE e, one row of
 * arrays per product, unnested for each). The rows come out in order as they are summed: a page
 * or a download's first batch reads the first products only, not the whole period. Filtered
 * (category, product, busca) by the caller on p and g.
 */
export function buyersByProduct(db: Db, filters: ReportFilters) {
  const { wholeFrom, wholeUntil, noWholeHour, edges } = periodParts(filters);
  const ranges = noWholeHour ? [] : buyerSlotRanges(wholeFrom, wholeUntil);
  const anyDb = db as LinesQuery;
  const parts: LinesQuery[] = ranges.map((range) =>
    buyerSlotPart(db, filters.eventId, range).where('product_id', '=', sql<number>`p.id`),
  );
  if (edges.length > 0) {
    parts.push(
      anyDb
        .selectFrom(
          sql`e, unnest(e.names, e.cpfs, e.orders, e.quantities, e.totals)`.as(
            sql`x(customer_name, cpf, orders, quantity, total_cents)` as never,
          ),
        )
        .where(sql`e.product_id`, '=', sql`p.id`)
        .select([
          sql<number>`e.product_id`.as('product_id'),
          'x.customer_name',
          'x.cpf',
          'x.orders',
          'x.quantity',
          'x.total_cents',
        ]),
    );
  }
  const [first, ...rest] = parts;
  const union = rest.reduce((all: LinesQuery, part) => all.unionAll(part), first);
  const grouped = anyDb
    .selectFrom(union.as('b'))
    .select([
      'b.customer_name',
      'b.cpf',
      sql<number>`sum(b.quantity)`.as('quantity'),
      sql<number>`sum(b.total_cents)`.as('total_cents'),
    ])
    .groupBy(['b.customer_name', 'b.cpf'])
    .having(sql`sum(b.orders)`, '>', 0)
    .orderBy('b.customer_name')
    .orderBy('b.cpf');
  const [edge, ...otherEdges] = edges.map((one) =>
    buyerEdge(db, filters.eventId, one, filters.productId),
  );
  const start = edge
    ? anyDb.with(
        (cte: LinesQuery) => cte('e').materialized(),
        () =>
          anyDb
            .selectFrom(
              otherEdges.reduce((all: LinesQuery, part) => all.unionAll(part), edge).as('l'),
            )
            .select([
              'l.product_id',
              sql`array_agg(l.customer_name)`.as('names'),
              sql`array_agg(l.cpf)`.as('cpfs'),
              sql`array_agg(l.orders)`.as('orders'),
              sql`array_agg(l.quantity)`.as('quantities'),
              sql`array_agg(l.total_cents)`.as('totals'),
            ])
            .groupBy('l.product_id'),
      )
    : anyDb;
  return start.selectFrom('products as p').crossJoinLateral(grouped.as('g')) as SelectQueryBuilder<
    Database & {
      p: Database['products'];
      g: { customer_name: string; cpf: string; quantity: number; total_cents: number };
    },
    'p' | 'g',
    object
  >;
}

export interface SalesSourceOptions {
  /** The key filter (a product or center id), when the report has one. */
  keyId?: number;
}

/**
 * The rows (key_id, category_id, slot, orders, quantity, gross_cents, net_cents) whose sums
 * are a dimension's figures over the report's period and filters: the whole hours from
 * report_sales, the partial hours at the edges of inicio/fim from the lines themselves.
 * `orders` adds up across slots and rows, as an order has one slot and one key per dimension.
 */
export function salesSource(
  db: Db,
  filters: ReportFilters,
  dim: Dim,
  options: SalesSourceOptions = {},
) {
  const { categoryId } = filters;
  const centers = dim === 'seller' || dim === 'buyer';
  // The coupon rows' category column is the coupon's percent: no category filter there.
  const byCategory = !centers && dim !== 'coupon' && categoryId !== undefined;
  const { wholeFrom, wholeUntil, noWholeHour, edges } = periodParts(filters);

  const summary = db
    .selectFrom('report_sales')
    .select(['key_id', 'category_id', 'slot', 'orders', 'quantity', 'gross_cents', 'net_cents'])
    .where('event_id', '=', filters.eventId)
    .where('dim', '=', dim)
    .$if(centers, (q) => q.where('category_id', '=', categoryId ?? 0))
    .$if(byCategory, (q) => q.where('category_id', '=', categoryId!))
    .$if(options.keyId !== undefined, (q) => q.where('key_id', '=', options.keyId!))
    .$if(wholeFrom !== null, (q) => q.where('slot', '>=', wholeFrom!))
    .$if(wholeUntil !== null, (q) => q.where('slot', '<', wholeUntil!))
    .$if(noWholeHour, (q) => q.where(sql<boolean>`1 = 0`));

  let source = summary;
  for (const [start, end] of edges) {
    const lines = saleLines(db, (q: LinesQuery) =>
      q
        .where('o.event_id', '=', filters.eventId)
        .where('o.state', 'in', SOLD_STATES)
        .$if(start !== null, (w: LinesQuery) => w.where('o.paid_at', '>=', start))
        .$if(end !== null, (w: LinesQuery) => w.where('o.paid_at', '<', end)),
    ).as('l');
    const edge = contributions(db, lines, dim, dim === 'coupon' ? 'own' : 'all', 1)
      .$if(categoryId !== undefined && dim !== 'coupon', (w: LinesQuery) =>
        w.where('l.category', '=', categoryId),
      )
      .$if(options.keyId !== undefined, (w: LinesQuery) => w.where(`l.${dim}`, '=', options.keyId))
      .clearSelect();
    source = source.unionAll(
      edge.select([
        sql<number>`${sql.ref(`l.${dim}`)}`.as('key_id'),
        sql<number>`${dim === 'coupon' ? ownCategory(dim) : sql.lit(0)}`.as('category_id'),
        sql<string>`l.slot`.as('slot'),
        sql<number>`count(distinct l.order_id)`.as('orders'),
        sql<number>`sum(l.quantity)`.as('quantity'),
        sql<number>`sum(l.gross)`.as('gross_cents'),
        sql<number>`sum(l.net)`.as('net_cents'),
      ]),
    );
  }
  return source;
}

/** An order's payments as report_payments rows (sign -1 to take them back). */
function paymentContributions(
  db: Db,
  sign: 1 | -1,
  where: (q: LinesQuery) => LinesQuery,
  shard = 0,
) {
  const slot = sql`substr(o.paid_at, 1, 13)`;
  const times = sql.raw(String(sign));
  const payments: LinesQuery = db
    .selectFrom('order_payments as op')
    .innerJoin('orders as o', 'o.id', 'op.order_id');
  return where(payments)
    .select([
      sql<number>`o.event_id`.as('event_id'),
      sql<string>`${slot}`.as('slot'),
      sql<number>`op.payment_method_id`.as('payment_method_id'),
      sql<number>`${sql.lit(shard)}`.as('shard'),
      sql<number>`${times} * count(*)`.as('payments'),
      sql<number>`${times} * sum(op.amount_cents)`.as('total_cents'),
    ])
    .groupBy([sql`o.event_id`, slot, sql`op.payment_method_id`]);
}

const PAYMENT_COLUMNS = [
  'event_id',
  'slot',
  'payment_method_id',
  'shard',
  'payments',
  'total_cents',
] as const;

/** report_payments' part of a fold: payment rows never change once the order is paid. */
async function recordPaymentChange(
  trx: Transaction<Database>,
  sign: 1 | -1,
  where: (q: LinesQuery) => LinesQuery,
): Promise<void> {
  await trx
    .insertInto('report_payments')
    .columns(PAYMENT_COLUMNS)
    .expression(paymentContributions(trx, sign, where, SHARD))
    .onConflict((oc) =>
      oc.columns(['event_id', 'payment_method_id', 'slot', 'shard']).doUpdateSet({
        payments: sql`report_payments.payments + excluded.payments`,
        total_cents: sql`report_payments.total_cents + excluded.total_cents`,
      }),
    )
    .execute();
}

/** Rebuilds an event's report_payments from its paid orders (the benchmark's generated data). */
export async function rebuildPayments(db: Db, eventId: number): Promise<void> {
  await db.deleteFrom('report_payments').where('event_id', '=', eventId).execute();
  await db
    .insertInto('report_payments')
    .columns(PAYMENT_COLUMNS)
    .expression(paymentContributions(db, 1, soldIn(eventId)))
    .execute();
}

/**
 * The rows (payment_method_id, slot, payments, total_cents) whose sums are the payments per
 * method over the report's period: whole hours from report_payments, partial edge hours from the
 * payment rows of the paid orders (like salesSource).
 */
export function paymentsSource(db: Db, filters: ReportFilters) {
  const { wholeFrom, wholeUntil, noWholeHour, edges } = periodParts(filters);
  let source = db
    .selectFrom('report_payments')
    .select(['payment_method_id', 'slot', 'payments', 'total_cents'])
    .where('event_id', '=', filters.eventId)
    .$if(wholeFrom !== null, (q) => q.where('slot', '>=', wholeFrom!))
    .$if(wholeUntil !== null, (q) => q.where('slot', '<', wholeUntil!))
    .$if(noWholeHour, (q) => q.where(sql<boolean>`1 = 0`));
  for (const [start, end] of edges) {
    const edge = paymentContributions(db, 1, (q: LinesQuery) =>
      q
        .where('o.event_id', '=', filters.eventId)
        .where('o.state', 'in', SOLD_STATES)
        .$if(start !== null, (w: LinesQuery) => w.where('o.paid_at', '>=', start))
        .$if(end !== null, (w: LinesQuery) => w.where('o.paid_at', '<', end)),
    ).clearSelect();
    source = source.unionAll(
      edge.select([
        sql<number>`op.payment_method_id`.as('payment_method_id'),
        sql<string>`substr(o.paid_at, 1, 13)`.as('slot'),
        sql<number>`count(*)`.as('payments'),
        sql<number>`sum(op.amount_cents)`.as('total_cents'),
      ]),
    );
  }
  return source;
}
