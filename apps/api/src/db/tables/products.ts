import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Instant, Dated } from './columns.ts';

/** Products, their categories and stock (products). */

export type ProductType = 'Produto' | 'Curso';

export interface ProductCategoryTable extends Dated {
  id: Generated<number>;
  name: string;
  type: ProductType;
}

export interface ProductTable extends Dated {
  id: Generated<number>;
  name: string;
  category_id: number;
  price_cents: number;
  /** Never negative (check constraint); changed only through stock movements. */
  inventory: ColumnType<number, number | undefined, number>;
  cod_totvs: string | null;
}

/** Append-only record of every inventory change: who, when, how much and why. */
export interface StockMovementTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  delta: number;
  inventory_after: number;
  reason: string;
  created_at: Instant;
}

export type ProductCategory = Selectable<ProductCategoryTable>;
