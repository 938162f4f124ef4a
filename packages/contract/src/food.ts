/**
 * The kitchen's food panel (docs/food-api.md): how many units of food the selected event sold,
 * plus an offset (Ajuste), against a target (Meta), refreshed every few seconds.
 */

/** GET/POST /api/alimentos/config. */
export interface FoodConfigDto {
  /** 'Ajuste': units added to the count (negative to subtract), e.g. meals sold elsewhere. */
  offset: number;
  /** 'Meta': the units the kitchen aims at. */
  target: number;
  /** Seconds between two refreshes of the panel. */
  refreshInterval: number;
  /** The product categories whose units count as food. */
  categoryIds: number[];
}

/** GET /api/alimentos/categorias: the categories to choose from. */
export interface FoodCategoryDto {
  id: number;
  name: string;
}

/** GET /api/alimentos/vendidos: the panel's figures for the selected event. */
export interface FoodSalesDto {
  eventId: number | null;
  eventName: string | null;
  /** Units of food in paid (PAGO or ENTREGUE) orders of the event; refunded ones never count. */
  sold: number;
  offset: number;
  /** sold + offset. */
  total: number;
  target: number;
  refreshInterval: number;
}

export const FOOD_DEFAULTS: Omit<FoodConfigDto, 'categoryIds'> = {
  offset: 0,
  target: 0,
  refreshInterval: 30,
};

export const FOOD_REFRESH_MIN = 5;
export const FOOD_REFRESH_MAX = 3600;
export const FOOD_UNITS_MAX = 1_000_000;

/** The panel's progress towards the target, 0–100 (0 when no target is set). */
export function foodProgress(total: number, target: number): number {
  if (target <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((total / target) * 100)));
}
