import { sql, type Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// The reports' summaries are kept in step with the sales in batches (issue #29, docs/reports-api.md
// 'Pre-aggregation'): a payment or refund marks its order with the sale it made (+1) or undid (-1),
// and the fold adds the marked orders to the summaries and clears the mark. Orders sold before
// this migration are in the summaries already: 0.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('report_sign', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // Only the few orders waiting for the fold are in it.
  await db.schema
    .createIndex('orders_report_sign')
    .on('orders')
    .column('id')
    .where(sql.ref('report_sign'), '<>', sql.lit(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_report_sign').execute();
  await db.schema.alterTable('orders').dropColumn('report_sign').execute();
}
