import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// The store's orders (docs/orders-api.md): one row per order with its state, its lines, its
// payments and every state change. Money is integer cents; percents are basis points (12.5 % =
// 1250). Columns for delivery, refunds and coupons exist now so those issues add no table.

const ORDER_STATES = [
  'CARRINHO',
  'AGUARDANDO_PAGAMENTO',
  'PAGO',
  'ENTREGUE',
  'ESTORNADO',
  'REMOVIDO',
];
const PAYMENT_METHODS = ['Dinheiro', 'Cartão de crédito', 'Cartão de débito', 'PIX'];
const SEEDED_AT = '2026-11-23T09:00:00.000Z';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
type Table = CreateTableBuilder<any, any>;

export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  const withId = (table: Table): Table =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (col) => col.primaryKey())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  const oneOf = (column: string, values: string[]) =>
    sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

  await withId(db.schema.createTable('payment_methods'))
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('date_created', 'text', (col) => col.notNull())
    .addColumn('date_updated', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('payment_methods_name')
    .on('payment_methods')
    .expression(sql`lower(name)`)
    .unique()
    .execute();
  await db
    .insertInto('payment_methods')
    .values(
      PAYMENT_METHODS.map((name) => ({ name, date_created: SEEDED_AT, date_updated: SEEDED_AT })),
    )
    .execute();

  await withId(db.schema.createTable('orders'))
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id'))
    .addColumn('state', 'varchar(24)', (col) => col.notNull().check(oneOf('state', ORDER_STATES)))
    .addColumn('participant_id', 'integer', (col) => col.references('participants.id'))
    // The customer as finalized: kept even if the participant is edited later.
    .addColumn('cpf', 'varchar(11)')
    .addColumn('customer_name', 'varchar(255)')
    .addColumn('associated_at', 'text')
    .addColumn('seller_id', 'integer', (col) => col.references('users.id'))
    .addColumn('cashier_id', 'integer', (col) => col.references('users.id'))
    .addColumn('total_cents', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`total_cents >= 0`),
    )
    .addColumn('coupon_id', 'integer')
    .addColumn('coupon_name', 'varchar(255)')
    .addColumn('coupon_percent_bp', 'integer')
    .addColumn('paid_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('delivered_by', 'integer', (col) => col.references('users.id'))
    .addColumn('refunded_at', 'text')
    .addColumn('refund_reason', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('orders_event_state')
    .on('orders')
    .columns(['event_id', 'state'])
    .execute();
  await db.schema
    .createIndex('orders_event_associated')
    .on('orders')
    .columns(['event_id', 'associated_at'])
    .execute();
  await db.schema.createIndex('orders_paid_at').on('orders').column('paid_at').execute();
  await db.schema.createIndex('orders_participant').on('orders').column('participant_id').execute();

  await withId(db.schema.createTable('order_items'))
    .addColumn('order_id', 'integer', (col) =>
      col.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull())
    .addColumn('discount_bp', 'integer', (col) =>
      col.notNull().check(sql`discount_bp between 0 and 10000`),
    )
    .addColumn('discount_cents', 'integer', (col) => col.notNull())
    .addColumn('total_cents', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('order_items_order_product')
    .on('order_items')
    .columns(['order_id', 'product_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('order_items_product')
    .on('order_items')
    .column('product_id')
    .execute();

  await withId(db.schema.createTable('order_payments'))
    .addColumn('order_id', 'integer', (col) =>
      col.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('payment_method_id', 'integer', (col) =>
      col.notNull().references('payment_methods.id'),
    )
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('order_payments_order')
    .on('order_payments')
    .column('order_id')
    .execute();
  await db.schema
    .createIndex('order_payments_method')
    .on('order_payments')
    .column('payment_method_id')
    .execute();

  await withId(db.schema.createTable('order_transitions'))
    .addColumn('order_id', 'integer', (col) =>
      col.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('action', 'varchar(16)', (col) => col.notNull())
    .addColumn('from_state', 'varchar(24)')
    .addColumn('to_state', 'varchar(24)', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    /** The client's address as the server saw it: which desk. */
    .addColumn('desk', 'varchar(64)', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('order_transitions_order')
    .on('order_transitions')
    .column('order_id')
    .execute();

  // The first successful answer of a payment, replayed when a client retries with the same key.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('request_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('status_code', 'integer', (col) => col.notNull())
    .addColumn('response', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('order_transitions').execute();
  await db.schema.dropTable('order_payments').execute();
  await db.schema.dropTable('order_items').execute();
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('payment_methods').execute();
}
