import type { OrderState } from '@balcao/contract';
import type { ColumnType, Generated } from 'kysely';
import type { Instant, Dated } from './columns.ts';

/** Orders, their lines, payments, history and stored answers, and the payment methods (orders). */

export interface PaymentMethodTable extends Dated {
  id: Generated<number>;
  name: string;
}

/** An order of the store (docs/orders-api.md); money in cents, percents in basis points. */
export interface OrderTable {
  id: Generated<number>;
  event_id: number;
  state: OrderState;
  participant_id: number | null;
  cpf: string | null;
  customer_name: string | null;
  associated_at: Instant | null;
  seller_id: number | null;
  cashier_id: number | null;
  total_cents: ColumnType<number, number | undefined, number>;
  coupon_id: number | null;
  coupon_name: string | null;
  coupon_percent_bp: number | null;
  paid_at: Instant | null;
  delivered_at: Instant | null;
  delivered_by: number | null;
  refunded_at: Instant | null;
  refund_reason: string | null;
  /** The sale this order made (+1) or undid (-1) that the reports' summaries do not hold yet. */
  report_sign: ColumnType<number, number | undefined, number>;
  created_at: Instant;
  updated_at: Instant;
}

export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  /** Where the line sits in the cart: the order it was first added in. */
  position: number;
  quantity: number;
  unit_price_cents: number;
  discount_bp: number;
  discount_cents: number;
  total_cents: number;
  /** The coupon's percent for this line while the order holds a coupon (it replaces discount_bp). */
  coupon_bp: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderPaymentTable {
  id: Generated<number>;
  order_id: number;
  payment_method_id: number;
  amount_cents: number;
  user_id: number;
  /** The cashier's open drawer when paid; null when paid without one. */
  drawer_session_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A PIX line paid by a PSP charge: its txid (one charge pays one line) and Pix id. */
  pix_txid: ColumnType<string | null, string | null | undefined, string | null>;
  end_to_end_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A PIX line the cashier confirmed without the bank, while a PSP is connected: why. */
  manual_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** A cash line: what the customer handed over for the order's cash part; null otherwise. */
  received_cents: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Instant;
}

/** One row per state change of an order: who, at which desk (client address), when. */
export interface OrderTransitionTable {
  id: Generated<number>;
  order_id: number;
  action: string;
  from_state: OrderState | null;
  to_state: OrderState;
  user_id: number;
  desk: string;
  reason: string | null;
  created_at: Instant;
}

/** The first successful answer to a request sent with an Idempotency-Key header; keyed per user. */
export interface IdempotencyKeyTable {
  user_id: number;
  key: string;
  /** The order the payment or refund acted on, which the answer shows. */
  order_id: number;
  request_hash: string;
  status_code: number;
  response: string;
  created_at: Instant;
}
