import type { Kysely } from 'kysely';
import { stockShortageMessage } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { conflict } from '../../http/api-error.ts';

export const STOCK_REASONS = {
  initial: 'Estoque inicial',
  adjustment: 'Ajuste manual',
} as const;

export interface StockChange {
  productId: number;
  delta: number;
  userId: number;
  reason: string;
  now: Date;
}

/**
 * Moves a product's inventory by a signed delta and records who, when and why. The update is
 * conditional, so concurrent moves (other desks, other API instances) can never take it below
 * zero: the one that would is refused with 409. Call it inside the caller's transaction.
 */
export async function moveStock(db: Kysely<Database>, change: StockChange): Promise<number> {
  const updated = await db
    .updateTable('products')
    .set((eb) => ({ inventory: eb('inventory', '+', change.delta) }))
    .where('id', '=', change.productId)
    .where((eb) => eb(eb('inventory', '+', change.delta), '>=', 0))
    .returning('inventory')
    .executeTakeFirst();
  if (!updated) {
    throw conflict('Estoque insuficiente: o ajuste deixaria o estoque do produto negativo.');
  }
  await recordMovement(db, change, updated.inventory);
  return updated.inventory;
}

/** Records a movement whose inventory was already written (a product's initial stock). */
export async function recordMovement(
  db: Kysely<Database>,
  change: StockChange,
  inventoryAfter: number,
): Promise<void> {
  await db
    .insertInto('stock_movements')
    .values({
      product_id: change.productId,
      user_id: change.userId,
      delta: change.delta,
      inventory_after: inventoryAfter,
      reason: change.reason,
      created_at: change.now.toISOString(),
    })
    .execute();
}

export interface StockTake {
  productId: number;
  /** The product's name, for the refusal. */
  name: string;
  quantity: number;
  userId: number;
  reason: string;
  now: Date;
}

/**
 * Takes units sold, inside the payment's transaction. The conditional update is the guard: on
 * PostgreSQL a competing transaction waits on the row and re-checks `inventory >= ?` against the
 * committed value, so the last unit is sold once; the loser gets 409 naming the product.
 */
export async function takeStock(db: Kysely<Database>, take: StockTake): Promise<void> {
  const updated = await db
    .updateTable('products')
    .set((eb) => ({ inventory: eb('inventory', '-', take.quantity) }))
    .where('id', '=', take.productId)
    .where('inventory', '>=', take.quantity)
    .returning('inventory')
    .executeTakeFirst();
  if (!updated) {
    const left = await db
      .selectFrom('products')
      .select('inventory')
      .where('id', '=', take.productId)
      .executeTakeFirst();
    throw conflict(stockShortageMessage(take.name, left?.inventory ?? 0));
  }
  const change = { ...take, delta: -take.quantity };
  await recordMovement(db, change, updated.inventory);
}
