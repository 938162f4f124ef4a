import type { Transaction, Updateable } from 'kysely';
import {
  ORDER_NOT_FOUND,
  ORDER_TRANSITIONS,
  type OrderAction,
  type OrderState,
} from '@balcao/contract';
import type { Database, OrderTable } from '../../db/types.ts';
import { conflict, notFound } from '../../http/api-error.ts';

/** Who acts on an order and from which desk (the client's address). */
export interface Actor {
  id: number;
  username: string;
  desk: string;
}

type Trx = Transaction<Database>;

export async function recordTransition(
  trx: Trx,
  step: {
    orderId: number;
    action: OrderAction | 'novo';
    from: OrderState | null;
    to: OrderState;
    actor: Actor;
    at: string;
  },
): Promise<void> {
  await trx
    .insertInto('order_transitions')
    .values({
      order_id: step.orderId,
      action: step.action,
      from_state: step.from,
      to_state: step.to,
      user_id: step.actor.id,
      desk: step.actor.desk,
      created_at: step.at,
    })
    .execute();
}

/**
 * Applies an action of the contract's ORDER_TRANSITIONS with one conditional
 * `UPDATE orders ... WHERE id = ? AND state = <the state read>`; 0 rows means another desk moved
 * the order meanwhile, so the state is read again (PostgreSQL's READ COMMITTED sees the winner's
 * commit) and the action is refused with its 409 when no longer allowed. The update also takes
 * the order's row lock: every later step of the caller's transaction runs alone on this order.
 * Records the change (who, when, which desk) when the state moves. Returns the state it left.
 */
export async function applyTransition(
  trx: Trx,
  orderId: number,
  action: OrderAction,
  actor: Actor,
  now: Date,
  changes: Updateable<OrderTable> = {},
): Promise<OrderState> {
  const transition = ORDER_TRANSITIONS[action];
  const at = now.toISOString();
  for (;;) {
    const current = await trx
      .selectFrom('orders')
      .select('state')
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!current) throw notFound(ORDER_NOT_FOUND);
    if (!transition.from.includes(current.state)) throw conflict(transition.refusal);
    const to = transition.to ?? current.state;
    const updated = await trx
      .updateTable('orders')
      .set({ ...changes, state: to, updated_at: at })
      .where('id', '=', orderId)
      .where('state', '=', current.state)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) continue;
    if (transition.to !== null) {
      await recordTransition(trx, { orderId, action, from: current.state, to, actor, at });
    }
    return current.state;
  }
}
