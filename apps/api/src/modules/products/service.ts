import type { Kysely } from 'kysely';
import { PRODUCT_TYPES, tagSheetCount, toReais, type SaleProduct } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/api-error.ts';
import { renderProductTagSheets } from '../../printing/documents/index.ts';
import { printDocument, type PrintOutcome } from '../../printing/queue.ts';

/**
 * Products as the store sells them. A user with product categories assigned (their sales
 * permissions) sees only those categories; a user with none sees every product.
 */
export async function listSaleProducts(
  db: Kysely<Database>,
  userId: number,
): Promise<SaleProduct[]> {
  const allowed = db
    .selectFrom('user_product_categories')
    .select('category_id')
    .where('user_id', '=', userId);
  const restricted = (await allowed.limit(1).executeTakeFirst()) !== undefined;
  let query = db
    .selectFrom('products')
    .innerJoin('product_categories', 'product_categories.id', 'products.category_id')
    .select([
      'products.id',
      'products.name',
      'products.price_cents',
      'products.inventory',
      'products.cod_totvs',
      'product_categories.type',
    ])
    .orderBy('products.name')
    .orderBy('products.id');
  if (restricted) query = query.where('products.category_id', 'in', allowed);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    descricao: row.name,
    preco: toReais(row.price_cents),
    categoria: PRODUCT_TYPES.find((type) => type === row.type) ?? 'Produto',
    codTotvs: row.cod_totvs,
    inventory: row.inventory,
  }));
}

/** 'Etiquetas de Produtos': tag sheets for `quantity` tags, through the print queue. */
export async function printProductTags(
  db: Kysely<Database>,
  now: Date,
  user: { id: number; username: string },
  productId: number,
  quantity: number,
): Promise<PrintOutcome> {
  const product = await db
    .selectFrom('products')
    .select(['id', 'name', 'price_cents', 'cod_totvs'])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product) throw notFound('Produto não encontrado.');
  const pdf = await renderProductTagSheets({
    product: {
      productId: product.id,
      name: product.name,
      priceCents: product.price_cents,
      codTotvs: product.cod_totvs,
    },
    sheets: tagSheetCount(quantity),
  });
  return printDocument(db, now, {
    user,
    service: 'PRODUCT',
    kind: 'etiquetas',
    title: `Etiquetas: ${product.name}`,
    pdf,
  });
}
