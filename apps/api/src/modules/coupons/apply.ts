import {
  COUPON_ALREADY_USED,
  COUPON_EXPIRED,
  COUPON_INVALIDATED,
  COUPON_NOT_FOUND,
  COUPON_NOT_STARTED,
  COUPON_NO_MATCHING_ITEM,
  COUPON_OTHER_EVENT,
  COUPON_REMOVED,
  ORDER_NOT_FOUND,
  PRODUCT_TYPES,
  couponLinePercent,
  lineAmounts,
  normalizeCouponCode,
  type OrderDto,
  type ProductType,
} from '@balcao/contract';
import type { ApiError } from '../../http/api-error.ts';
import { conflict, invalidRequest, notFound } from '../../http/api-error.ts';
import {
  type Actor,
  type LineAmounts,
  applyTransition,
  loadOrder,
  setLineAmounts,
} from '../orders/index.ts';
import { ruleOf, type Db, type Trx } from './values.ts';

/**
 * A coupon on an order (docs/coupons-api.md): applied at the cashier, kept per line as a
 * snapshot (order_items.coupon_bp replaces the line's own discount while the order holds it),
 * and used exactly once when the order is paid.
 */

interface CouponCheck {
  event_id: number;
  valid: unknown;
  used_at: string | null;
  removed_at: string | null;
  start_date: string | null;
  expiration_date: string;
}

/** Why a coupon cannot be applied or used now; null when it can. */
function refusal(coupon: CouponCheck, now: Date): ApiError | null {
  if (coupon.removed_at !== null) return invalidRequest(COUPON_REMOVED);
  if (!coupon.valid) return invalidRequest(COUPON_INVALIDATED);
  if (coupon.used_at !== null) return conflict(COUPON_ALREADY_USED);
  if (now.getTime() > Date.parse(coupon.expiration_date)) return invalidRequest(COUPON_EXPIRED);
  if (coupon.start_date !== null && now.getTime() < Date.parse(coupon.start_date)) {
    return invalidRequest(COUPON_NOT_STARTED);
  }
  return null;
}

/**
 * Recomputes the order's lines for the coupon it holds (none: each line's own discount), with
 * the contract's couponLinePercent and lineAmounts, and the order's total. Runs in the caller's
 * transaction after anything that rewrites lines (save, unify, apply). Returns how many lines the
 * coupon discounts. `onlyWithCoupon`: nothing to do for an order without one (freshly saved lines).
 */
export async function refreshCouponLines(
  trx: Trx,
  orderId: number,
  { onlyWithCoupon = false } = {},
): Promise<number> {
  const order = await trx
    .selectFrom('orders')
    .select('coupon_id')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  // Lines just written without a coupon are already right (no coupon_bp, own discounts).
  if (onlyWithCoupon && order.coupon_id === null) return 0;
  const coupon =
    order.coupon_id === null
      ? undefined
      : await trx
          .selectFrom('coupons')
          .selectAll()
          .where('id', '=', order.coupon_id)
          .executeTakeFirstOrThrow();
  const rule = coupon && ruleOf(coupon);
  const lines = await trx
    .selectFrom('order_items')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .innerJoin('product_categories', 'product_categories.id', 'products.category_id')
    .select([
      'order_items.id',
      'order_items.product_id',
      'order_items.quantity',
      'order_items.unit_price_cents',
      'order_items.discount_bp',
      'order_items.coupon_bp',
      'order_items.discount_cents',
      'order_items.total_cents',
      'product_categories.type',
    ])
    .where('order_items.order_id', '=', orderId)
    .execute();
  let total = 0;
  let discounted = 0;
  const changed: LineAmounts[] = [];
  for (const line of lines) {
    const type = (PRODUCT_TYPES.find((t) => t === line.type) ?? 'Produto') as ProductType;
    const couponBp = rule
      ? Math.round(couponLinePercent({ productId: line.product_id, type }, rule) * 100)
      : null;
    if (couponBp !== null && couponBp > 0) discounted++;
    const amounts = lineAmounts({
      unitPrice: line.unit_price_cents,
      quantity: line.quantity,
      discountPercent: (couponBp ?? line.discount_bp) / 100,
    });
    total += amounts.net;
    if (
      couponBp !== line.coupon_bp ||
      amounts.discount !== line.discount_cents ||
      amounts.net !== line.total_cents
    ) {
      changed.push({
        id: line.id,
        coupon_bp: couponBp,
        discount_cents: amounts.discount,
        total_cents: amounts.net,
      });
    }
  }
  await setLineAmounts(trx, orderId, changed, total);
  return discounted;
}

/**
 * POST /carrinho/cupom/{id} {id_cupom}: a code applies that coupon (replacing any other), an
 * empty one removes it. The order must still be editable ('atualizar'), whose guarded update
 * also locks it for the rest of the transaction.
 */
export async function applyCoupon(
  db: Db,
  now: Date,
  actor: Actor,
  orderId: number,
  idCupom: string | null | undefined,
): Promise<OrderDto> {
  const code = normalizeCouponCode(idCupom ?? '');
  if (code === '') {
    await db.transaction().execute(async (trx) => {
      await applyTransition(trx, orderId, 'atualizar', actor, now, {
        coupon_id: null,
        coupon_name: null,
        coupon_percent_bp: null,
      });
      await refreshCouponLines(trx, orderId);
    });
    return loadOrder(db, orderId);
  }
  const order = await db
    .selectFrom('orders')
    .select('event_id')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const coupon = await db
    .selectFrom('coupons')
    .innerJoin('coupon_templates', 'coupon_templates.id', 'coupons.template_id')
    .selectAll('coupons')
    .select('coupon_templates.name as template_name')
    .where('coupons.code', '=', code)
    .executeTakeFirst();
  if (!coupon) throw notFound(COUPON_NOT_FOUND);
  if (coupon.event_id !== order.event_id) throw invalidRequest(COUPON_OTHER_EVENT);
  const refused = refusal(coupon, now);
  if (refused) throw refused;
  await db.transaction().execute(async (trx) => {
    await applyTransition(trx, orderId, 'atualizar', actor, now, {
      coupon_id: coupon.id,
      coupon_name: coupon.template_name,
      coupon_percent_bp: coupon.value_bp,
    });
    const discounted = await refreshCouponLines(trx, orderId);
    if (discounted === 0) throw invalidRequest(COUPON_NO_MATCHING_ITEM);
  });
  return loadOrder(db, orderId);
}

/**
 * At payment, in its transaction: the order's coupon becomes used by this order with one guarded
 * update (not used, valid, not removed, inside its dates). Two payments with the same coupon:
 * the second finds it used (PostgreSQL re-reads the row after the first commits; SQLite runs
 * them one after the other) and its whole payment is refused with 409.
 */
export async function useOrderCoupon(
  trx: Trx,
  now: Date,
  order: { id: number; coupon_id: number | null },
): Promise<void> {
  const orderId = order.id;
  if (order.coupon_id === null) return;
  const at = now.toISOString();
  const result = await trx
    .updateTable('coupons')
    .set({ used_at: at, used_order_id: orderId })
    .where('id', '=', order.coupon_id)
    .where('used_at', 'is', null)
    .where('valid', '=', true)
    .where('removed_at', 'is', null)
    .where('expiration_date', '>=', at)
    .where((eb) => eb.or([eb('start_date', 'is', null), eb('start_date', '<=', at)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const coupon = await trx
    .selectFrom('coupons')
    .selectAll()
    .where('id', '=', order.coupon_id)
    .executeTakeFirstOrThrow();
  // Whatever makes it unusable, a payment that cannot use its coupon is a conflict.
  const reason = refusal(coupon, now);
  throw conflict(reason?.description ?? COUPON_ALREADY_USED);
}
