import { type AuditActor, recordAudit } from '../audit/index.ts';
import {
  COUPON_CONFIG_MIN_VALUE,
  COUPON_CONFIG_TEMPLATE_REQUIRED,
  COUPON_NOT_FOUND,
  COUPON_TEMPLATE_NOT_FOUND,
  COUPON_USED_CANNOT_CHANGE,
  MONEY_MAX_CENTS,
  type CouponConfigDto,
  type CouponDto,
} from '@balcao/contract';
import { conflict, invalidRequest, notFound } from '../../http/api-error.ts';
import { couponDtos, couponQuery, type Db } from './values.ts';

/** Generated coupons (list, remove, invalidate) and the automatic coupon settings. */

/** GET /coupons/select?eventId: the event's coupons, newest first; removed ones are left out. */
export async function listCoupons(db: Db, eventId: number, now: Date): Promise<CouponDto[]> {
  const rows = await couponQuery(db)
    .where('coupons.event_id', '=', eventId)
    .where('coupons.removed_at', 'is', null)
    .orderBy('coupons.id', 'desc')
    .execute();
  return couponDtos(db, rows, now);
}

async function couponDto(db: Db, id: number, now: Date): Promise<CouponDto> {
  const row = await couponQuery(db).where('coupons.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(COUPON_NOT_FOUND);
  const [dto] = await couponDtos(db, [row], now);
  return dto!;
}

/**
 * Removes or invalidates a coupon nobody used, with one guarded update (a payment using it at the
 * same moment either wins, and this answers 409, or finds it removed/invalid and refuses).
 */
async function changeUnused(
  db: Db,
  now: Date,
  actor: AuditActor,
  id: number,
  eventId: number | undefined,
  change: { removed_at: string } | { valid: false },
): Promise<CouponDto> {
  const changed = await db.transaction().execute(async (trx) => {
    let query = trx
      .updateTable('coupons')
      .set(change)
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .where('used_at', 'is', null);
    if (eventId !== undefined) query = query.where('event_id', '=', eventId);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await recordAudit(trx, actor, {
      entity: 'coupons',
      entityId: id,
      action: 'removed_at' in change ? 'delete' : 'invalidar',
      before: 'removed_at' in change ? { removed_at: null } : { valid: true },
      after: change,
      at: now,
    });
    return true;
  });
  if (!changed) {
    let find = db.selectFrom('coupons').select(['used_at', 'removed_at']).where('id', '=', id);
    if (eventId !== undefined) find = find.where('event_id', '=', eventId);
    const row = await find.executeTakeFirst();
    if (!row || row.removed_at !== null) throw notFound(COUPON_NOT_FOUND);
    throw conflict(COUPON_USED_CANNOT_CHANGE);
  }
  return couponDto(db, id, now);
}

/** POST /coupons/delete/{id}?eventId: removed (kept for the record, out of the list). */
export function removeCoupon(db: Db, now: Date, actor: AuditActor, id: number, eventId: number) {
  return changeUnused(db, now, actor, id, eventId, { removed_at: now.toISOString() });
}

/** POST /coupons/invalidate/{id}: it stays listed, as 'Invalidado', and can no longer be applied. */
export function invalidateCoupon(db: Db, now: Date, actor: AuditActor, id: number) {
  return changeUnused(db, now, actor, id, undefined, { valid: false });
}

/** GET /coupons/config?eventId: disabled, no template and 0 until saved. */
export async function couponConfig(db: Db, eventId: number): Promise<CouponConfigDto> {
  const row = await db
    .selectFrom('coupon_configs')
    .selectAll()
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row
    ? { enabled: Boolean(row.enabled), templateId: row.template_id, minValue: row.min_value_cents }
    : { enabled: false, templateId: null, minValue: 0 };
}

/** POST /coupons/config?eventId: enabled needs a template of the event and a minimum > 0. */
export async function saveCouponConfig(
  db: Db,
  now: Date,
  actor: AuditActor,
  eventId: number,
  config: CouponConfigDto,
): Promise<CouponConfigDto> {
  if (
    !Number.isInteger(config.minValue) ||
    config.minValue < 0 ||
    config.minValue > MONEY_MAX_CENTS
  ) {
    throw invalidRequest(COUPON_CONFIG_MIN_VALUE);
  }
  if (config.templateId !== null) {
    const template = await db
      .selectFrom('coupon_templates')
      .select('id')
      .where('id', '=', config.templateId)
      .where('event_id', '=', eventId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!template) throw notFound(COUPON_TEMPLATE_NOT_FOUND);
  }
  if (config.enabled) {
    if (config.templateId === null) throw invalidRequest(COUPON_CONFIG_TEMPLATE_REQUIRED);
    if (config.minValue <= 0) throw invalidRequest(COUPON_CONFIG_MIN_VALUE);
  }
  const values = {
    enabled: config.enabled,
    template_id: config.templateId,
    min_value_cents: config.minValue,
    updated_by: actor.id,
    updated_at: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    const before = await couponConfig(trx, eventId);
    await trx
      .insertInto('coupon_configs')
      .values({ event_id: eventId, ...values })
      .onConflict((oc) => oc.column('event_id').doUpdateSet(values))
      .execute();
    await recordAudit(trx, actor, {
      entity: 'coupon_configs',
      entityId: eventId,
      action: 'update',
      before: { ...before },
      after: { ...(await couponConfig(trx, eventId)) },
      at: now,
    });
  });
  return couponConfig(db, eventId);
}
