import { sql, type Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// A period's buyers (issue #45 item 3): report_buyers has no time, so 'Compradores por Produto'
// with inicio/fim grouped every line of the period. report_buyer_slots keeps the same (product,
// buyer) figures per UTC day and per UTC hour (span 'day' / 'hour'; slot 'YYYY-MM-DD' or
// 'YYYY-MM-DDTHH' of paid_at), folded with report_buyers (docs/reports-api.md, "Pre-aggregation").
// Filled here from the sales already folded: an order marked +1 is not in the summaries yet, one
// marked -1 (refunded since) still is.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report_buyer_slots')
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id'))
    .addColumn('span', 'varchar(4)', (col) => col.notNull())
    .addColumn('slot', 'varchar(13)', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('customer_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('cpf', 'varchar(11)', (col) => col.notNull())
    .addColumn('orders', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'bigint', (col) => col.notNull())
    .addColumn('total_cents', 'bigint', (col) => col.notNull())
    // A period reads ranges of slots of one span.
    .addPrimaryKeyConstraint('report_buyer_slots_pk', [
      'event_id',
      'span',
      'slot',
      'product_id',
      'customer_name',
      'cpf',
    ])
    .execute();
  await sql`
    insert into report_buyer_slots
      (event_id, span, slot, product_id, customer_name, cpf, orders, quantity, total_cents)
    select o.event_id, 'hour', substr(o.paid_at, 1, 13), i.product_id, coalesce(o.customer_name, ''),
      coalesce(o.cpf, ''), count(distinct o.id), sum(i.quantity), sum(i.total_cents)
    from order_items i
    join orders o on o.id = i.order_id
    where o.paid_at is not null
      and ((o.state in ('PAGO', 'ENTREGUE') and o.report_sign = 0) or o.report_sign = -1)
    group by o.event_id, substr(o.paid_at, 1, 13), i.product_id, coalesce(o.customer_name, ''),
      coalesce(o.cpf, '')
  `.execute(db);
  await sql`
    insert into report_buyer_slots
      (event_id, span, slot, product_id, customer_name, cpf, orders, quantity, total_cents)
    select event_id, 'day', substr(slot, 1, 10), product_id, customer_name, cpf,
      sum(orders), sum(quantity), sum(total_cents)
    from report_buyer_slots
    where span = 'hour'
    group by event_id, substr(slot, 1, 10), product_id, customer_name, cpf
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_buyer_slots').execute();
}
