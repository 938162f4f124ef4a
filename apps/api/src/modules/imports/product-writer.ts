import type { Kysely } from 'kysely';
import type { ProductType } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { conflict } from '../../http/api-error.ts';
import { recordMovement } from '../products/index.ts';
import type { Counts } from './participant-writer.ts';
import type { ProductLine } from './product-rows.ts';

export const IMPORT_STOCK_REASONS = {
  initial: 'Estoque inicial (importação)',
  adjustment: 'Ajuste por importação',
} as const;

interface CategoryState {
  id: number;
  type: ProductType;
}

interface ProductState {
  id: number;
  name: string;
  category_id: number;
  price_cents: number;
  inventory: number;
  cod_totvs: string | null;
}

/** Categories and products as the import goes: catalogs are small next to participant lists. */
export interface ProductCatalog {
  categories: Map<string, CategoryState>;
  byCode: Map<string, ProductState>;
  byName: Map<string, ProductState[]>;
  /** Product id -> the line that wrote it, to refuse a second line for the same product. */
  touched: Map<number, number>;
}

/** Names match as the categories' unique index does: case-insensitively, trimmed. */
const key = (name: string): string => name.trim().toLowerCase();

export async function loadCatalog(db: Kysely<Database>): Promise<ProductCatalog> {
  const catalog: ProductCatalog = {
    categories: new Map(),
    byCode: new Map(),
    byName: new Map(),
    touched: new Map(),
  };
  for (const row of await db
    .selectFrom('product_categories')
    .select(['id', 'name', 'type'])
    .execute()) {
    catalog.categories.set(key(row.name), { id: row.id, type: row.type });
  }
  for (const product of await db
    .selectFrom('products')
    .select(['id', 'name', 'category_id', 'price_cents', 'inventory', 'cod_totvs'])
    .execute()) {
    remember(catalog, product);
  }
  return catalog;
}

function remember(catalog: ProductCatalog, product: ProductState): void {
  if (product.cod_totvs !== null) catalog.byCode.set(product.cod_totvs, product);
  const named = catalog.byName.get(key(product.name)) ?? [];
  if (!named.includes(product)) named.push(product);
  catalog.byName.set(key(product.name), named);
}

function forget(catalog: ProductCatalog, product: ProductState): void {
  const named = catalog.byName.get(key(product.name))?.filter((other) => other !== product);
  if (named && named.length > 0) catalog.byName.set(key(product.name), named);
  else catalog.byName.delete(key(product.name));
}

/** The product a line updates: by Totvs code, else by name among products without a code. */
function findProduct(
  catalog: ProductCatalog,
  line: ProductLine,
): ProductState | undefined | { error: string } {
  const byCode = line.codTotvs === null ? undefined : catalog.byCode.get(line.codTotvs);
  if (byCode) return byCode;
  const named = catalog.byName.get(key(line.name)) ?? [];
  const candidates =
    line.codTotvs === null ? named : named.filter((product) => product.cod_totvs === null);
  if (candidates.length > 1) {
    return { error: `Há mais de um produto chamado ${line.name}; informe o CODIGO TOTVS` };
  }
  return candidates[0];
}

export interface Actor {
  userId: number;
  now: Date;
}

/**
 * Writes one batch of product lines in one transaction, line by line (a catalog is thousands of
 * lines at most). A line refused here (a category of the other type, a product named twice) is
 * added to `fails`.
 */
export async function writeProducts(
  db: Kysely<Database>,
  catalog: ProductCatalog,
  batch: readonly { line: number; product: ProductLine }[],
  actor: Actor,
  result: Counts & { fails: { add(fail: { line: number; error: string }): void } },
): Promise<void> {
  const stamp = actor.now.toISOString();
  await db.transaction().execute(async (trx) => {
    for (const { line, product } of batch) {
      const found = findProduct(catalog, product);
      if (found && 'error' in found) {
        result.fails.add({ line, error: found.error });
        continue;
      }
      const earlier = found && catalog.touched.get(found.id);
      if (earlier !== undefined) {
        result.fails.add({
          line,
          error: `Produto repetido na planilha (já informado na linha ${earlier})`,
        });
        continue;
      }
      const category = catalog.categories.get(key(product.categoryName));
      if (category && category.type !== product.type) {
        result.fails.add({
          line,
          error: `A categoria ${product.categoryName} é do tipo ${category.type}, não ${product.type}`,
        });
        continue;
      }
      const categoryId = category?.id ?? (await createCategory(trx, catalog, product, stamp));

      if (!found) {
        const created = await createProduct(trx, product, categoryId, actor);
        remember(catalog, created);
        catalog.touched.set(created.id, line);
        result.created++;
        continue;
      }
      catalog.touched.set(found.id, line);
      const changed = await updateProduct(trx, catalog, found, product, categoryId, stamp);
      const restocked = await setInventory(trx, found, product.inventory, actor);
      if (changed || restocked) result.updated++;
      else result.unchanged++;
    }
  });
}

async function createCategory(
  trx: Kysely<Database>,
  catalog: ProductCatalog,
  product: ProductLine,
  stamp: string,
): Promise<number> {
  const { id } = await trx
    .insertInto('product_categories')
    .values({
      name: product.categoryName,
      type: product.type,
      date_created: stamp,
      date_updated: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  catalog.categories.set(key(product.categoryName), { id, type: product.type });
  return id;
}

async function createProduct(
  trx: Kysely<Database>,
  product: ProductLine,
  categoryId: number,
  actor: Actor,
): Promise<ProductState> {
  const stamp = actor.now.toISOString();
  const inventory = product.inventory ?? 0;
  const { id } = await trx
    .insertInto('products')
    .values({
      name: product.name,
      category_id: categoryId,
      price_cents: product.priceCents,
      inventory,
      cod_totvs: product.codTotvs,
      date_created: stamp,
      date_updated: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (inventory > 0) {
    const change = {
      productId: id,
      delta: inventory,
      userId: actor.userId,
      reason: IMPORT_STOCK_REASONS.initial,
      now: actor.now,
    };
    await recordMovement(trx, change, inventory);
  }
  return {
    id,
    name: product.name,
    category_id: categoryId,
    price_cents: product.priceCents,
    inventory,
    cod_totvs: product.codTotvs,
  };
}

/** Name, category, price and (when the line has one) Totvs code; false when all already match. */
async function updateProduct(
  trx: Kysely<Database>,
  catalog: ProductCatalog,
  found: ProductState,
  product: ProductLine,
  categoryId: number,
  stamp: string,
): Promise<boolean> {
  const next = {
    name: product.name,
    category_id: categoryId,
    price_cents: product.priceCents,
    cod_totvs: product.codTotvs ?? found.cod_totvs,
  };
  if (
    next.name === found.name &&
    next.category_id === found.category_id &&
    next.price_cents === found.price_cents &&
    next.cod_totvs === found.cod_totvs
  ) {
    return false;
  }
  await trx
    .updateTable('products')
    .set({ ...next, date_updated: stamp })
    .where('id', '=', found.id)
    .execute();
  forget(catalog, found);
  Object.assign(found, next);
  remember(catalog, found);
  return true;
}

/**
 * Sets the inventory to the sheet's ESTOQUE with a compare-and-set on the value last seen, so a
 * sale landing meanwhile is not overwritten blindly: the set is retried from the fresh value and
 * the movement records the real delta. False when the inventory already matches.
 */
async function setInventory(
  trx: Kysely<Database>,
  found: ProductState,
  target: number | null,
  actor: Actor,
): Promise<boolean> {
  if (target === null || target === found.inventory) return false;
  let expected = found.inventory;
  for (let attempt = 0; attempt < 5 && expected !== target; attempt++) {
    const updated = await trx
      .updateTable('products')
      .set({ inventory: target })
      .where('id', '=', found.id)
      .where('inventory', '=', expected)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) {
      const change = {
        productId: found.id,
        delta: target - expected,
        userId: actor.userId,
        reason: IMPORT_STOCK_REASONS.adjustment,
        now: actor.now,
      };
      await recordMovement(trx, change, target);
      found.inventory = target;
      return true;
    }
    const fresh = await trx
      .selectFrom('products')
      .select('inventory')
      .where('id', '=', found.id)
      .executeTakeFirstOrThrow();
    expected = fresh.inventory;
  }
  found.inventory = expected;
  if (expected === target) return false;
  throw conflict('O estoque do produto mudou durante a importação; importe a planilha de novo.');
}
