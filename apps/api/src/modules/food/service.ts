import { type AuditActor, auditedWrite, recordAudit } from '../audit/index.ts';
import type { Kysely } from 'kysely';
import {
  FOOD_DEFAULTS,
  type FoodCategoryDto,
  type FoodConfigDto,
  type FoodSalesDto,
  SOLD_STATES,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { invalidRequest } from '../../http/api-error.ts';

/** The kitchen's food panel (docs/food-api.md). */

type Db = Kysely<Database>;

export async function foodConfig(db: Db): Promise<FoodConfigDto> {
  const [row, categories] = await Promise.all([
    db.selectFrom('food_settings').selectAll().where('id', '=', 1).executeTakeFirst(),
    db.selectFrom('food_categories').select('category_id').orderBy('category_id').execute(),
  ]);
  return {
    ...(row
      ? {
          offset: row.offset_units,
          target: row.target_units,
          refreshInterval: row.refresh_seconds,
        }
      : FOOD_DEFAULTS),
    categoryIds: categories.map((category) => category.category_id),
  };
}

/** POST /alimentos/config: one settings row, replaced, and the food categories, replaced. */
export async function saveFoodConfig(
  db: Db,
  now: Date,
  actor: AuditActor,
  config: FoodConfigDto,
): Promise<FoodConfigDto> {
  const categoryIds = [...new Set(config.categoryIds)];
  await db.transaction().execute(async (trx) => {
    if (categoryIds.length > 0) {
      const found = await trx
        .selectFrom('product_categories')
        .select('id')
        .where('id', 'in', categoryIds)
        .execute();
      const missing = categoryIds.find((id) => !found.some((row) => row.id === id));
      if (missing !== undefined) throw invalidRequest(`Categoria não encontrada: ${missing}.`);
    }
    const values = {
      offset_units: config.offset,
      target_units: config.target,
      refresh_seconds: config.refreshInterval,
      updated_by: actor.id,
      updated_at: now.toISOString(),
    };
    const target = { entity: 'food_settings', id: 1, action: 'update', at: now } as const;
    await auditedWrite(trx, actor, target, () =>
      trx
        .insertInto('food_settings')
        .values({ id: 1, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute(),
    );
    const before = (await trx.selectFrom('food_categories').select('category_id').execute()).map(
      (row) => row.category_id,
    );
    await trx.deleteFrom('food_categories').execute();
    if (categoryIds.length > 0) {
      await trx
        .insertInto('food_categories')
        .values(categoryIds.map((category_id) => ({ category_id })))
        .execute();
    }
    await recordAudit(trx, actor, {
      entity: 'food_categories',
      action: 'update',
      before: { categorias: before.sort((a, b) => a - b) },
      after: { categorias: [...categoryIds].sort((a, b) => a - b) },
      at: now,
    });
  });
  return foodConfig(db);
}

export async function productCategories(db: Db): Promise<FoodCategoryDto[]> {
  return db.selectFrom('product_categories').select(['id', 'name']).orderBy('name').execute();
}

/** GET /alimentos/vendidos: units of food in the selected event's paid orders, plus the offset. */
export async function foodSales(db: Db): Promise<FoodSalesDto> {
  const [config, event] = await Promise.all([
    foodConfig(db),
    db.selectFrom('events').select(['id', 'name']).where('selected', '=', true).executeTakeFirst(),
  ]);
  let sold = 0;
  if (event && config.categoryIds.length > 0) {
    const row = await db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select((eb) => eb.fn.sum<number | string | null>('i.quantity').as('units'))
      .where('o.event_id', '=', event.id)
      .where('o.state', 'in', SOLD_STATES)
      .where('p.category_id', 'in', config.categoryIds)
      .executeTakeFirst();
    sold = Number(row?.units ?? 0);
  }
  return {
    eventId: event?.id ?? null,
    eventName: event?.name ?? null,
    sold,
    offset: config.offset,
    total: sold + config.offset,
    target: config.target,
    refreshInterval: config.refreshInterval,
  };
}
