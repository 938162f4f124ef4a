import type { Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// Covering indexes for the reports (docs/reports-api.md): the sales reports read an event's paid
// orders and their lines from the indexes alone, without visiting a million table rows.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('orders_report')
    .on('orders')
    .columns([
      'event_id',
      'state',
      'paid_at',
      'id',
      'coupon_percent_bp',
      'seller_id',
      'participant_id',
    ])
    .execute();
  await db.schema
    .createIndex('order_items_report')
    .on('order_items')
    .columns(['order_id', 'product_id', 'quantity', 'unit_price_cents', 'total_cents'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_items_report').execute();
  await db.schema.dropIndex('orders_report').execute();
}
