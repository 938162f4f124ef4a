import type { ColumnType, Generated } from 'kysely';
import type { Instant, BoolWithDefault } from './columns.ts';

/** Coupons, their templates and automatic configuration (coupons). */

/** The values a template gives its coupons (docs/coupons-api.md); lists are JSON id arrays. */
interface CouponValues {
  value_bp: number;
  type: ColumnType<string, string | undefined, string>;
  /** JSON array of 'Produto' | 'Curso'. */
  categories: string;
  start_date: Instant | null;
  expiration_date: Instant;
  white_list: ColumnType<string, string | undefined, string>;
  black_list: ColumnType<string, string | undefined, string>;
}

export interface CouponTemplateTable extends CouponValues {
  id: Generated<number>;
  event_id: number;
  name: string;
  propagate: BoolWithDefault;
  removed_at: Instant | null;
  created_at: Instant;
  updated_at: Instant;
}

export interface CouponTable extends CouponValues {
  id: Generated<number>;
  template_id: number;
  event_id: number;
  code: string;
  valid: BoolWithDefault;
  used_at: Instant | null;
  used_order_id: number | null;
  origin_order_id: number | null;
  removed_at: Instant | null;
  created_by: number;
  created_at: Instant;
}

export interface CouponConfigTable {
  event_id: number;
  enabled: BoolWithDefault;
  template_id: number | null;
  min_value_cents: number;
  updated_by: number;
  updated_at: Instant;
}
