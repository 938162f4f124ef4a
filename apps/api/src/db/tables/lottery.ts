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
  /** JSON array of the tickets in the order the index points into. */
  pool: string;
  random_index: number;
  drawn_by: number;
  drawn_at: Instant;
}
