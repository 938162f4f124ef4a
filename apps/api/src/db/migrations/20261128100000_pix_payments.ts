import type { Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// PIX confirmed by the bank (issue #28, docs/pix.md), at the till: a payment line paid by a PSP
// charge keeps its txid and the Pix's end-to-end id (one charge pays one line), or the reason the
// cashier confirmed it by hand; and the refunds (devoluções) asked of the PSP, one per Pix.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_payments').addColumn('pix_txid', 'varchar(35)').execute();
  await db.schema.alterTable('order_payments').addColumn('end_to_end_id', 'varchar(35)').execute();
  await db.schema.alterTable('order_payments').addColumn('manual_reason', 'text').execute();
  await db.schema
    .createIndex('order_payments_pix_txid')
    .on('order_payments')
    .column('pix_txid')
    .unique()
    .execute();
  // The list of Pix to give back looks a Pix up by its end-to-end id on the lines and charges.
  await db.schema
    .createIndex('order_payments_end_to_end_id')
    .on('order_payments')
    .column('end_to_end_id')
    .execute();
  await db.schema
    .createIndex('pix_charges_end_to_end_id')
    .on('pix_charges')
    .column('end_to_end_id')
    .execute();
  await db.schema
    .createTable('pix_refunds')
    // The devolução's id at the PSP (made by us, [a-zA-Z0-9]{1,35}): asking again is the same one.
    .addColumn('id', 'varchar(35)', (col) => col.primaryKey())
    .addColumn('end_to_end_id', 'varchar(35)', (col) => col.notNull().unique())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
    .addColumn('txid', 'varchar(35)')
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('return_id', 'varchar(35)')
    .addColumn('error', 'text')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pix_refunds').execute();
  await db.schema.dropIndex('pix_charges_end_to_end_id').execute();
  await db.schema.dropIndex('order_payments_end_to_end_id').execute();
  await db.schema.dropIndex('order_payments_pix_txid').execute();
  await db.schema.alterTable('order_payments').dropColumn('manual_reason').execute();
  await db.schema.alterTable('order_payments').dropColumn('end_to_end_id').execute();
  await db.schema.alterTable('order_payments').dropColumn('pix_txid').execute();
}
