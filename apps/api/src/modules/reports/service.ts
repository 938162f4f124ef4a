import { sql, type Kysely } from 'kysely';
import {
  REPORTS,
  toReais,
  type DashboardReport,
  type ReportCell,
  type ReportColumn,
  type ReportPage,
  type ReportResult,
} from '@balcao/contract';
import { toIsoInstant } from '../../dates.ts';
import { streamRows } from '../../db/stream-rows.ts';
import type { Database } from '../../db/types.ts';
import type { ReportFilters } from './filters.ts';
import {
  PAGE_TIES,
  REPORT_QUERIES,
  dashboardQuery,
  paidCarts as paidCartsQuery,
  type ReportQueryBuilder,
} from './queries.ts';
import { paymentsSource, salesSource } from './summary.ts';

/** A database value as the wire shows it: reais for money, ISO UTC for instants. */
function cell(column: ReportColumn, value: unknown): ReportCell {
  if (value === null || value === undefined) return null;
  // PostgreSQL answers sums as bigint strings; converting is not summing.
  if (column.format === 'money') return toReais(Number(value));
  if (column.format === 'integer') return Number(value);
  if (column.format === 'percent') return Number(value) / 100; // basis points to percent
  if (column.format === 'datetime') return toIsoInstant(String(value));
  return String(value);
}

/**
 * Paid carts' rows read without their items (paidCarts(…, false)): each one's items counted;
 * `none` for an order without items (the CSV keeps the empty cell of the full query's null).
 */
async function countItems(
  db: Kysely<Database>,
  rows: Record<string, unknown>[],
  none: 0 | null = 0,
): Promise<void> {
  if (rows.length === 0) return;
  const items = await db
    .selectFrom('order_items')
    .select(['order_id', sql<number>`sum(quantity)`.as('quantidade')])
    .where(
      'order_id',
      'in',
      rows.map((row) => Number(row.pedido)),
    )
    .groupBy('order_id')
    .execute();
  const byOrder = new Map(items.map((item) => [item.order_id, item.quantidade]));
  for (const row of rows) row.quantidade = byOrder.get(Number(row.pedido)) ?? none;
}

function wireRow(
  columns: readonly ReportColumn[],
  row: Record<string, unknown>,
): Record<string, ReportCell> {
  return Object.fromEntries(columns.map((column) => [column.key, cell(column, row[column.key])]));
}

/** What a paged report was asked for, checked (routes.ts). */
export interface PageRequest {
  page: number;
  size: number;
  /** A column key of the report, or null for its own order. */
  order: string | null;
  descending: boolean;
}

/**
 * Totals read without summing the report's rows, where that is much cheaper: the lines' figures
 * from report_sales, the paid orders' from report_payments (summary.ts).
 */
const TOTALS: Partial<
  Record<
    ReportPage,
    (db: Kysely<Database>, filters: ReportFilters) => Promise<Record<string, unknown>>
  >
> = {
  // What the paid orders were charged is what was paid for them: payments close an order exactly
  // (contract paymentsCloseOrder), so report_payments' sums are the orders' totals.
  REPORT_PAID_CARTS: async (db, filters) => {
    const [lines, paid] = await Promise.all([
      linesTotals(db, filters),
      db
        .selectFrom(paymentsSource(db, filters).as('s'))
        .select(sql<number>`coalesce(sum(s.total_cents), 0)`.as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { quantidade: lines.quantidade, total: paid.total };
  },
  REPORT_PRODUCT_BUYERS: (db, filters) => linesTotals(db, filters, filters.productId),
};

/**
 * A paged report's `total_linhas` read without counting every row, where that is much cheaper:
 * the paid orders and compradores/por_produto's rows per product are counted in report_sales
 * (summary.ts). Null: count the rows.
 */
const ROW_COUNTS: Partial<
  Record<ReportPage, (db: Kysely<Database>, filters: ReportFilters) => Promise<number | null>>
> = {
  // Each paid order counts once in report_sales' seller-center rows of every category.
  REPORT_PAID_CARTS: async (db, filters) => {
    if (filters.search !== undefined) return null;
    const { n } = await db
      .selectFrom(salesSource(db, filters, 'vendedor').as('s'))
      .select(sql<number>`coalesce(sum(s.pedidos), 0)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  },
  REPORT_PRODUCT_BUYERS: async (db, filters) => {
    if (filters.from !== null || filters.until !== null || filters.search !== undefined) {
      return null;
    }
    const { n } = await db
      .selectFrom('report_sales')
      .where('event_id', '=', filters.eventId)
      .where('dim', '=', 'compradores')
      .$if(filters.productId !== undefined, (q) => q.where('key_id', '=', filters.productId!))
      .$if(filters.categoryId !== undefined, (q) =>
        q.where('key_id', 'in', (products) =>
          products
            .selectFrom('products')
            .select('id')
            .where('category_id', '=', filters.categoryId!),
        ),
      )
      .select(sql<number>`coalesce(sum(pedidos), 0)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  },
};

/**
 * compradores/por_produto's page in its own order (by product) without a period or a search: the
 * products in name order with their rows (report_sales 'compradores'), then one statement reading,
 * for each product the page falls in, a range of report_buyers' key (event, product, name, cpf).
 * Index ranges on both databases, whatever statistics the planner has. Null: another page.
 */
async function productBuyersPage(
  db: Kysely<Database>,
  filters: ReportFilters,
  paging: PageRequest,
): Promise<{ rows: Record<string, unknown>[]; count: number } | null> {
  if (filters.from !== null || filters.until !== null || filters.search !== undefined) return null;
  if (paging.order !== null && paging.order !== 'produto') return null;
  const direction = paging.descending ? 'desc' : 'asc';
  // Each product's rows, summed over the summary's shards.
  const counts = db
    .selectFrom('report_sales')
    .select(['key_id', sql<number>`sum(pedidos)`.as('pedidos')])
    .where('event_id', '=', filters.eventId)
    .where('dim', '=', 'compradores')
    .groupBy('key_id');
  const products = await db
    .selectFrom('products as p')
    .innerJoin(counts.as('c'), 'c.key_id', 'p.id')
    .where('c.pedidos', '>', 0)
    .$if(filters.categoryId !== undefined, (q) =>
      q.where('p.category_id', '=', filters.categoryId!),
    )
    .$if(filters.productId !== undefined, (q) => q.where('p.id', '=', filters.productId!))
    .select(['p.id', 'p.name', 'c.pedidos'])
    .orderBy('p.name', direction)
    .orderBy('p.id', direction)
    .execute();
  let skip = (paging.page - 1) * paging.size;
  let wanted = paging.size;
  const parts = [];
  for (const product of products) {
    const rows = Number(product.pedidos);
    if (wanted <= 0) break;
    if (skip >= rows) {
      skip -= rows;
      continue;
    }
    parts.push(
      db
        .selectFrom(
          db
            .selectFrom('report_buyers')
            .select([
              sql<string>`cast(${product.name} as varchar(255))`.as('produto'),
              sql<number>`product_id`.as('produto_id'),
              'cpf',
              sql<string>`customer_name`.as('nome'),
              'quantidade',
              sql<number>`total_cents`.as('total'),
              sql<number>`${sql.lit(parts.length)}`.as('parte'),
            ])
            .where('event_id', '=', filters.eventId)
            .where('product_id', '=', product.id)
            .orderBy('customer_name', direction)
            .orderBy('cpf', direction)
            .limit(wanted)
            .offset(skip)
            .as(`b${parts.length}`),
        )
        .selectAll(),
    );
    wanted -= rows - skip;
    skip = 0;
  }
  const count = products.reduce((sum, product) => sum + Number(product.pedidos), 0);
  const [first, ...others] = parts;
  if (!first) return { rows: [], count };
  const rows = await db
    .selectFrom(others.reduce((union, part) => union.unionAll(part), first).as('u'))
    .selectAll()
    .orderBy('u.parte')
    .orderBy('u.nome', direction)
    .orderBy('u.cpf', direction)
    .execute();
  return { rows, count };
}

async function linesTotals(db: Kysely<Database>, filters: ReportFilters, productId?: number) {
  return (
    db
      // Without a product the categories' rows give the same sums from far fewer rows.
      .selectFrom(
        (productId === undefined
          ? salesSource(db, filters, 'categoria')
          : salesSource(db, filters, 'produto', { keyId: productId })
        ).as('s'),
      )
      .select([
        sql<number>`coalesce(sum(s.quantidade), 0)`.as('quantidade'),
        sql<number>`coalesce(sum(s.net_cents), 0)`.as('total'),
      ])
      .executeTakeFirstOrThrow()
  );
}

export async function runReport(
  db: Kysely<Database>,
  page: ReportPage,
  filters: ReportFilters,
  paging?: PageRequest,
): Promise<ReportResult> {
  const columns: readonly ReportColumn[] = REPORTS[page].columns;
  const summed = columns.filter((column) => column.total);
  const query = REPORT_QUERIES[page](db, filters);
  const toRow = (row: Record<string, unknown>) => wireRow(columns, row);
  const toTotals = (source: Record<string, unknown> | undefined, prefix: string) =>
    Object.fromEntries(
      summed.map((column) => [column.key, cell(column, source?.[`${prefix}${column.key}`] ?? 0)]),
    ) as Record<string, number>;

  if (paging) {
    const buyersPage =
      page === 'REPORT_PRODUCT_BUYERS' ? await productBuyersPage(db, filters, paging) : null;
    if (buyersPage) {
      const totals = await TOTALS.REPORT_PRODUCT_BUYERS!(db, filters);
      return {
        rows: buyersPage.rows.map(toRow),
        totals: toTotals(totals, ''),
        total_linhas: buyersPage.count,
      };
    }
    const inner = query.clearOrderBy().as('r');
    // Paid carts: a page cut from the orders alone, its items counted afterwards (below).
    const itemsLater = page === 'REPORT_PAID_CARTS' && paging.order !== 'quantidade';
    const source: ReturnType<ReportQueryBuilder> = itemsLater
      ? paidCartsQuery(db, filters, false)
      : REPORT_QUERIES[page](db, filters, paging.order);
    const ordered = db
      .selectFrom(source.clearOrderBy().as('r'))
      .selectAll('r')
      .$if(paging.order !== null, (q) =>
        [paging.order!, ...(PAGE_TIES[page] ?? [columns[0]!.key])]
          .filter((key, index, keys) => keys.indexOf(key) === index)
          .reduce(
            (sorted, key) =>
              sorted.orderBy(sql.ref(`r.${key}`), paging.descending ? 'desc' : 'asc'),
            q.clearOrderBy(),
          ),
      );
    const [rows, counted, shortcutTotals] = await Promise.all([
      (paging.order === null ? source : ordered)
        .limit(paging.size)
        .offset((paging.page - 1) * paging.size)
        .execute() as Promise<Record<string, unknown>[]>,
      ROW_COUNTS[page]?.(db, filters) ?? null,
      (filters.search === undefined ? TOTALS[page]?.(db, filters) : undefined) ?? null,
    ]);
    // What no summary answers is counted and summed over every row in one pass.
    const everyRow =
      counted === null || shortcutTotals === null
        ? await db
            .selectFrom(inner)
            .select(sql<number>`count(*)`.as('linhas__'))
            .select(
              summed.map((column) =>
                sql<number>`sum(${sql.ref(`r.${column.key}`)})`.as(column.key),
              ),
            )
            .executeTakeFirstOrThrow()
        : null;
    const count = counted ?? Number(everyRow!.linhas__);
    const totals = shortcutTotals ?? everyRow!;
    if (itemsLater) await countItems(db, rows);
    return { rows: rows.map(toRow), totals: toTotals(totals, ''), total_linhas: count };
  }

  const rows: Record<string, ReportCell>[] = [];
  const report = streamReport(db, page, filters);
  for await (const batch of report.batches) rows.push(...batch);
  return { rows, totals: await report.totals() };
}

/**
 * Reports whose rows share orders (one order of a shirt and a mug is on two rows): their 'Pedidos'
 * total counts each order once (paidOrders) instead of summing the rows.
 */
const ORDERS_ACROSS_ROWS: ReadonlySet<ReportPage> = new Set([
  'REPORT_TOTAL_SALES',
  'REPORT_PRODUCT_SALES',
]);

/**
 * The paid orders holding the filters' lines, each once: an order has one seller center (its
 * report_sales rows per category, or of every category), and one row per product.
 */
async function paidOrders(db: Kysely<Database>, filters: ReportFilters): Promise<number> {
  const source =
    filters.productId === undefined
      ? salesSource(db, filters, 'vendedor')
      : salesSource(db, filters, 'produto', { keyId: filters.productId });
  const { n } = await db
    .selectFrom(source.as('s'))
    .select(sql<number>`coalesce(sum(s.pedidos), 0)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * The whole report for a download: its rows in batches as the wire shows them, read from a cursor
 * with turns for other requests between batches (db/stream-rows.ts), summed as they pass (the
 * totals' columns are integers: cents or counts); `totals()` once every batch is read ('Pedidos'
 * counted once per order where rows share orders).
 */
export function streamReport(
  db: Kysely<Database>,
  page: ReportPage,
  filters: ReportFilters,
): {
  batches: AsyncGenerator<Record<string, ReportCell>[]>;
  totals(): Promise<Record<string, number>>;
} {
  const columns: readonly ReportColumn[] = REPORTS[page].columns;
  const sums = new Map(columns.filter((column) => column.total).map((column) => [column, 0]));
  async function* batches() {
    // The paid carts are sorted without their items (on SQLite the sort is one step, before the
    // first row: counting every order's items inside it held the server), counted per batch.
    const paidCarts = page === 'REPORT_PAID_CARTS';
    const query = paidCarts
      ? paidCartsQuery(db, filters, false)
      : REPORT_QUERIES[page](db, filters);
    for await (const batch of streamRows(db, query)) {
      if (paidCarts) await countItems(db, batch, null);
      for (const row of batch) {
        for (const [column, sum] of sums) sums.set(column, sum + Number(row[column.key] ?? 0));
      }
      yield batch.map((row) => wireRow(columns, row));
    }
  }
  return {
    batches: batches(),
    totals: async () => {
      const totals: Record<string, number> = Object.fromEntries(
        [...sums].map(([column, sum]) => [column.key, cell(column, sum) as number]),
      );
      if (ORDERS_ACROSS_ROWS.has(page)) totals.pedidos = await paidOrders(db, filters);
      return totals;
    },
  };
}

export async function dashboard(db: Kysely<Database>, eventId: number): Promise<DashboardReport> {
  const row = await dashboardQuery(db, eventId).executeTakeFirstOrThrow();
  return {
    total: toReais(Number(row.total)),
    pago: toReais(Number(row.pago)),
    a_receber: toReais(Number(row.a_receber)),
  };
}
