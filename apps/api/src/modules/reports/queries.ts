import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { COURSEWARE_STATUS_LABELS, type ReportPage, SOLD_STATES } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import type { ReportFilters } from './filters.ts';
import { containsText } from '../../db/contains-text.ts';
import { NET, paymentsSource, salesSource } from './summary.ts';

/**
 * One SQL query per report (docs/reports-api.md): every figure is aggregated by the database,
 * in cents. A sale is an order PAGO or ENTREGUE (an ESTORNADO one never counts), dated by
 * paid_at; a line's net is its stored total, after its discount, which is the coupon's percent for
 * that line while its order holds a coupon (order_items.coupon_bp, docs/coupons-api.md).
 */
type Db = Kysely<Database>;
/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- each report joins its own aliases */
type AnyReportQuery = SelectQueryBuilder<any, any, Record<string, unknown>>;
/** `order`: the column a page is sorted by, for a report whose plan depends on it. */
export type ReportQueryBuilder = (
  db: Db,
  filters: ReportFilters,
  order?: string | null,
) => AnyReportQuery;

const cents = (expression: RawBuilder<unknown>) => sql<number>`coalesce(sum(${expression}), 0)`;
/** SOLD_STATES as SQL literals: constants, so the plan is the same as a hand-written list. */
const SOLD = sql.join(SOLD_STATES.map((state) => sql.lit(state)));

/** The paid lines of the event in the period, with the filters every line report shares. */
function paidLines(db: Db, filters: ReportFilters) {
  return db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .where('o.event_id', '=', filters.eventId)
    .where('o.state', 'in', SOLD_STATES)
    .$if(filters.from !== null, (q) => q.where('o.paid_at', '>=', filters.from))
    .$if(filters.until !== null, (q) => q.where('o.paid_at', '<', filters.until))
    .$if(filters.categoryId !== undefined, (q) =>
      q.where('p.category_id', '=', filters.categoryId!),
    )
    .$if(filters.productId !== undefined, (q) => q.where('i.product_id', '=', filters.productId!));
}

type Dim = 'produto' | 'categoria' | 'vendedor' | 'comprador';

/**
 * A dimension's sales figures per key (f.key_id, f.pedidos, f.quantidade, f.bruto, f.descontos,
 * f.total) from the pre-aggregated report_sales (summary.ts); keys without sales left out.
 */
function salesBy(db: Db, filters: ReportFilters, dim: Dim, keyId?: number) {
  return db
    .selectFrom(salesSource(db, filters, dim, { keyId }).as('s'))
    .select([
      's.key_id',
      sql<number>`sum(s.pedidos)`.as('pedidos'),
      sql<number>`sum(s.quantidade)`.as('quantidade'),
      sql<number>`sum(s.bruto_cents)`.as('bruto'),
      sql<number>`sum(s.bruto_cents - s.net_cents)`.as('descontos'),
      sql<number>`sum(s.net_cents)`.as('total'),
    ])
    .groupBy('s.key_id')
    .having(sql`sum(s.pedidos)`, '>', 0);
}
const FIGURES = ['f.pedidos', 'f.quantidade', 'f.bruto', 'f.descontos', 'f.total'] as const;

/** Sales per center (the seller's or the buyer's), 'Sem núcleo' for the sales without one. */
function salesByCenter(db: Db, filters: ReportFilters, dim: 'vendedor' | 'comprador') {
  return db
    .selectFrom(salesBy(db, filters, dim, filters.centerId).as('f'))
    .leftJoin('centers as n', 'n.id', 'f.key_id')
    .select(sql<string>`coalesce(n.name, 'Sem núcleo')`.as('nucleo'))
    .select(FIGURES)
    .orderBy(sql`coalesce(n.name, 'Sem núcleo')`);
}

/** A courseware's label serial, '01-003-000042' (contract coursewareDisplaySerial), in SQL. */
function padded(expression: string, width: number) {
  const text = sql.raw(`cast(${expression} as varchar(20))`);
  return sql`case when length(${text}) >= ${sql.lit(width)} then ${text}
    else substr(${sql.lit('000000')} || ${text}, length(${text}) + ${sql.lit(7 - width)}) end`;
}

/** The coursewares of the filters: course, center, period on their last change. */
function coursewares(db: Db, filters: ReportFilters) {
  return db
    .selectFrom('coursewares as w')
    .innerJoin('courses as cu', 'cu.id', 'w.course_id')
    .innerJoin('centers as n', 'n.id', 'w.center_id')
    .$if(filters.courseId !== undefined, (q) => q.where('w.course_id', '=', filters.courseId!))
    .$if(filters.centerId !== undefined, (q) => q.where('w.center_id', '=', filters.centerId!))
    .$if(filters.from !== null, (q) => q.where('w.date_updated', '>=', filters.from))
    .$if(filters.until !== null, (q) => q.where('w.date_updated', '<', filters.until));
}
const statusCount = (status: string) =>
  sql<number>`sum(case when w.status = ${sql.lit(status)} then 1 else 0 end)`;
const STATUS_SQL = sql.raw(
  `case w.status ${Object.entries(COURSEWARE_STATUS_LABELS)
    .map(([code, label]) => `when '${code}' then '${label}'`)
    .join(' ')} end`,
);

/**
 * One row per paid order. Without `withItems`, the items column is left out (null) so a page of
 * rows is sorted and cut from the orders alone; service.ts then counts the items of that page.
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

/** compradores/por_produto's order, also each of its page's ties (service.ts). */
const BUYERS_ORDER = ['produto', 'produto_id', 'nome', 'cpf'] as const;
const inBuyersOrder = (query: AnyReportQuery) =>
  BUYERS_ORDER.reduce((ordered, key) => ordered.orderBy(sql.ref(key)), query);

/**
 * Every product's buyers from the pre-aggregated report_buyers (a row per event, product and
 * buyer). In the report's order a page is a range of its key read product after product in name
 * order (products_name); sorted by another column, a range of that column's index (whose ties are
 * the page's, PAGE_TIES). The cross join fixes which table SQLite reads first (PostgreSQL
 * plans it as an inner join).
 */
function productBuyers(db: Db, filters: ReportFilters, order: string | null) {
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
      sql<number>`b.quantidade`.as('quantidade'),
      sql<number>`b.total_cents`.as('total'),
    ])
    .$call(inBuyersOrder);
}

/** The same rows computed from the paid lines: a period's buyers (report_buyers has no time). */
function productBuyersOfLines(db: Db, filters: ReportFilters) {
  const name = sql<string>`coalesce(o.customer_name, '')`;
  const cpf = sql<string>`coalesce(o.cpf, '')`;
  return paidLines(db, filters)
    .$if(filters.search !== undefined, (q) =>
      q.where(searched('o.customer_name', 'o.cpf', filters.search)),
    )
    .select([
      sql<string>`p.name`.as('produto'),
      sql<number>`p.id`.as('produto_id'),
      cpf.as('cpf'),
      name.as('nome'),
      sql<number>`sum(i.quantity)`.as('quantidade'),
      cents(NET).as('total'),
    ])
    .groupBy([sql`p.id`, sql`p.name`, name, cpf])
    .$call(inBuyersOrder);
}

/** What breaks the ties of a paged report's order, after the column asked (default: the first). */
export const PAGE_TIES: Partial<Record<ReportPage, readonly string[]>> = {
  REPORT_PRODUCT_BUYERS: ['produto_id', 'nome', 'cpf'],
};

export const REPORT_QUERIES: Record<ReportPage, ReportQueryBuilder> = {
  REPORT_TOTAL_SALES: (db, filters) =>
    db
      .selectFrom(salesBy(db, filters, 'categoria').as('f'))
      .innerJoin('product_categories as c', 'c.id', 'f.key_id')
      .select(sql<string>`c.name`.as('categoria'))
      .select(FIGURES)
      .orderBy('c.name'),

  REPORT_CENTER_SALES: (db, filters) => salesByCenter(db, filters, 'vendedor'),

  REPORT_PARTICIPANT_PURCHASES: (db, filters) => salesByCenter(db, filters, 'comprador'),

  REPORT_PRODUCT_SALES: (db, filters) =>
    db
      .selectFrom(salesBy(db, filters, 'produto', filters.productId).as('f'))
      .innerJoin('products as p', 'p.id', 'f.key_id')
      .innerJoin('product_categories as c', 'c.id', 'p.category_id')
      .select([sql<string>`p.name`.as('produto'), sql<string>`c.name`.as('categoria')])
      .select(FIGURES)
      .orderBy('p.name'),

  // From the pre-aggregated report_payments (summary.ts): the payments of the orders paid in the
  // period, per method; a method whose payments were all refunded is left out.
  REPORT_PAYMENT_SALES: (db, filters) =>
    db
      .selectFrom(paymentsSource(db, filters).as('s'))
      .innerJoin('payment_methods as m', 'm.id', 's.payment_method_id')
      .select([
        sql<string>`m.name`.as('forma_pagamento'),
        sql<number>`sum(s.pagamentos)`.as('pagamentos'),
        cents(sql`s.total_cents`).as('total'),
      ])
      .groupBy(['m.id', 'm.name'])
      .having(sql`sum(s.pagamentos)`, '>', 0)
      .orderBy('m.name'),

  // Hour slots: the event zones are whole-hour offsets, so a UTC hour is a local hour.
  REPORT_ACCUMULATED_SALES: (db, filters) =>
    db
      .selectFrom(salesSource(db, filters, 'categoria').as('s'))
      .select([
        sql<string>`s.slot || ':00:00.000Z'`.as('hora'),
        cents(sql`s.net_cents`).as('total'),
        sql<number>`sum(sum(s.net_cents)) over (order by s.slot)`.as('acumulado'),
      ])
      .groupBy('s.slot')
      .having(sql`sum(s.pedidos)`, '>', 0)
      .orderBy('s.slot'),

  // Each category's share of the net sales, in basis points (the chart's bars).
  REPORT_SALES_DISTRIBUTION: (db, filters) =>
    db
      .selectFrom(salesBy(db, filters, 'categoria').as('f'))
      .innerJoin('product_categories as c', 'c.id', 'f.key_id')
      .select([
        sql<string>`c.name`.as('categoria'),
        'f.quantidade',
        'f.total',
        sql<number>`round(f.total * 10000.0 / nullif(sum(f.total) over (), 0))`.as('percentual'),
      ])
      .orderBy('f.total', 'desc')
      .orderBy('c.name'),

  // From report_buyers (summary.ts) unless a period is asked: then from the lines of the period.
  REPORT_PRODUCT_BUYERS: (db, filters, order = null) =>
    filters.from === null && filters.until === null
      ? productBuyers(db, filters, order)
      : productBuyersOfLines(db, filters),

  // One row per paid order; its items counted for the rows asked only (a correlated subquery).
  REPORT_PAID_CARTS: (db, filters) => paidCarts(db, filters, true),

  // The paid orders a coupon was applied to; with a coupon a line's whole discount is the coupon's,
  // so what the coupon took off is the lines' list price minus their net.
  REPORT_COUPONS: (db, filters) =>
    db
      .selectFrom(
        db
          .selectFrom(salesSource(db, filters, 'cupom').as('s'))
          .select([
            's.key_id',
            's.category_id',
            sql<number>`sum(s.pedidos)`.as('pedidos'),
            sql<number>`sum(s.bruto_cents - s.net_cents)`.as('desconto'),
            sql<number>`sum(s.net_cents)`.as('total'),
          ])
          .groupBy(['s.key_id', 's.category_id'])
          .having(sql`sum(s.pedidos)`, '>', 0)
          .as('f'),
      )
      // Its code tells apart two coupons printed from one template (same name, same percent).
      .leftJoin('coupons as c', 'c.id', 'f.key_id')
      .select([
        sql<string>`(select x.coupon_name from orders x where x.coupon_id = f.key_id limit 1)`.as(
          'cupom',
        ),
        // As printed, 'ABCD-EFGH-JKMN-PQRS' (contract formatCouponCode: 16 characters).
        sql<string>`substr(c.code, 1, 4) || '-' || substr(c.code, 5, 4) || '-' || substr(c.code, 9, 4) || '-' || substr(c.code, 13)`.as(
          'codigo',
        ),
        sql<number>`f.category_id`.as('percentual'),
        'f.pedidos',
        'f.desconto',
        'f.total',
      ])
      .orderBy('cupom')
      .orderBy('codigo'),

  REPORT_COURSEWARES: (db, filters) =>
    coursewares(db, filters)
      .leftJoin('participants as pa', (join) =>
        join.onRef('pa.courseware_id', '=', 'w.id').on('pa.event_id', '=', filters.eventId),
      )
      .select([
        sql<string>`${padded('cu.serial', 2)} || '-' || ${padded('n.serial', 3)} || '-' || ${padded('w.serial', 6)}`.as(
          'codigo',
        ),
        sql<string>`cu.name`.as('curso'),
        sql<string>`n.name`.as('nucleo'),
        sql<string>`${STATUS_SQL}`.as('situacao'),
        sql<string>`pa.cpf`.as('cpf'),
        sql<string>`pa.name`.as('participante'),
        sql<number>`w.prints`.as('impressoes'),
        sql<string>`w.date_updated`.as('atualizado_em'),
      ])
      .orderBy('cu.serial')
      .orderBy('n.serial')
      .orderBy('w.serial'),

  // Counters per seal (label) status, per center and course.
  REPORT_CENTER_COURSEWARES: (db, filters) =>
    coursewares(db, filters)
      .select([
        sql<string>`n.name`.as('nucleo'),
        sql<string>`cu.name`.as('curso'),
        statusCount('ISSUED').as('emitido'),
        statusCount('PRINTED').as('impresso'),
        statusCount('ASSOCIATED').as('associado'),
        statusCount('RETURNED').as('devolvido'),
        statusCount('EXCHANGED').as('trocado'),
        statusCount('CANCELED').as('cancelado'),
        sql<number>`count(*)`.as('total'),
      ])
      .groupBy(['n.id', 'n.name', 'cu.id', 'cu.name'])
      .orderBy('n.name')
      .orderBy('cu.name'),
};

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
