import { sql, type Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// The reports' pre-aggregated sales (docs/reports-api.md, "Pre-aggregation"): one row per event,
// UTC hour slot, dimension and key, kept up to date by the order transitions into and out of a
// sale (PAGO/ENTREGUE), and filled here from the sales already made.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report_sales')
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id'))
    /** The UTC hour of paid_at: 'YYYY-MM-DDTHH'. */
    .addColumn('slot', 'varchar(13)', (col) => col.notNull())
    /** produto | categoria | vendedor (seller's center) | comprador (buyer's center) | cupom. */
    .addColumn('dim', 'varchar(16)', (col) => col.notNull())
    /** Product, category or center id; 0 for a sale without a center. */
    .addColumn('key_id', 'integer', (col) => col.notNull())
    /** The products' category; 0 on the center rows that count every category; the coupon's percent (bp) on cupom rows. */
    .addColumn('category_id', 'integer', (col) => col.notNull())
    .addColumn('pedidos', 'integer', (col) => col.notNull())
    .addColumn('quantidade', 'bigint', (col) => col.notNull())
    /** Unit price × quantity; on cupom rows the lines' total before the coupon. */
    .addColumn('bruto_cents', 'bigint', (col) => col.notNull())
    .addColumn('net_cents', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('report_sales_pk', [
      'event_id',
      'dim',
      'key_id',
      'category_id',
      'slot',
    ])
    .execute();
  await db.schema
    .createIndex('report_sales_slot')
    .on('report_sales')
    .columns(['event_id', 'dim', 'slot'])
    .execute();
  // Carrinhos Pagos: its count and total read from an index, not from the orders' rows.
  await db.schema
    .createIndex('orders_paid_carts')
    .on('orders')
    .columns(['event_id', 'state', 'id', 'paid_at', 'total_cents'])
    .execute();
  // A coupon's name on the cupons report reads orders_coupon (20261123170000_coupons).
  // Buyers of one product (compradores/por_produto with a product chosen).
  await db.schema
    .createIndex('order_items_product_report')
    .on('order_items')
    .columns(['product_id', 'order_id', 'quantity', 'total_cents'])
    .execute();

  // A line's net is its stored total: a coupon's percent is already in it (order_items.coupon_bp).
  const net = sql`i.total_cents`;
  const dims: [string, string, string][] = [
    ['cupom', 'o.coupon_id', 'coalesce(o.coupon_percent_bp, 0)'],
    ['produto', 'p.id', 'p.category_id'],
    ['categoria', 'p.category_id', 'p.category_id'],
    ['vendedor', 'coalesce(u.center_id, 0)', 'p.category_id'],
    ['vendedor', 'coalesce(u.center_id, 0)', '0'],
    ['comprador', 'coalesce(pa.center_id, 0)', 'p.category_id'],
    ['comprador', 'coalesce(pa.center_id, 0)', '0'],
  ];
  // A constant is left out of GROUP BY: SQLite would read 0 as a column position.
  for (const [dim, key, category] of dims) {
    await sql`
      insert into report_sales
        (event_id, slot, dim, key_id, category_id, pedidos, quantidade, bruto_cents, net_cents)
      select o.event_id, substr(o.paid_at, 1, 13), ${dim}, ${sql.raw(key)}, ${sql.raw(category)},
        count(distinct o.id), sum(i.quantity),
        sum(i.unit_price_cents * i.quantity), sum(${net})
      from order_items i
      join orders o on o.id = i.order_id
      join products p on p.id = i.product_id
      left join users u on u.id = o.seller_id
      left join participants pa on pa.id = o.participant_id
      where o.state in ('PAGO', 'ENTREGUE') and o.paid_at is not null
        ${sql.raw(dim === 'cupom' ? 'and o.coupon_id is not null' : '')}
      group by o.event_id, substr(o.paid_at, 1, 13), ${sql.raw(key)}${sql.raw(category === '0' ? '' : `, ${category}`)}
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_items_product_report').execute();
  await db.schema.dropIndex('orders_paid_carts').execute();
  await db.schema.dropTable('report_sales').execute();
}
