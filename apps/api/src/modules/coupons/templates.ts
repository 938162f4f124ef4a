import { sql } from 'kysely';
import {
  COUPON_TEMPLATE_IN_CONFIG,
  COUPON_TEMPLATE_NOT_FOUND,
  PRODUCT_TYPES,
  formatCouponCode,
  validateCouponTemplate,
  type CouponCounters,
  type CouponDto,
  type CouponTemplateDto,
  type CouponTemplateInput,
  type ProductType,
} from '@balcao/contract';
import { invalidRequest, conflict, notFound } from '../../http/api-error.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import { renderCoupons } from '../../printing/documents/index.ts';
import { eventLayout } from '../layouts/index.ts';
import { queuePrint, type PrintOutcome } from '../../printing/queue.ts';
import {
  couponDtos,
  couponQuery,
  newCouponCode,
  parseCategories,
  productNames,
  toPercent,
  valueColumns,
  type Db,
  type Trx,
} from './values.ts';

/** Coupon templates per event and the coupons printed from them (docs/coupons-api.md). */

type User = { id: number; username: string };

/** Every product with its category type: products are shared by all events. */
async function productTypes(db: Db) {
  const rows = await db
    .selectFrom('products')
    .innerJoin('product_categories', 'product_categories.id', 'products.category_id')
    .select(['products.id', 'product_categories.type'])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    type: (PRODUCT_TYPES.find((type) => type === row.type) ?? 'Produto') as ProductType,
  }));
}

/** The counters of each template at `now`; a removed coupon counts only as removed. */
async function counters(db: Db, templateIds: readonly number[], now: Date) {
  const at = now.toISOString();
  const rows =
    templateIds.length === 0
      ? []
      : await db
          .selectFrom('coupons')
          .select([
            'template_id',
            sql<number>`count(*)`.as('generated'),
            sql<number>`sum(case when removed_at is not null then 1 else 0 end)`.as('removed'),
            sql<number>`sum(case when removed_at is null and not valid then 1 else 0 end)`.as(
              'invalidated',
            ),
            sql<number>`sum(case when removed_at is null and valid and used_at is not null then 1 else 0 end)`.as(
              'used',
            ),
            sql<number>`sum(case when removed_at is null and valid and used_at is null and expiration_date < ${at} then 1 else 0 end)`.as(
              'expired',
            ),
          ])
          .where('template_id', 'in', templateIds)
          .groupBy('template_id')
          .execute();
  const byTemplate = new Map(rows.map((row) => [row.template_id, row]));
  return (id: number): CouponCounters => {
    const row = byTemplate.get(id);
    const n = (value: unknown) => Number(value ?? 0);
    const generated = n(row?.generated);
    const removed = n(row?.removed);
    const invalidated = n(row?.invalidated);
    const used = n(row?.used);
    const expired = n(row?.expired);
    return {
      generated,
      used,
      available: generated - removed - invalidated - used - expired,
      expired,
      invalidated,
      removed,
    };
  };
}

async function templateDtos(db: Db, eventId: number, now: Date, id?: number) {
  let query = db
    .selectFrom('coupon_templates')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('removed_at', 'is', null)
    .orderBy('name')
    .orderBy('id');
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await query.execute();
  const count = await counters(
    db,
    rows.map((row) => row.id),
    now,
  );
  const listed = await productNames(db, rows);
  return rows.map((row): CouponTemplateDto => ({
    id: row.id,
    eventId: row.event_id,
    name: row.name,
    value: toPercent(row.value_bp),
    type: 'PERCENT_VALUE',
    categories: parseCategories(row.categories),
    startDate: row.start_date,
    expirationDate: row.expiration_date,
    whiteList: listed(row.white_list),
    blackList: listed(row.black_list),
    propagate: Boolean(row.propagate),
    ...count(row.id),
  }));
}

/** GET /coupons/templates?eventId */
export function listTemplates(db: Db, eventId: number, now: Date): Promise<CouponTemplateDto[]> {
  return templateDtos(db, eventId, now);
}

async function templateDto(db: Db, eventId: number, id: number, now: Date) {
  const [dto] = await templateDtos(db, eventId, now, id);
  if (!dto) throw notFound(COUPON_TEMPLATE_NOT_FOUND);
  return dto;
}

/** An unremoved template of the event (any event when eventId is undefined). */
async function findTemplate(db: Db, id: number, eventId?: number) {
  let query = db
    .selectFrom('coupon_templates')
    .selectAll()
    .where('id', '=', id)
    .where('removed_at', 'is', null);
  if (eventId !== undefined) query = query.where('event_id', '=', eventId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(COUPON_TEMPLATE_NOT_FOUND);
  return row;
}

/** POST /coupons/templates?eventId and /coupons/templates/{id}?eventId */
export async function saveTemplate(
  db: Db,
  now: Date,
  actor: AuditActor,
  eventId: number,
  id: number | undefined,
  input: CouponTemplateInput,
): Promise<CouponTemplateDto> {
  const existing = id === undefined ? undefined : await findTemplate(db, id, eventId);
  const startChanged =
    !existing ||
    (input.startDate ? new Date(input.startDate).toISOString() : null) !== existing.start_date;
  const problem = validateCouponTemplate(input, now, await productTypes(db), startChanged);
  if (problem) throw invalidRequest(problem);
  const at = now.toISOString();
  const values = valueColumns(input);
  const fields = { ...values, name: input.name.trim(), propagate: input.propagate };
  const savedId = await db.transaction().execute(async (trx) => {
    const audit = async (id: number) =>
      recordAudit(trx, actor, {
        entity: 'coupon_templates',
        entityId: id,
        action: existing ? 'update' : 'insert',
        before: existing,
        after: await trx
          .selectFrom('coupon_templates')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst(),
        at: now,
      });
    if (!existing) {
      const row = await trx
        .insertInto('coupon_templates')
        .values({ ...fields, event_id: eventId, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(row.id);
      return row.id;
    }
    await trx
      .updateTable('coupon_templates')
      .set({ ...fields, updated_at: at })
      .where('id', '=', existing.id)
      .execute();
    // Propagate: the template's coupons nobody used yet take the new values.
    if (input.propagate) {
      await trx
        .updateTable('coupons')
        .set(values)
        .where('template_id', '=', existing.id)
        .where('used_at', 'is', null)
        .where('removed_at', 'is', null)
        .execute();
    }
    await audit(existing.id);
    return existing.id;
  });
  return templateDto(db, eventId, savedId, now);
}

/** DELETE /coupons/templates/{id}: kept for the record (its coupons keep their name). */
export async function deleteTemplate(
  db: Db,
  now: Date,
  actor: AuditActor,
  id: number,
): Promise<{ id: number }> {
  const template = await findTemplate(db, id);
  const config = await db
    .selectFrom('coupon_configs')
    .select('enabled')
    .where('template_id', '=', id)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (config) throw conflict(COUPON_TEMPLATE_IN_CONFIG);
  await db.transaction().execute(async (trx) => {
    const removedAt = now.toISOString();
    await trx
      .updateTable('coupon_templates')
      .set({ removed_at: removedAt, updated_at: removedAt })
      .where('id', '=', template.id)
      .execute();
    await recordAudit(trx, actor, {
      entity: 'coupon_templates',
      entityId: id,
      action: 'delete',
      before: { name: template.name, removed_at: null },
      after: { name: template.name, removed_at: removedAt },
      at: now,
    });
  });
  return { id };
}

/**
 * A new coupon from a template, in the caller's transaction: the template's values copied and a
 * fresh random code. A code already taken (1 chance in 2^80 per pair) is drawn again; the unique
 * index stays the last word.
 */
export async function createCoupon(
  trx: Trx,
  now: Date,
  template: { id: number; event_id: number } & Parameters<typeof valuesOf>[0],
  userId: number,
  originOrderId: number | null = null,
): Promise<number> {
  let code = newCouponCode();
  while (await trx.selectFrom('coupons').select('id').where('code', '=', code).executeTakeFirst()) {
    code = newCouponCode();
  }
  const row = await trx
    .insertInto('coupons')
    .values({
      ...valuesOf(template),
      template_id: template.id,
      event_id: template.event_id,
      code,
      created_by: userId,
      origin_order_id: originOrderId,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function valuesOf(row: {
  value_bp: number;
  type: string;
  categories: string;
  start_date: string | null;
  expiration_date: string;
  white_list: string;
  black_list: string;
}) {
  return {
    value_bp: row.value_bp,
    type: row.type,
    categories: row.categories,
    start_date: row.start_date,
    expiration_date: row.expiration_date,
    white_list: row.white_list,
    black_list: row.black_list,
  };
}

/** The coupon's PDF sent to the printer of `service` inside the caller's transaction. */
export async function printCoupon(
  trx: Trx,
  now: Date,
  user: User,
  couponId: number,
  service: 'COUPON' | 'CHECKOUT',
  timeZone: string,
): Promise<{ outcome: PrintOutcome; coupon: CouponDto }> {
  const { outcome, coupons } = await printCoupons(trx, now, user, [couponId], service, timeZone);
  return { outcome, coupon: coupons[0]! };
}

/**
 * Coupons of one event in one PDF (a page each) and one print job for `service`, inside the
 * caller's transaction: with no printer mapped the browser opens a single print for all of them.
 */
async function printCoupons(
  trx: Trx,
  now: Date,
  user: User,
  couponIds: readonly number[],
  service: 'COUPON' | 'CHECKOUT',
  timeZone: string,
): Promise<{ outcome: PrintOutcome; coupons: CouponDto[] }> {
  const rows = await couponQuery(trx)
    .where('coupons.id', 'in', [...couponIds])
    .orderBy('coupons.id')
    .execute();
  const [first] = rows;
  if (!first) throw new Error('printCoupons: no coupon');
  const event = await trx
    .selectFrom('events')
    .select('name')
    .where('id', '=', first.event_id)
    .executeTakeFirstOrThrow();
  const coupons = await couponDtos(trx, rows, now);
  const pdf = await renderCoupons(
    rows.map((row) => ({
      couponId: row.code,
      codeText: formatCouponCode(row.code),
      templateName: row.template_name,
      percent: toPercent(row.value_bp),
      expirationDate: new Date(row.expiration_date),
      eventName: event.name,
      timeZone,
    })),
    await eventLayout(trx, first.event_id, 'coupon'),
  );
  const outcome = await queuePrint(trx, now, {
    user,
    service,
    kind: 'cupom',
    title:
      rows.length > 1
        ? `Cupons ${first.template_name} (${rows.length})`
        : `Cupom ${first.template_name}`,
    pdf,
  });
  return { outcome, coupons };
}

/**
 * POST /coupons/templates/{id}/generate: `quantity` coupons (1 to 30), created and sent to the
 * COUPON printer as one PDF in one transaction (no printer mapped: the PDF is kept for the
 * browser, as the other prints do).
 */
export async function generateCoupons(
  db: Db,
  now: Date,
  actor: AuditActor,
  templateId: number,
  quantity: number,
  timeZone: string,
): Promise<PrintOutcome & { coupon: CouponDto; coupons: CouponDto[] }> {
  const template = await findTemplate(db, templateId);
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (let made = 0; made < quantity; made += 1) {
      const id = await createCoupon(trx, now, template, actor.id);
      await recordAudit(trx, actor, {
        entity: 'coupons',
        entityId: id,
        action: 'insert',
        after: await trx.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst(),
        at: now,
      });
      ids.push(id);
    }
    const { outcome, coupons } = await printCoupons(trx, now, actor, ids, 'COUPON', timeZone);
    return { ...outcome, coupon: coupons[coupons.length - 1]!, coupons };
  });
}
