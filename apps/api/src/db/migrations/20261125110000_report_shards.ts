import { sql, type Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// The reports' summary rows split in shards (docs/reports-api.md, "Pre-aggregation"): every
// payment of an event's hour added to the same report_sales and report_payments rows, so the
// payments of every desk and API instance queued on those rows' locks. A payment now adds to the
// shard of its order (order id mod 8) and the reports sum the shards. The rows already kept go to
// shard 0. The primary keys change, so both tables are rebuilt.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  await db.schema.dropIndex('report_sales_slot').execute();
  await rename(db, dialect, 'report_sales');
  await db.schema
    .createTable('report_sales')
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id'))
    .addColumn('slot', 'varchar(13)', (col) => col.notNull())
    .addColumn('dim', 'varchar(16)', (col) => col.notNull())
    .addColumn('key_id', 'integer', (col) => col.notNull())
    .addColumn('category_id', 'integer', (col) => col.notNull())
    .addColumn('shard', 'smallint', (col) => col.notNull())
    .addColumn('pedidos', 'integer', (col) => col.notNull())
    .addColumn('quantidade', 'bigint', (col) => col.notNull())
    .addColumn('bruto_cents', 'bigint', (col) => col.notNull())
    .addColumn('net_cents', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('report_sales_pk', [
      'event_id',
      'dim',
      'key_id',
      'category_id',
      'slot',
      'shard',
    ])
    .execute();
  await db.schema
    .createIndex('report_sales_slot')
    .on('report_sales')
    .columns(['event_id', 'dim', 'slot'])
    .execute();
  await sql`
    insert into report_sales
      (event_id, slot, dim, key_id, category_id, shard, pedidos, quantidade, bruto_cents, net_cents)
    select event_id, slot, dim, key_id, category_id, 0, pedidos, quantidade, bruto_cents, net_cents
    from report_sales_unsharded
  `.execute(db);
  await db.schema.dropTable('report_sales_unsharded').execute();

  await rename(db, dialect, 'report_payments');
  await db.schema
    .createTable('report_payments')
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id'))
    .addColumn('slot', 'varchar(13)', (col) => col.notNull())
    .addColumn('payment_method_id', 'integer', (col) => col.notNull())
    .addColumn('shard', 'smallint', (col) => col.notNull())
    .addColumn('pagamentos', 'integer', (col) => col.notNull())
    .addColumn('total_cents', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('report_payments_pk', [
      'event_id',
      'payment_method_id',
      'slot',
      'shard',
    ])
    .execute();
  await sql`
    insert into report_payments (event_id, slot, payment_method_id, shard, pagamentos, total_cents)
    select event_id, slot, payment_method_id, 0, pagamentos, total_cents
    from report_payments_unsharded
  `.execute(db);
  await db.schema.dropTable('report_payments_unsharded').execute();
}

/** Moves a table aside (its primary key's name too, which PostgreSQL keeps per schema). */
async function rename(db: Kysely<any>, dialect: SqlDialect, table: string): Promise<void> {
  await db.schema.alterTable(table).renameTo(`${table}_unsharded`).execute();
  if (dialect === 'postgres') {
    await sql`alter table ${sql.table(`${table}_unsharded`)} rename constraint ${sql.ref(
      `${table}_pk`,
    )} to ${sql.ref(`${table}_unsharded_pk`)}`.execute(db);
  }
}
