import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { ReportPage } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import type { ReportFilters } from './filters.ts';

/**
 * One SQL query per report (docs/reports-api.md): every figure is aggregated by the database,
 * in cents. A sale is an order PAGO or ENTREGUE (an ESTORNADO one never counts), dated by
 * paid_at; a line's net is its stored total, after its discount, which is the coupon's percent for
 * that line while its order holds a coupon (order_items.coupon_bp, docs/coupons-api.md).
 */
type Db = Kysely<Database>;
/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- each report joins its own aliases */
type AnyReportQuery = SelectQueryBuilder<any, any, Record<string, unknown>>;
export type ReportQueryBuilder = (db: Db, filters: ReportFilters) => AnyReportQuery;

const PAID = ['PAGO', 'ENTREGUE'] as const;
const NET = sql`i.total_cents`;
const cents = (expression: RawBuilder<unknown>) => sql<number>`coalesce(sum(${expression}), 0)`;

/** The paid lines of the event in the period, with the filters every sales report shares. */
function paidLines(db: Db, filters: ReportFilters) {
  return db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .where('o.event_id', '=', filters.eventId)
    .where('o.state', 'in', PAID)
    .$if(filters.from !== null, (q) => q.where('o.paid_at', '>=', filters.from))
    .$if(filters.until !== null, (q) => q.where('o.paid_at', '<', filters.until))
    .$if(filters.categoryId !== undefined, (q) =>
      q.where('p.category_id', '=', filters.categoryId!),
    )
    .$if(filters.productId !== undefined, (q) => q.where('p.id', '=', filters.productId!));
}

/** pedidos, quantidade, bruto, descontos, total: the figures of a sales row. */
const salesFigures = [
  sql<number>`count(distinct o.id)`.as('pedidos'),
  sql<number>`coalesce(sum(i.quantity), 0)`.as('quantidade'),
  cents(sql`i.unit_price_cents * i.quantity`).as('bruto'),
  cents(sql`i.unit_price_cents * i.quantity - ${NET}`).as('descontos'),
  cents(NET).as('total'),
];

export const REPORT_QUERIES: Record<ReportPage, ReportQueryBuilder> = {
  REPORT_TOTAL_SALES: (db, filters) =>
    paidLines(db, filters)
      .innerJoin('product_categories as c', 'c.id', 'p.category_id')
      .select([sql<string>`c.name`.as('categoria'), ...salesFigures])
      .groupBy(['c.id', 'c.name'])
      .orderBy('c.name'),

  REPORT_CENTER_SALES: (db, filters) =>
    paidLines(db, filters)
      .leftJoin('users as u', 'u.id', 'o.seller_id')
      .leftJoin('centers as n', 'n.id', 'u.center_id')
      .$if(filters.centerId !== undefined, (q) => q.where('n.id', '=', filters.centerId!))
      .select([sql<string>`coalesce(n.name, 'Sem núcleo')`.as('nucleo'), ...salesFigures])
      .groupBy(['n.id', 'n.name'])
      .orderBy(sql`coalesce(n.name, 'Sem núcleo')`),

  REPORT_PARTICIPANT_PURCHASES: (db, filters) =>
    paidLines(db, filters)
      .leftJoin('participants as pa', 'pa.id', 'o.participant_id')
      .leftJoin('centers as n', 'n.id', 'pa.center_id')
      .$if(filters.centerId !== undefined, (q) => q.where('n.id', '=', filters.centerId!))
      .select([sql<string>`coalesce(n.name, 'Sem núcleo')`.as('nucleo'), ...salesFigures])
      .groupBy(['n.id', 'n.name'])
      .orderBy(sql`coalesce(n.name, 'Sem núcleo')`),

  REPORT_PRODUCT_SALES: (db, filters) =>
    paidLines(db, filters)
      .innerJoin('product_categories as c', 'c.id', 'p.category_id')
      .select([sql<string>`p.name`.as('produto'), sql<string>`c.name`.as('categoria')])
      .select(salesFigures)
      .groupBy(['p.id', 'p.name', 'c.name'])
      .orderBy('p.name'),

  REPORT_PAYMENT_SALES: (db, filters) =>
    db
      .selectFrom('order_payments as op')
      .innerJoin('orders as o', 'o.id', 'op.order_id')
      .innerJoin('payment_methods as m', 'm.id', 'op.payment_method_id')
      .where('o.event_id', '=', filters.eventId)
      .where('o.state', 'in', PAID)
      .$if(filters.from !== null, (q) => q.where('o.paid_at', '>=', filters.from))
      .$if(filters.until !== null, (q) => q.where('o.paid_at', '<', filters.until))
      .select([
        sql<string>`m.name`.as('forma_pagamento'),
        sql<number>`count(*)`.as('pagamentos'),
        cents(sql`op.amount_cents`).as('total'),
      ])
      .groupBy(['m.id', 'm.name'])
      .orderBy('m.name'),

  // Hour slots: the event zones are whole-hour offsets, so a UTC hour is a local hour.
  REPORT_ACCUMULATED_SALES: (db, filters) =>
    paidLines(db, filters)
      .select([
        sql<string>`substr(o.paid_at, 1, 13) || ':00:00.000Z'`.as('hora'),
        cents(NET).as('total'),
        sql<number>`sum(sum(${NET})) over (order by substr(o.paid_at, 1, 13))`.as('acumulado'),
      ])
      .groupBy(sql`substr(o.paid_at, 1, 13)`)
      .orderBy(sql`substr(o.paid_at, 1, 13)`),

  REPORT_PRODUCT_BUYERS: (db, filters) =>
    paidLines(db, filters)
      .select([
        sql<string>`p.name`.as('produto'),
        sql<string>`o.cpf`.as('cpf'),
        sql<string>`o.customer_name`.as('nome'),
        sql<number>`sum(i.quantity)`.as('quantidade'),
        cents(NET).as('total'),
      ])
      .groupBy(['p.id', 'p.name', 'o.cpf', 'o.customer_name'])
      .orderBy('p.name')
      .orderBy('o.customer_name'),

  REPORT_PAID_CARTS: (db, filters) =>
    db
      .selectFrom('orders as o')
      .innerJoin('order_items as i', 'i.order_id', 'o.id')
      .leftJoin('users as s', 's.id', 'o.seller_id')
      .leftJoin('users as k', 'k.id', 'o.cashier_id')
      .where('o.event_id', '=', filters.eventId)
      .where('o.state', 'in', PAID)
      .$if(filters.from !== null, (q) => q.where('o.paid_at', '>=', filters.from))
      .$if(filters.until !== null, (q) => q.where('o.paid_at', '<', filters.until))
      .select([
        sql<number>`o.id`.as('pedido'),
        sql<string>`o.paid_at`.as('pago_em'),
        sql<string>`o.cpf`.as('cpf'),
        sql<string>`o.customer_name`.as('cliente'),
        sql<string>`s.name`.as('vendedor'),
        sql<string>`k.name`.as('caixa'),
        sql<string>`o.state`.as('situacao'),
        sql<number>`sum(i.quantity)`.as('quantidade'),
        sql<number>`o.total_cents`.as('total'),
      ])
      .groupBy(['o.id', 'o.paid_at', 'o.cpf', 'o.customer_name', 's.name', 'k.name', 'o.state'])
      .groupBy('o.total_cents')
      .orderBy('o.paid_at'),

  // The paid orders a coupon was applied to; with a coupon a line's whole discount is the coupon's.
  REPORT_COUPONS: (db, filters) =>
    paidLines(db, filters)
      .where('o.coupon_id', 'is not', null)
      .select([
        sql<string>`o.coupon_name`.as('cupom'),
        sql<number>`o.coupon_percent_bp`.as('percentual'),
        sql<number>`count(distinct o.id)`.as('pedidos'),
        cents(sql`i.unit_price_cents * i.quantity - ${NET}`).as('desconto'),
        cents(NET).as('total'),
      ])
      .groupBy(['o.coupon_id', 'o.coupon_name', 'o.coupon_percent_bp'])
      .orderBy('o.coupon_name'),
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
      cents(sql`case when state in ('PAGO', 'ENTREGUE') then total_cents end`).as('pago'),
      cents(sql`case when state = 'AGUARDANDO_PAGAMENTO' then total_cents end`).as('a_receber'),
    ]);
}
