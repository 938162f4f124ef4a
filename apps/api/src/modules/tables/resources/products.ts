import {
  PRODUCT_TYPES,
  toReais,
  type ProductCategoryRow,
  type ProductRow,
  type ProductType,
} from '@balcao/contract';
import { moveStock, recordMovement, STOCK_MAX, STOCK_REASONS } from '../../products/index.ts';
import { defineResource } from '../resource.ts';
import { dated, nullableText, text } from '../rows.ts';

const asProductType = (value: unknown): ProductType =>
  PRODUCT_TYPES.find((type) => type === value) ?? 'Produto';

export const productCategories = defineResource<ProductCategoryRow>({
  path: '/product/categories',
  table: 'product_categories',
  notFound: 'Categoria não encontrada.',
  // Users (System), coupon templates and reports pick categories from this list.
  access: { list: ['Product', 'System', 'Coupons', 'Report'], write: ['Product', 'System'] },
  fields: {
    name: {
      type: 'text',
      label: 'o nome',
      column: 'name',
      required: true,
      unique: { message: 'Já existe uma categoria com este nome.' },
    },
    type: {
      type: 'choice',
      label: 'o tipo',
      column: 'type',
      required: true,
      values: PRODUCT_TYPES,
    },
  },
  query: (db) => db.selectFrom('product_categories').selectAll('product_categories'),
  toRow: (raw) => ({ ...dated(raw), name: text(raw.name), type: asProductType(raw.type) }),
  order: ['product_categories.name', 'asc'],
  deleteConflicts: [
    {
      table: 'products',
      column: 'category_id',
      message: 'Esta categoria tem produtos cadastrados e não pode ser removida.',
    },
  ],
});

export const products = defineResource<ProductRow>({
  path: '/products',
  table: 'products',
  notFound: 'Produto não encontrado.',
  // Coupon templates, the lottery and product tags pick products from this list.
  access: { list: ['Product', 'Coupons', 'Lottery', 'ProductTags'], write: ['Product'] },
  fields: {
    name: { type: 'text', label: 'o nome', column: 'name', required: true },
    category: {
      type: 'reference',
      label: 'a categoria',
      column: 'category_id',
      required: true,
      target: { table: 'product_categories', notFound: 'Categoria não encontrada.' },
    },
    price: { type: 'money', label: 'o preço', column: 'price_cents', required: true },
    initialInventory: {
      type: 'integer',
      label: 'o estoque inicial',
      column: 'inventory',
      only: 'insert',
      min: 0,
      max: STOCK_MAX,
      default: 0,
    },
    adjustInventory: {
      type: 'integer',
      label: 'o ajuste de estoque',
      only: 'update',
      min: -STOCK_MAX,
      max: STOCK_MAX,
    },
    inventory: { type: 'readOnly', label: 'o estoque' },
    codTotvs: {
      type: 'text',
      label: 'o código Totvs',
      column: 'cod_totvs',
      maxLength: 64,
      unique: { message: 'Já existe um produto com este código Totvs.' },
    },
  },
  query: (db) =>
    db
      .selectFrom('products')
      .innerJoin('product_categories', 'product_categories.id', 'products.category_id')
      .selectAll('products')
      .select([
        'product_categories.name as category_name',
        'product_categories.type as category_type',
      ]),
  toRow: (raw) => ({
    ...dated(raw),
    name: text(raw.name),
    category: {
      id: Number(raw.category_id),
      name: text(raw.category_name),
      type: asProductType(raw.category_type),
    },
    price: toReais(Number(raw.price_cents)),
    inventory: Number(raw.inventory),
    codTotvs: nullableText(raw.cod_totvs),
  }),
  order: ['products.name', 'asc'],
  paging: {
    search: ['products.name', 'products.cod_totvs', 'product_categories.name'],
    sort: {
      id: 'products.id',
      name: 'products.name',
      category: 'product_categories.name',
      price: 'products.price_cents',
      inventory: 'products.inventory',
      codTotvs: 'products.cod_totvs',
      dateCreated: 'products.date_created',
      dateUpdated: 'products.date_updated',
    },
  },
  hooks: {
    afterWrite: async ({ db, id, mode, auth, now }, values) => {
      const userId = auth.user.id;
      if (mode === 'insert') {
        const initial = Number(values.initialInventory ?? 0);
        if (initial > 0) {
          const change = {
            productId: id,
            delta: initial,
            userId,
            reason: STOCK_REASONS.initial,
            now,
          };
          await recordMovement(db, change, initial);
        }
        return;
      }
      const delta = values.adjustInventory;
      if (typeof delta === 'number' && delta !== 0) {
        await moveStock(db, {
          productId: id,
          delta,
          userId,
          reason: STOCK_REASONS.adjustment,
          now,
        });
      }
    },
  },
});
