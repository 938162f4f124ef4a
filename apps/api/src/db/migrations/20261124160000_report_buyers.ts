import { sql, type Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// 'Compradores por Produto' pre-aggregated (docs/reports-api.md, "Pre-aggregation"): one row per
// event, product and buyer (the order's cpf and customer name, '' when absent) with the figures of
// its paid lines, kept up to date with report_sales by the transitions into and out of a sale,
// and filled here from the sales already made. The number of rows per product is kept in
// report_sales (dim 'compradores', key_id = the product, slot ''), so a page needs no count(*).
// Also the indexes the paged reports' pages read in order (products by name, orders by id).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report_buyers')
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id'))
    .addColumn('product_id', 'integer', (col) => col.notNull())
    /** The order's customer name; '' when it has none. */
    .addColumn('customer_name', 'varchar(255)', (col) => col.notNull())
    /** The order's cpf; '' when it has none. */
    .addColumn('cpf', 'varchar(11)', (col) => col.notNull())
    .addColumn('pedidos', 'integer', (col) => col.notNull())
    .addColumn('quantidade', 'bigint', (col) => col.notNull())
    .addColumn('total_cents', 'bigint', (col) => col.notNull())
    // The report's own order (product, then name, then cpf): a page is a range of this key.
    .addPrimaryKeyConstraint('report_buyers_pk', ['event_id', 'product_id', 'customer_name', 'cpf'])
    .execute();
  // The other orders the page offers, each with its ties (product, name, cpf) as the page sorts.
  for (const [name, columns] of [
    ['report_buyers_name', ['event_id', 'customer_name', 'product_id', 'cpf']],
    ['report_buyers_cpf', ['event_id', 'cpf', 'product_id', 'customer_name']],
    ['report_buyers_quantity', ['event_id', 'quantidade', 'product_id', 'customer_name', 'cpf']],
    ['report_buyers_total', ['event_id', 'total_cents', 'product_id', 'customer_name', 'cpf']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('report_buyers')
      .columns([...columns])
      .execute();
  }
  // The products in the report's order (name, then id), the outer loop of a page.
  await db.schema.createIndex('products_name').on('products').columns(['name', 'id']).execute();
  // Carrinhos Pagos by order number: an event's orders in id order, so a page stops after its
  // rows instead of sorting every paid order (orders_event_state splits them by state).
  await db.schema.createIndex('orders_event_id').on('orders').columns(['event_id', 'id']).execute();

  await sql`
    insert into report_buyers
      (event_id, product_id, customer_name, cpf, pedidos, quantidade, total_cents)
    select o.event_id, i.product_id, coalesce(o.customer_name, ''), coalesce(o.cpf, ''),
      count(distinct o.id), sum(i.quantity), sum(i.total_cents)
    from order_items i
    join orders o on o.id = i.order_id
    where o.state in ('PAGO', 'ENTREGUE') and o.paid_at is not null
    group by o.event_id, i.product_id, coalesce(o.customer_name, ''), coalesce(o.cpf, '')
  `.execute(db);
  await sql`
    insert into report_sales
      (event_id, slot, dim, key_id, category_id, pedidos, quantidade, bruto_cents, net_cents)
    select event_id, '', 'compradores', product_id, 0, count(*), 0, 0, 0
    from report_buyers
    group by event_id, product_id
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('report_sales').where('dim', '=', 'compradores').execute();
  await db.schema.dropIndex('orders_event_id').execute();
  await db.schema.dropIndex('products_name').execute();
  await db.schema.dropTable('report_buyers').execute();
}
