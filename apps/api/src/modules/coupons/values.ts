import { randomInt } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  COUPON_CATEGORIES,
  COUPON_CODE_ALPHABET,
  COUPON_CODE_LENGTH,
  COUPON_FILL_FIELDS,
  NO_SELECTED_EVENT_MESSAGE,
  couponState,
  type CouponCategory,
  type CouponDto,
  type CouponLineRule,
  type CouponTemplateInput,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import type { CouponTable } from '../../db/tables/coupons.ts';
import { conflict, invalidRequest } from '../../http/api-error.ts';
import { requireEvent } from '../events/index.ts';

/** Rows, JSON columns and codes shared by the coupon module's parts (docs/coupons-api.md). */

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

/** Percent ↔ basis points (12.5 ↔ 1250). */
export const toBasisPoints = (percent: number): number => Math.round(percent * 100);
export const toPercent = (basisPoints: number): number => basisPoints / 100;

function parseIds(json: string): number[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
}

export function parseCategories(json: string): CouponCategory[] {
  const parsed: unknown = JSON.parse(json);
  return COUPON_CATEGORIES.filter((category) => Array.isArray(parsed) && parsed.includes(category));
}

interface ValueColumns {
  value_bp: number;
  categories: string;
  start_date: string | null;
  expiration_date: string;
  white_list: string;
  black_list: string;
}

/** The rule a coupon (or template) row applies to order lines. */
export function ruleOf(row: ValueColumns): CouponLineRule {
  return {
    value: toPercent(row.value_bp),
    categories: parseCategories(row.categories),
    whiteList: parseIds(row.white_list),
    blackList: parseIds(row.black_list),
  };
}

/** A validated form as the value columns store it (categories in their canonical order). */
export function valueColumns(input: CouponTemplateInput) {
  return {
    value_bp: toBasisPoints(input.value),
    type: 'PERCENT_VALUE',
    categories: JSON.stringify(COUPON_CATEGORIES.filter((c) => input.categories.includes(c))),
    start_date: input.startDate ? new Date(input.startDate).toISOString() : null,
    expiration_date: new Date(input.expirationDate).toISOString(),
    white_list: JSON.stringify([...new Set(input.whiteList.map((product) => product.id))]),
    black_list: JSON.stringify([...new Set(input.blackList.map((product) => product.id))]),
  };
}

/** 16 characters drawn uniformly with crypto's randomInt: 80 bits nobody can guess. */
export function newCouponCode(): string {
  let code = '';
  for (let i = 0; i < COUPON_CODE_LENGTH; i++) {
    code += COUPON_CODE_ALPHABET[randomInt(COUPON_CODE_ALPHABET.length)];
  }
  return code;
}

/** Product names by id, for the lists on the wire. */
export async function productNames(db: Db, rows: readonly ValueColumns[]) {
  const ids = [
    ...new Set(rows.flatMap((row) => [...parseIds(row.white_list), ...parseIds(row.black_list)])),
  ];
  const products =
    ids.length === 0
      ? []
      : await db.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).execute();
  const names = new Map(products.map((product) => [product.id, product.name]));
  return (json: string) =>
    parseIds(json).map((id) => ({ id, name: names.get(id) ?? `Produto ${id}` }));
}

export type CouponRow = Selectable<CouponTable> & { template_name: string };

/** The coupons as the wire shows them, state at `now`. */
export async function couponDtos(db: Db, rows: readonly CouponRow[], now: Date) {
  const listed = await productNames(db, rows);
  return rows.map((row): CouponDto => {
    const dto = {
      id: row.id,
      code: row.code,
      eventId: row.event_id,
      templateId: row.template_id,
      template: { name: row.template_name },
      value: toPercent(row.value_bp),
      categories: parseCategories(row.categories),
      startDate: row.start_date,
      expirationDate: row.expiration_date,
      isValid: Boolean(row.valid),
      isUsed: row.used_at !== null,
      usedOrderId: row.used_order_id,
      usedAt: row.used_at,
      originOrderId: row.origin_order_id,
      whiteList: listed(row.white_list),
      blackList: listed(row.black_list),
      createdAt: row.created_at,
    };
    return { ...dto, state: couponState(dto, now) };
  });
}

/** Coupons with their template's name. */
export function couponQuery(db: Db) {
  return db
    .selectFrom('coupons')
    .innerJoin('coupon_templates', 'coupon_templates.id', 'coupons.template_id')
    .selectAll('coupons')
    .select('coupon_templates.name as template_name');
}

/** `?eventId` or, without it, the selected event (409 when none is selected). */
export async function eventOf(db: Db, eventId: number | undefined): Promise<number> {
  const selected = () =>
    db.selectFrom('events').select('id').where('selected', '=', true).executeTakeFirst();
  const id = eventId ?? (await selected())?.id;
  if (id === undefined) throw conflict(NO_SELECTED_EVENT_MESSAGE);
  await requireEvent(db, id);
  return id;
}

/** A body field the schema let through but the form needs (e.g. a missing name). */
export function requireFilled<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw invalidRequest(COUPON_FILL_FIELDS);
  return value;
}
