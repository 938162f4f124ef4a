import type { PrintOutcome } from '../../printing/queue.ts';
import { createCoupon, printCoupon } from './templates.ts';
import type { Db, Trx } from './values.ts';

/**
 * Automatic coupons (docs/coupons-api.md): when a paid order's total reaches the event's minimum,
 * one coupon from the configured template is created in the payment's transaction; it is printed
 * with the order's receipt, on the cashier's printer (CHECKOUT).
 */
export async function generateAutomaticCoupon(
  trx: Trx,
  now: Date,
  userId: number,
  order: { id: number; event_id: number; total_cents: number },
): Promise<number | null> {
  const config = await trx
    .selectFrom('coupon_configs')
    .select(['enabled', 'template_id', 'min_value_cents'])
    .where('event_id', '=', order.event_id)
    .executeTakeFirst();
  if (!config || !config.enabled || config.template_id === null) return null;
  if (config.min_value_cents <= 0 || order.total_cents < config.min_value_cents) return null;
  const template = await trx
    .selectFrom('coupon_templates')
    .selectAll()
    .where('id', '=', config.template_id)
    .where('event_id', '=', order.event_id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  // A template that has expired would only make a coupon nobody can use: none is made.
  if (!template || template.expiration_date < now.toISOString()) return null;
  return createCoupon(trx, now, template, userId, order.id);
}

/**
 * The coupons an order generated, printed after its receipt (each reprint prints them again):
 * each coupon's code with its print's outcome, for the cashier's screen to print and announce.
 */
export async function printOrderCoupons(
  db: Db,
  now: Date,
  user: { id: number; username: string },
  orderId: number,
  timeZone: string,
): Promise<({ code: string } & PrintOutcome)[]> {
  const coupons = await db
    .selectFrom('coupons')
    .select('id')
    .where('origin_order_id', '=', orderId)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
  const printed: ({ code: string } & PrintOutcome)[] = [];
  for (const { id } of coupons) {
    const { outcome, coupon } = await db
      .transaction()
      .execute((trx) => printCoupon(trx, now, user, id, 'CHECKOUT', timeZone));
    printed.push({ code: coupon.code, ...outcome });
  }
  return printed;
}

/** A refund invalidates the coupon the order generated, if nobody used it yet. */
export async function invalidateOriginCoupons(trx: Trx, orderId: number): Promise<void> {
  await trx
    .updateTable('coupons')
    .set({ valid: false })
    .where('origin_order_id', '=', orderId)
    .where('used_at', 'is', null)
    .execute();
}
