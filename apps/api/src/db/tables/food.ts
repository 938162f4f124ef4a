import type { Instant } from './columns.ts';

/** Food counts (food). */

/** The kitchen panel's settings (one row, id 1): units added to the count, target, refresh. */
export interface FoodSettingsTable {
  id: number;
  offset_units: number;
  target_units: number;
  refresh_seconds: number;
  updated_by: number;
  updated_at: Instant;
}

/** A product category whose units count on the food panel. */
export interface FoodCategoryTable {
  category_id: number;
}
