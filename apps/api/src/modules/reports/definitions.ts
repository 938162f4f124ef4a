import { sql } from 'kysely';
import type { ReportPage } from '@balcao/contract';
import type { PageRequest, ReportFilters } from './filters.ts';
import {
  FIGURES,
  STATUS_SQL,
  cents,
  coursewares,
  padded,
  paidCarts,
  productBuyers,
  productBuyersOfPeriod,
  salesBy,
  salesByCenter,
  statusCount,
  type Db,
  type ReportQueryBuilder,
} from './queries.ts';
import {
  countItems,
  linesTotals,
  paidCartsCount,
  paidCartsTotals,
  productBuyersCount,
  productBuyersPage,
} from './shortcuts.ts';
import { paymentsSource, salesSource, withoutWholePeriod } from './summary.ts';

/**
 * How a report is read: its rows, and what the summaries answer more cheaply (shortcuts.ts).
 * The contract's REPORTS declares what a report shows; this declares how it is computed.
 * service.ts runs any report from these alone.
 */
export interface ReportDefinition {
  /** Its rows in the report's order (`order`: a page's sort column, where the plan needs it). */
  rows: ReportQueryBuilder;
  /** After the column a page is sorted by, what breaks its ties (default: the first column). */
  ties?: readonly string[];
  /**
   * The rows without one costly `column` (null), filled in (`fill`) once a page or a download's
   * batch is cut: a page is then sorted and cut from the cheap rows unless sorted by that column.
   */
  lean?: {
    rows: ReportQueryBuilder;
    column: string;
    /** `none`: the value for a row with nothing to fill in (0 on a page, empty in the CSV). */
    fill: (db: Db, rows: Record<string, unknown>[], none: 0 | null) => Promise<void>;
  };
  /** A page read another way (null where it does not apply), with `totals` declared too. */
  page?: (
    db: Db,
    filters: ReportFilters,
    paging: PageRequest,
  ) => Promise<{ rows: Record<string, unknown>[]; count: number } | null>;
  /** The summed columns, not from the rows; unless searched: the summaries know no names. */
  totals?: (db: Db, filters: ReportFilters) => Promise<Record<string, unknown>>;
  /**
   * A paged report's `total_linhas`, not from counting its rows; null (said at once, from the
   * filters alone, so the page can count them in its own query): count them.
   */
  rowCount?: (db: Db, filters: ReportFilters) => Promise<number> | null;
  /** Rows share orders (one order's shirt and mug are two rows): 'Pedidos' counts orders once. */
  ordersOnce?: boolean;
  /**
   * The same report asked more cheaply, read once the sales are folded and before anything else
   * (a period that holds every paid line of the event is no period).
   */
  simpler?: (db: Db, filters: ReportFilters) => Promise<ReportFilters>;
}

export const REPORT_DEFINITIONS: Record<ReportPage, ReportDefinition> = {
  REPORT_TOTAL_SALES: {
    rows: (db, filters) =>
      db
        .selectFrom(salesBy(db, filters, 'category').as('f'))
        .innerJoin('product_categories as c', 'c.id', 'f.key_id')
        .select(sql<string>`c.name`.as('categoria'))
        .select(FIGURES)
        .orderBy('c.name'),
    ordersOnce: true,
  },

  REPORT_CENTER_SALES: {
    rows: (db, filters) => salesByCenter(db, filters, 'seller'),
  },

  REPORT_PARTICIPANT_PURCHASES: {
    rows: (db, filters) => salesByCenter(db, filters, 'buyer'),
  },

  REPORT_PRODUCT_SALES: {
    rows: (db, filters) =>
      db
        .selectFrom(salesBy(db, filters, 'product', filters.productId).as('f'))
        .innerJoin('products as p', 'p.id', 'f.key_id')
        .innerJoin('product_categories as c', 'c.id', 'p.category_id')
        .select([sql<string>`p.name`.as('produto'), sql<string>`c.name`.as('categoria')])
        .select(FIGURES)
        .orderBy('p.name'),
    ordersOnce: true,
  },

  // From the pre-aggregated report_payments (summary.ts): the payments of the orders paid in the
  // period, per method; a method whose payments were all refunded is left out.
  REPORT_PAYMENT_SALES: {
    rows: (db, filters) =>
      db
        .selectFrom(paymentsSource(db, filters).as('s'))
        .innerJoin('payment_methods as m', 'm.id', 's.payment_method_id')
        .select([
          sql<string>`m.name`.as('forma_pagamento'),
          sql<number>`sum(s.payments)`.as('pagamentos'),
          cents(sql`s.total_cents`).as('total'),
        ])
        .groupBy(['m.id', 'm.name'])
        .having(sql`sum(s.payments)`, '>', 0)
        .orderBy('m.name'),
  },

  // Hour slots: the event zones are whole-hour offsets, so a UTC hour is a local hour.
  REPORT_ACCUMULATED_SALES: {
    rows: (db, filters) =>
      db
        .selectFrom(salesSource(db, filters, 'category').as('s'))
        .select([
          sql<string>`s.slot || ':00:00.000Z'`.as('hora'),
          cents(sql`s.net_cents`).as('total'),
          sql<number>`sum(sum(s.net_cents)) over (order by s.slot)`.as('acumulado'),
        ])
        .groupBy('s.slot')
        .having(sql`sum(s.orders)`, '>', 0)
        .orderBy('s.slot'),
  },

  // Each category's share of the net sales, in basis points (the chart's bars).
  REPORT_SALES_DISTRIBUTION: {
    rows: (db, filters) =>
      db
        .selectFrom(salesBy(db, filters, 'category').as('f'))
        .innerJoin('product_categories as c', 'c.id', 'f.key_id')
        .select([
          sql<string>`c.name`.as('categoria'),
          'f.quantidade',
          'f.total',
          sql<number>`round(f.total * 10000.0 / nullif(sum(f.total) over (), 0))`.as('percentual'),
        ])
        .orderBy('f.total', 'desc')
        .orderBy('c.name'),
  },

  // From report_buyers (summary.ts) unless a period is asked: then from report_buyer_slots. A
  // period holding every paid line of the event is asked without it (the same rows and totals).
  REPORT_PRODUCT_BUYERS: {
    simpler: withoutWholePeriod,
    rows: (db, filters, order = null) =>
      filters.from === null && filters.until === null
        ? productBuyers(db, filters, order)
        : productBuyersOfPeriod(db, filters),
    ties: ['produto_id', 'nome', 'cpf'],
    page: productBuyersPage,
    totals: (db, filters) => linesTotals(db, filters, filters.productId),
    rowCount: productBuyersCount,
  },

  // One row per paid order; its items counted for the rows asked only (a correlated subquery).
  REPORT_PAID_CARTS: {
    rows: (db, filters) => paidCarts(db, filters, true),
    lean: {
      rows: (db, filters) => paidCarts(db, filters, false),
      column: 'quantidade',
      fill: countItems,
    },
    totals: paidCartsTotals,
    rowCount: paidCartsCount,
  },

  // The paid orders a coupon was applied to; with a coupon a line's whole discount is the coupon's,
  // so what the coupon took off is the lines' list price minus their net.
  REPORT_COUPONS: {
    rows: (db, filters) =>
      db
        .selectFrom(
          db
            .selectFrom(salesSource(db, filters, 'coupon').as('s'))
            .select([
              's.key_id',
              's.category_id',
              sql<number>`sum(s.orders)`.as('pedidos'),
              sql<number>`sum(s.gross_cents - s.net_cents)`.as('desconto'),
              sql<number>`sum(s.net_cents)`.as('total'),
            ])
            .groupBy(['s.key_id', 's.category_id'])
            .having(sql`sum(s.orders)`, '>', 0)
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
  },

  REPORT_COURSEWARES: {
    rows: (db, filters) =>
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
  },

  // Counters per seal (label) status, per center and course.
  REPORT_CENTER_COURSEWARES: {
    rows: (db, filters) =>
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
  },
};
