/** The reports' summaries (reports). */

/** Pre-aggregated sales per event, UTC hour, dimension and key (modules/reports/summary.ts). */
export interface ReportSalesTable {
  event_id: number;
  slot: string;
  /**
   * 'seller' and 'buyer' are their centers; 'buyers': report_buyers' rows per product (key_id),
   * in orders; slot '', category 0.
   */
  dim: 'product' | 'category' | 'seller' | 'buyer' | 'coupon' | 'buyers';
  key_id: number;
  category_id: number;
  /** 0-7: payments once spread their rows over 8 shards; the fold writes 0 (readers sum them). */
  shard: number;
  /** Distinct orders. */
  orders: number;
  quantity: number;
  /** Unit price × quantity; on coupon rows the lines' total before the coupon. */
  gross_cents: number;
  net_cents: number;
}

/** Pre-aggregated paid lines per event, product and buyer (modules/reports/summary.ts). */
export interface ReportBuyersTable {
  event_id: number;
  product_id: number;
  /** '' when the order has none. */
  customer_name: string;
  /** '' when the order has none. */
  cpf: string;
  orders: number;
  quantity: number;
  total_cents: number;
}

/** Pre-aggregated payments of the paid orders per event, UTC hour slot and payment method. */
export interface ReportPaymentsTable {
  event_id: number;
  slot: string;
  payment_method_id: number;
  /** As report_sales.shard. */
  shard: number;
  /** Payment rows (an order paid in two methods has two). */
  payments: number;
  total_cents: number;
}

/**
 * report_buyers' figures per UTC day and per UTC hour of paid_at (modules/reports/summary.ts):
 * what a period's buyers sums. A day's rows are the sums of its hours' rows.
 */
export interface ReportBuyerSlotsTable {
  event_id: number;
  span: 'day' | 'hour';
  /** 'YYYY-MM-DD' (span 'day') or 'YYYY-MM-DDTHH' (span 'hour'), UTC. */
  slot: string;
  product_id: number;
  /** '' when the order has none. */
  customer_name: string;
  /** '' when the order has none. */
  cpf: string;
  orders: number;
  quantity: number;
  total_cents: number;
}
