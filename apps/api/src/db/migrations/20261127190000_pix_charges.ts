import type { Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// PIX confirmed by the bank (issue #28, docs/pix.md): the immediate charges made at the PSP for an
// order, one per attempt (a new amount, or after a cancel or an expiry, is a new txid), and the
// Pix the PSP's webhook notified.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pix_charges')
    .addColumn('txid', 'varchar(35)', (col) => col.primaryKey())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id'))
    .addColumn('attempt', 'integer', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('pix_copia_e_cola', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('end_to_end_id', 'varchar(35)')
    .addColumn('paid_cents', 'integer')
    .addColumn('paid_at', 'text')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('pix_charges_order_attempt', ['order_id', 'attempt'])
    .execute();
  // Every Pix the PSP notified, once (a duplicate notification finds its row): none is lost,
  // whether its charge was active, cancelled, expired or unknown.
  await db.schema
    .createTable('pix_notifications')
    .addColumn('end_to_end_id', 'varchar(35)', (col) => col.primaryKey())
    .addColumn('txid', 'varchar(35)')
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('paid_at', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pix_notifications').execute();
  await db.schema.dropTable('pix_charges').execute();
}
