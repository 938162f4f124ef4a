import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { COURSEWARE_STATUS_LABELS, SOLD_STATES } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import type { ReportFilters } from './filters.ts';
import { containsText } from '../../db/contains-text.ts';
import { isPostgres } from '../../db/dialect.ts';
import { buyersByProduct, buyersSource, salesSource } from './summary.ts';

/**
 * The SQL the reports are built from (definitions.ts declares each report with them,
 * docs/reports-api.md): every figure is aggregated by the database, in cents. A sale is an order PAGO or ENTREGUE (an ESTORNADO one never counts), dated by
 * paid_at; a line's net is its stored total, after its discount, which is the coupon's percent for
 * that line while its order holds a coupon (order_items.coupon_bp, docs/coupons-api.md).
 */
export type Db = Kysely<Database>;
/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- each report joins its own aliases */
type AnyReportQuery = SelectQueryBuilder<any, any, Record<string, unknown>>;
/** `order`: the column a page is sorted by, for a report whose plan depends on it. */
export type ReportQueryBuilder = (
  db: Db,
  filters: ReportFilters,
  order?: string | null,
) => AnyReportQuery;

export const cents = (expression: RawBuilder<unknown>) =>
  sql<number>`coalesce(sum(${expression}), 0)`;
/** SOLD_STATES as SQL literals: constants, so the plan is the same as a hand-written list. */
const SOLD = sql.join(SOLD_STATES.map((state) => sql.lit(state)));

type Dim = 'product' | 'category' | 'seller' | 'buyer';

/**
 * A dimension's sales figures per key (f.key_id, f.pedidos, f.quantidade, f.bruto, f.descontos,
 * f.total: the reports' wire names, aliased here from report_sales' English columns) from the
 * pre-aggregated report_sales (summary.ts); keys without sales left out.
 */
export function salesBy(db: Db, filters: ReportFilters, dim: Dim, keyId?: number) {
  return db
    .selectFrom(salesSource(db, filters, dim, { keyId }).as('s'))
    .select([
      's.key_id',
      sql<number>`sum(s.orders)`.as('pedidos'),
      sql<number>`sum(s.quantity)`.as('quantidade'),
      sql<number>`sum(s.gross_cents)`.as('bruto'),
      sql<number>`sum(s.gross_cents - s.net_cents)`.as('descontos'),
      sql<number>`sum(s.net_cents)`.as('total'),
    ])
    .groupBy('s.key_id')
    .having(sql`sum(s.orders)`, '>', 0);
}
export const FIGURES = ['f.pedidos', 'f.quantidade', 'f.bruto', 'f.descontos', 'f.total'] as const;

/** Sales per center (the seller's or the buyer's), 'Sem núcleo' for the sales without one. */
export function salesByCenter(db: Db, filters: ReportFilters, dim: 'seller' | 'buyer') {
  return db
    .selectFrom(salesBy(db, filters, dim, filters.centerId).as('f'))
    .leftJoin('centers as n', 'n.id', 'f.key_id')
    .select(sql<string>`coalesce(n.name, 'Sem núcleo')`.as('nucleo'))
    .select(FIGURES)
    .orderBy(sql`coalesce(n.name, 'Sem núcleo')`);
}

/** A courseware's label serial, '01-003-000042' (contract coursewareDisplaySerial), in SQL. */
export function padded(expression: string, width: number) {
  const text = sql.raw(`cast(${expression} as varchar(20))`);
  return sql`case when length(${text}) >= ${sql.lit(width)} then ${text}
    else substr(${sql.lit('000000')} || ${text}, length(${text}) + ${sql.lit(7 - width)}) end`;
}

/** The coursewares of the filters: course, center, period on their last change. */
export function coursewares(db: Db, filters: ReportFilters) {
  return db
    .selectFrom('coursewares as w')
    .innerJoin('courses as cu', 'cu.id', 'w.course_id')
    .innerJoin('centers as n', 'n.id', 'w.center_id')
    .$if(filters.courseId !== undefined, (q) => q.where('w.course_id', '=', filters.courseId!))
    .$if(filters.centerId !== undefined, (q) => q.where('w.center_id', '=', filters.centerId!))
    .$if(filters.from !== null, (q) => q.where('w.date_updated', '>=', filters.from))
    .$if(filters.until !== null, (q) => q.where('w.date_updated', '<', filters.until));
}
export const statusCount = (status: string) =>
  sql<number>`sum(case when w.status = ${sql.lit(status)} then 1 else 0 end)`;
export const STATUS_SQL = sql.raw(
  `case w.status ${Object.entries(COURSEWARE_STATUS_LABELS)
    .map(([code, label]) => `when '${code}' then '${label}'`)
    .join(' ')} end`,
);

/**
 * One row per paid order. Without `withItems`, the items column is left out (null) so a page of
 * rows is sorted and cut from the orders alone: the report's lean rows (definitions.ts).
 */
export function paidCarts(db: Db, filters: ReportFilters, withItems: boolean) {
  return db
    .selectFrom('orders as o')
    .leftJoin('users as s', 's.id', 'o.seller_id')
    .leftJoin('users as k', 'k.id', 'o.cashier_id')
    .where('o.event_id', '=', filters.eventId)
    .where('o.state', 'in', SOLD_STATES)
    .$if(filters.from !== null, (q) => q.where('o.paid_at', '>=', filters.from))
    .$if(filters.until !== null, (q) => q.where('o.paid_at', '<', filters.until))
    .$if(filters.search !== undefined, (q) =>
      q.where(searched('o.customer_name', 'o.cpf', filters.search)),
    )
    .select([
      sql<number>`o.id`.as('pedido'),
      sql<string>`o.paid_at`.as('pago_em'),
      sql<string>`o.cpf`.as('cpf'),
      sql<string>`o.customer_name`.as('cliente'),
      sql<string>`s.name`.as('vendedor'),
      sql<string>`k.name`.as('caixa'),
      sql<string>`o.state`.as('situacao'),
      (withItems
        ? sql<number>`(select sum(q.quantity) from order_items q where q.order_id = o.id)`
        : sql<number>`null`
      ).as('quantidade'),
      sql<number>`o.total_cents`.as('total'),
    ])
    .orderBy('o.paid_at')
    .orderBy('o.id');
}

/**
 * `busca` on a name and a CPF column: the name contains it (any case), or, when it is made of
 * digits (a CPF typed with or without its dots and dash), the CPF contains those digits.
 */
function searched(name: string, cpf: string, search: string | undefined) {
  if (search === undefined) return sql<boolean>`1 = 1`;
  const digits = /^[\d.\-\s]+$/.test(search) ? search.replace(/\D/g, '') : '';
  return containsText(
    digits === '' ? [sql.ref(name)] : [sql.ref(name), sql.ref(cpf)],
    digits === '' ? search : digits,
  );
}

/** compradores/por_produto's order, also each of its page's ties (definitions.ts). */
const BUYERS_ORDER = ['produto', 'produto_id', 'nome', 'cpf'] as const;
const inBuyersOrder = (query: AnyReportQuery) =>
  BUYERS_ORDER.reduce((ordered, key) => ordered.orderBy(sql.ref(key)), query);

/**
 * Every product's buyers from the pre-aggregated report_buyers (a row per event, product and
 * buyer). In the report's order a page is a range of its key read product after product in name
 * order (products_name); sorted by another column, a range of that column's index (whose ties are
 * the page's, definitions.ts). The cross join fixes which table SQLite reads first (PostgreSQL
 * plans it as an inner join).
 */
export function productBuyers(db: Db, filters: ReportFilters, order: string | null) {
  const byProduct = order === null || order === 'produto';
  return (
    byProduct
      ? db.selectFrom('products as p').crossJoin('report_buyers as b')
      : db.selectFrom('report_buyers as b').crossJoin('products as p')
  )
    .whereRef('p.id', '=', 'b.product_id')
    .where('b.event_id', '=', filters.eventId)
    .$if(filters.categoryId !== undefined, (q) =>
      q.where('p.category_id', '=', filters.categoryId!),
    )
    .$if(filters.productId !== undefined, (q) => q.where('b.product_id', '=', filters.productId!))
    .$if(filters.search !== undefined, (q) =>
      q.where(searched('b.customer_name', 'b.cpf', filters.search)),
    )
    .select([
      sql<string>`p.name`.as('produto'),
      sql<number>`b.product_id`.as('produto_id'),
      sql<string>`b.cpf`.as('cpf'),
      sql<string>`b.customer_name`.as('nome'),
      sql<number>`b.quantity`.as('quantidade'),
      sql<number>`b.total_cents`.as('total'),
    ])
    .$call(inBuyersOrder);
}

/**
 * The same rows over a period, summed from report_buyer_slots' days and hours and the lines of
 * the partial hours at its edges (summary.ts, buyersSource): report_buyers has no time.
 */
export function productBuyersOfPeriod(db: Db, filters: ReportFilters) {
  if (isPostgres(db)) {
    // Product after product, in the report's order as they are summed (buyersByProduct).
    return buyersByProduct(db, filters)
      .$if(filters.categoryId !== undefined, (q) =>
        q.where('p.category_id', '=', filters.categoryId!),
      )
      .$if(filters.productId !== undefined, (q) => q.where('p.id', '=', filters.productId!))
      .$if(filters.search !== undefined, (q) =>
        q.where(searched('g.customer_name', 'g.cpf', filters.search)),
      )
      .select([
        sql<string>`p.name`.as('produto'),
        sql<number>`p.id`.as('produto_id'),
        sql<string>`g.cpf`.as('cpf'),
        sql<string>`g.customer_name`.as('nome'),
        sql<number>`g.quantity`.as('quantidade'),
        sql<number>`g.total_cents`.as('total'),
      ])
      .$call(inBuyersOrder);
  }
  // The summary's rows first, each product found by its key (SQLite keeps a cross join's order;
  // PostgreSQL hashes the products), and only then grouped: a join after the grouping was
  // planned by PostgreSQL for the few groups it guessed would pass the HAVING, and looped.
  return (
    db
      .selectFrom(buyersSource(db, filters).as('b'))
      .crossJoin('products as p')
      .whereRef('p.id', '=', 'b.product_id')
      .$if(filters.categoryId !== undefined, (q) =>
        q.where('p.category_id', '=', filters.categoryId!),
      )
      .$if(filters.productId !== undefined, (q) => q.where('b.product_id', '=', filters.productId!))
      .$if(filters.search !== undefined, (q) =>
        q.where(searched('b.customer_name', 'b.cpf', filters.search)),
      )
      .select([
        sql<string>`p.name`.as('produto'),
        sql<number>`p.id`.as('produto_id'),
        sql<string>`b.cpf`.as('cpf'),
        sql<string>`b.customer_name`.as('nome'),
        sql<number>`sum(b.quantity)`.as('quantidade'),
        sql<number>`sum(b.total_cents)`.as('total'),
      ])
      // By the product's key, not its name: grouped by the name first, PostgreSQL read the
      // products in name order and looped over every summary row for each (11.8 s against 1.6 s).
      .groupBy([sql`p.id`, sql`b.customer_name`, sql`b.cpf`])
      .having(sql`sum(b.orders)`, '>', 0)
      .$call(inBuyersOrder)
  );
}

/** The dashboard's three cards, from the orders' totals (what each was or will be charged). */
export function dashboardQuery(db: Db, eventId: number) {
  return db
    .selectFrom('orders')
    .where('event_id', '=', eventId)
    .select([
      cents(
        sql`case when state in ('AGUARDANDO_PAGAMENTO', 'PAGO', 'ENTREGUE') then total_cents end`,
      ).as('total'),
      cents(sql`case when state in (${SOLD}) then total_cents end`).as('pago'),
      cents(sql`case when state = 'AGUARDANDO_PAGAMENTO' then total_cents end`).as('a_receber'),
    ]);
}
