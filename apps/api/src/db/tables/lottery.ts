import type { Generated } from 'kysely';
import type { Instant } from './columns.ts';

/** Lottery games and draws (lottery). */

/** A lottery game (docs/lottery-api.md): its pool rule and prize count, who configured it. */
export interface LotteryGameTable {
  id: Generated<number>;
  event_id: number;
  criteria: 'PRODUTOS' | 'CREDENCIADOS';
  /** JSON array of product ids (empty for CREDENCIADOS). */
  product_ids: string;
  prizes_count: number;
  created_by: number;
  created_at: Instant;
}

/** One draw: the pool's tickets and SHA-256, the random index, the winner, who and when. */
export interface LotteryDrawTable {
  id: Generated<number>;
  game_id: number;
  position: number;
  participant_id: number;
  participant_name: string;
  pool_hash: string;
  pool_size: number;
  /**
   * The tickets, one key a line, in the order the index points into: the hash's own input. Empty
   * since the tickets are stored gzipped (`pool_gzip`, migration 20261204090000_lottery_pool_gzip).
   */
  pool: string;
  /** The tickets' text (as `pool` was) gzipped: what the draw stores, 4–5× smaller. */
  pool_gzip: Uint8Array | null;
  random_index: number;
  drawn_by: number;
  drawn_at: Instant;
}

/**
 * A paid order line of a participant's order: its units are tickets of a pool whose instant is at
 * or after `paid_at` and before `refunded_at` (docs/lottery-api.md, 'The kept pool').
 */
export interface LotteryTicketTable {
  item_id: number;
  event_id: number;
  product_id: number;
  participant_id: number;
  order_id: number;
  quantity: number;
  paid_at: Instant;
  refunded_at: Instant | null;
}

/** The tickets a participant holds now of a product (paid, not refunded). */
export interface LotteryHolderTable {
  event_id: number;
  product_id: number;
  participant_id: number;
  tickets: number;
}

/** 'Configurar sorteio': per product, the units sold now and to how many participants. */
export interface LotteryProductTable {
  event_id: number;
  product_id: number;
  sold: number;
  participants: number;
}
