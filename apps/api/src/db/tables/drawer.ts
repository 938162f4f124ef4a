import type { Generated } from 'kysely';
import type { Instant } from './columns.ts';

/** The cash drawer (drawer). */

/** A cashier's drawer from opening (float) to closing (figures in drawer_counts). */
export interface DrawerSessionTable {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  opening_float_cents: number;
  opened_at: Instant;
  closed_at: Instant | null;
}

/** A closed drawer's figures per payment method, as computed and counted at closing. */
export interface DrawerCountTable {
  session_id: number;
  payment_method_id: number;
  received_cents: number;
  refunded_cents: number;
  expected_cents: number;
  counted_cents: number;
}
