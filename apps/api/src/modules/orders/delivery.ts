import type { Kysely } from 'kysely';
import type { OrderDto } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { loadOrder } from './order-dto.ts';
import { listOrders } from './service.ts';
import { applyTransition, refuseOtherEventOf, type Actor } from './transitions.ts';

/** The delivery desk's side (Expedição): paid orders waiting, and handing one over. */

type Db = Kysely<Database>;

/** GET /carrinho/entregar: the selected event's paid orders, first paid first served. */
export function awaitingDelivery(db: Db, cpfPrefix?: string): Promise<OrderDto[]> {
  return listOrders(db, { states: ['PAGO'], by: 'paid_at', direction: 'asc', cpfPrefix });
}

/** POST /carrinho/entregar/{id}: guarded PAGO → ENTREGUE, recording who and when. */
export async function deliverOrder(
  db: Db,
  now: Date,
  actor: Actor,
  orderId: number,
): Promise<OrderDto> {
  await db.transaction().execute(async (trx) => {
    const applied = await applyTransition(trx, orderId, 'entregar', actor, now, {
      delivered_at: now.toISOString(),
      delivered_by: actor.id,
    });
    refuseOtherEventOf(applied);
  });
  return loadOrder(db, orderId);
}
