import { sql } from 'kysely';
import type { PageRequest, ReportFilters } from './filters.ts';
import type { Db } from './queries.ts';
import { paymentsSource, salesSource } from './summary.ts';

/**
 * What the pre-aggregated summaries (summary.ts) answer much more cheaply than the report's rows:
 * totals, row counts, a page cut from an index range, a column filled in after a page is cut.
 * definitions.ts says which report uses which.
 */

/** The lines' figures of the filters (one product's, with `productId`). */
export async function linesTotals(db: Db, filters: ReportFilters, productId?: number) {
  return (
    db
      // Without a product the categories' rows give the same sums from far fewer rows.
      .selectFrom(
        (productId === undefined
          ? salesSource(db, filters, 'category')
          : salesSource(db, filters, 'product', { keyId: productId })
        ).as('s'),
      )
      .select([
        sql<number>`coalesce(sum(s.quantity), 0)`.as('quantidade'),
        sql<number>`coalesce(sum(s.net_cents), 0)`.as('total'),
      ])
      .executeTakeFirstOrThrow()
  );
}

/**
 * The paid orders' totals. What they were charged is what was paid for them: payments close an
 * order exactly (contract paymentsCloseOrder), so report_payments' sums are the orders' totals.
 */
export async function paidCartsTotals(db: Db, filters: ReportFilters) {
  const [lines, paid] = await Promise.all([
    linesTotals(db, filters),
    db
      .selectFrom(paymentsSource(db, filters).as('s'))
      .select(sql<number>`coalesce(sum(s.total_cents), 0)`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { quantidade: lines.quantidade, total: paid.total };
}

/** Each paid order counts once in report_sales' seller-center rows of every category. */
export function paidCartsCount(db: Db, filters: ReportFilters): Promise<number> | null {
  if (filters.search !== undefined) return null;
  return db
    .selectFrom(salesSource(db, filters, 'seller').as('s'))
    .select(sql<number>`coalesce(sum(s.orders), 0)`.as('n'))
    .executeTakeFirstOrThrow()
    .then(({ n }) => Number(n));
}

/** compradores/por_produto's rows per product are counted in report_sales ('buyers'). */
export function productBuyersCount(db: Db, filters: ReportFilters): Promise<number> | null {
  if (filters.from !== null || filters.until !== null || filters.search !== undefined) {
    return null;
  }
  return db
    .selectFrom('report_sales')
    .where('event_id', '=', filters.eventId)
    .where('dim', '=', 'buyers')
    .$if(filters.productId !== undefined, (q) => q.where('key_id', '=', filters.productId!))
    .$if(filters.categoryId !== undefined, (q) =>
      q.where('key_id', 'in', (products) =>
        products.selectFrom('products').select('id').where('category_id', '=', filters.categoryId!),
      ),
    )
    .select(sql<number>`coalesce(sum(orders), 0)`.as('n'))
    .executeTakeFirstOrThrow()
    .then(({ n }) => Number(n));
}

/**
 * compradores/por_produto's page in its own order (by product) without a period or a search: the
 * products in name order with their rows (report_sales 'buyers'), then one statement reading,
 * for each product the page falls in, a range of report_buyers' key (event, product, name, cpf).
 * Index ranges on both databases, whatever statistics the planner has. Null: another page.
 */
export async function productBuyersPage(
  db: Db,
  filters: ReportFilters,
  paging: PageRequest,
): Promise<{ rows: Record<string, unknown>[]; count: number } | null> {
  if (filters.from !== null || filters.until !== null || filters.search !== undefined) return null;
  if (paging.order !== null && paging.order !== 'produto') return null;
  const direction = paging.descending ? 'desc' : 'asc';
  // Each product's rows, summed over the summary's shards.
  const counts = db
    .selectFrom('report_sales')
    .select(['key_id', sql<number>`sum(orders)`.as('buyers')])
    .where('event_id', '=', filters.eventId)
    .where('dim', '=', 'buyers')
    .groupBy('key_id');
  const products = await db
    .selectFrom('products as p')
    .innerJoin(counts.as('c'), 'c.key_id', 'p.id')
    .where('c.buyers', '>', 0)
    .$if(filters.categoryId !== undefined, (q) =>
      q.where('p.category_id', '=', filters.categoryId!),
    )
    .$if(filters.productId !== undefined, (q) => q.where('p.id', '=', filters.productId!))
    .select(['p.id', 'p.name', 'c.buyers'])
    .orderBy('p.name', direction)
    .orderBy('p.id', direction)
    .execute();
  let skip = (paging.page - 1) * paging.size;
  let wanted = paging.size;
  const parts = [];
  for (const product of products) {
    const rows = Number(product.buyers);
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
              sql<number>`quantity`.as('quantidade'),
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
  const count = products.reduce((sum, product) => sum + Number(product.buyers), 0);
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

/**
 * Paid carts' rows read without their items (paidCarts(…, false)): each one's items counted;
 * `none` for an order without items (the CSV keeps the empty cell of the full query's null).
 */
export async function countItems(
  db: Db,
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

/**
 * The paid orders holding the filters' lines, each once: an order has one seller center (its
 * report_sales rows per category, or of every category), and one row per product.
 */
export async function paidOrders(db: Db, filters: ReportFilters): Promise<number> {
  const source =
    filters.productId === undefined
      ? salesSource(db, filters, 'seller')
      : salesSource(db, filters, 'product', { keyId: filters.productId });
  const { n } = await db
    .selectFrom(source.as('s'))
    .select(sql<number>`coalesce(sum(s.orders), 0)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
