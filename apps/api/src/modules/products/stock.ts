import type { CompiledQuery, Kysely } from 'kysely';
import { stockShortageMessage } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { conflict, invalidRequest } from '../../http/api-error.ts';

/**
 * The most units a product may hold (the initial stock's limit too). Twice it still fits
 * PostgreSQL's integer, so `inventory + delta` is computed before it is refused.
 */
export const STOCK_MAX = 1_000_000_000;
const STOCK_TOO_LARGE = 'O estoque do produto não pode passar de 1.000.000.000 unidades.';

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
    .where((eb) => eb(eb('inventory', '+', change.delta), '<=', STOCK_MAX))
    .returning('inventory')
    .executeTakeFirst();
  if (!updated) {
    if (change.delta > 0) throw invalidRequest(STOCK_TOO_LARGE);
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

export interface OrderStockMove {
  /** The order's lines, as its answer holds them (read in the same transaction). */
  lines: readonly { id_produto: number; quantidade: number; descricao: string }[];
  /** -1 takes the order's units (a sale), +1 puts them back (a refund). */
  sign: -1 | 1;
  userId: number;
  reason: string;
  now: Date;
}

/**
 * Moves every line of an order in or out of stock, inside the caller's transaction, with one
 * movement row per line (written together). Products are updated in id order, so two payments
 * never wait on each other's rows in opposite orders. Taking is guarded by the conditional
 * update: on PostgreSQL a competing transaction waits on the row and re-checks `inventory >= ?`
 * against the committed value, so the last unit is sold once; the loser gets 409 naming the
 * product. The movement rows' insert is returned, for the caller to send with its own last write
 * (the stored answer: orders' idempotently).
 */
export async function moveOrderStock(
  db: Kysely<Database>,
  move: OrderStockMove,
): Promise<CompiledQuery | undefined> {
  const lines = move.lines
    .map((line) => ({
      product_id: line.id_produto,
      quantity: line.quantidade,
      name: line.descricao,
    }))
    .sort((a, b) => a.product_id - b.product_id);
  const movements = [];
  for (const line of lines) {
    const delta = move.sign * line.quantity;
    const updated = await db
      .updateTable('products')
      .set((eb) => ({ inventory: eb('inventory', '+', delta) }))
      .where('id', '=', line.product_id)
      .$if(delta < 0, (q) => q.where('inventory', '>=', -delta))
      .returning('inventory')
      .executeTakeFirst();
    if (!updated) {
      const left = await db
        .selectFrom('products')
        .select('inventory')
        .where('id', '=', line.product_id)
        .executeTakeFirst();
      throw conflict(stockShortageMessage(line.name, left?.inventory ?? 0));
    }
    movements.push({
      product_id: line.product_id,
      user_id: move.userId,
      delta,
      inventory_after: updated.inventory,
      reason: move.reason,
      created_at: move.now.toISOString(),
    });
  }
  return movements.length > 0
    ? db.insertInto('stock_movements').values(movements).compile()
    : undefined;
}
