import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// The cash drawer (docs/orders-api.md): one session per cashier from opening to closing, the
// figures stored per payment method at closing, and the drawer each payment went into (nullable:
// a cashier without an open drawer may still take payment). The PIX receiver's settings: one row.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
type Table = CreateTableBuilder<any, any>;

export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  const withId = (table: Table): Table =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (col) => col.primaryKey())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());

  await withId(db.schema.createTable('drawer_sessions'))
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('opening_float_cents', 'integer', (col) =>
      col.notNull().check(sql`opening_float_cents >= 0`),
    )
    .addColumn('opened_at', 'text', (col) => col.notNull())
    .addColumn('closed_at', 'text')
    .execute();
  // One open drawer per cashier, whatever the number of desks or API instances.
  await db.schema
    .createIndex('drawer_sessions_open_user')
    .on('drawer_sessions')
    .column('user_id')
    .unique()
    .where(sql.ref('closed_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('drawer_sessions_event')
    .on('drawer_sessions')
    .column('event_id')
    .execute();

  await db.schema
    .createTable('drawer_counts')
    .addColumn('session_id', 'integer', (col) =>
      col.notNull().references('drawer_sessions.id').onDelete('cascade'),
    )
    .addColumn('payment_method_id', 'integer', (col) =>
      col.notNull().references('payment_methods.id'),
    )
    .addColumn('received_cents', 'integer', (col) => col.notNull())
    .addColumn('refunded_cents', 'integer', (col) => col.notNull())
    .addColumn('expected_cents', 'integer', (col) => col.notNull())
    .addColumn('counted_cents', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('drawer_counts_pk', ['session_id', 'payment_method_id'])
    .execute();

  await db.schema
    .alterTable('order_payments')
    .addColumn('drawer_session_id', 'integer', (col) => col.references('drawer_sessions.id'))
    .execute();
  await db.schema
    .createIndex('order_payments_drawer')
    .on('order_payments')
    .column('drawer_session_id')
    .execute();

  await db.schema
    .createTable('pix_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('pix_key', 'varchar(77)', (col) => col.notNull())
    .addColumn('receiver_name', 'varchar(25)', (col) => col.notNull())
    .addColumn('receiver_city', 'varchar(15)', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pix_settings').execute();
  await db.schema.dropIndex('order_payments_drawer').execute();
  await db.schema.alterTable('order_payments').dropColumn('drawer_session_id').execute();
  await db.schema.dropTable('drawer_counts').execute();
  await db.schema.dropTable('drawer_sessions').execute();
}
