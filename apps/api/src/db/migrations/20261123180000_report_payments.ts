import { sql, type Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// The reports' pre-aggregated payments (docs/reports-api.md, "Pre-aggregation"): one row per
// event, UTC hour slot of the order's paid_at and payment method, kept up to date by the payment
// (which writes the payment rows) and the refund (which takes them back), and filled here from
// the payments of the sales already made.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report_payments')
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id'))
    /** The UTC hour of the order's paid_at: 'YYYY-MM-DDTHH'. */
    .addColumn('slot', 'varchar(13)', (col) => col.notNull())
    .addColumn('payment_method_id', 'integer', (col) => col.notNull())
    /** How many payment rows (an order paid in two methods has two). */
    .addColumn('pagamentos', 'integer', (col) => col.notNull())
    .addColumn('total_cents', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('report_payments_pk', ['event_id', 'payment_method_id', 'slot'])
    .execute();
  await sql`
    insert into report_payments (event_id, slot, payment_method_id, pagamentos, total_cents)
    select o.event_id, substr(o.paid_at, 1, 13), op.payment_method_id, count(*), sum(op.amount_cents)
    from order_payments op
    join orders o on o.id = op.order_id
    where o.state in ('PAGO', 'ENTREGUE') and o.paid_at is not null
    group by o.event_id, substr(o.paid_at, 1, 13), op.payment_method_id
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_payments').execute();
}
