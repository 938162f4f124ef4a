import { sql, type Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// Idempotency keys were one namespace for every user: a second cashier sending the first one's key
// got the first one's stored answer (another person's order and CPF). A key is now the user's own:
// the primary key becomes (user_id, key). Each row also names the order it answered, so
// 'Anonimizar participante' finds the stored answers about that participant's orders. The primary
// key changes, so the table is rebuilt; the rows kept take their order from the stored answer.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  await db.schema.alterTable('idempotency_keys').renameTo('idempotency_keys_global').execute();
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('key', 'varchar(255)', (col) => col.notNull())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id'))
    .addColumn('request_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('status_code', 'integer', (col) => col.notNull())
    .addColumn('response', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_user_key', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_order')
    .on('idempotency_keys')
    .column('order_id')
    .execute();
  // Every stored answer is the order the payment or refund acted on (its "id").
  const orderId =
    dialect === 'postgres'
      ? sql`cast(cast(response as json) ->> 'id' as integer)`
      : sql`json_extract(response, '$.id')`;
  await sql`
    insert into idempotency_keys
      (user_id, key, order_id, request_hash, status_code, response, created_at)
    select user_id, key, ${orderId}, request_hash, status_code, response, created_at
    from idempotency_keys_global
  `.execute(db);
  await db.schema.dropTable('idempotency_keys_global').execute();
}
