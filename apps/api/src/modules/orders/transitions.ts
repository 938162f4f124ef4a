import { sql, type CompiledQuery, type Transaction, type Updateable } from 'kysely';
import {
  ORDER_NOT_FOUND,
  ORDER_OTHER_EVENT,
  ORDER_TRANSITIONS,
  SOLD_STATES,
  type OrderAction,
  type OrderState,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import type { OrderTable } from '../../db/tables/orders.ts';
import { isPostgres } from '../../db/dialect.ts';
import { conflict, notFound } from '../../http/api-error.ts';
import { writeTogether } from '../../db/write-together.ts';
import { type AuditActor, type AuditEntry, auditInsert, recordAudit } from '../audit/index.ts';

/** Who acts on an order and from which desk (the client's address). */
export interface Actor {
  id: number;
  username: string;
  desk: string;
}

export const auditActorOf = (actor: Actor): AuditActor => ({
  id: actor.id,
  username: actor.username,
  ip: actor.desk,
});

type Trx = Transaction<Database>;

interface TransitionStep {
  orderId: number;
  action: OrderAction | 'novo';
  from: OrderState | null;
  to: OrderState;
  actor: Actor;
  at: string;
}

export async function recordTransition(trx: Trx, step: TransitionStep): Promise<void> {
  await trx.executeQuery(transitionInsert(trx, step));
}

function transitionInsert(trx: Trx, step: TransitionStep): CompiledQuery {
  return trx
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
    .compile();
}

/**
 * What a transition leaves for its caller to send with the caller's own writes
 * (db/write-together.ts): its row in the history, and its audit entry, which the caller writes
 * in one insert with its own entries (audit's auditInsert).
 */
export interface LaterWrites {
  writes: CompiledQuery[];
  audits: AuditEntry[];
}

/**
 * Sends what transitions left (their history rows), the caller's own writes, and every audit
 * entry as one insert: one round trip on PostgreSQL.
 */
export async function writeLater(
  trx: Trx,
  actor: Actor,
  later: LaterWrites,
  own: readonly (CompiledQuery | undefined)[] = [],
): Promise<void> {
  await writeTogether(trx, [
    ...later.writes,
    ...own,
    auditInsert(trx, auditActorOf(actor), later.audits),
  ]);
}

export interface AppliedTransition {
  /** The state the order left. */
  from: OrderState;
  /** The state it is in now. */
  to: OrderState;
  /** The order's total after the change, in cents. */
  totalCents: number;
  eventId: number;
  couponId: number | null;
  /** Whether the order is of the selected event (read by the update itself). */
  inSelectedEvent: boolean;
}

/**
 * The cashier's and the delivery desk's actions touch only orders of the selected event: 409
 * otherwise (the caller's transaction, with the change, rolls back).
 */
export function refuseOtherEventOf(applied: AppliedTransition): void {
  if (!applied.inSelectedEvent) throw conflict(ORDER_OTHER_EVENT);
}

const sold = (state: OrderState) => (SOLD_STATES as readonly OrderState[]).includes(state);

/** +1 when a change of state makes a sale (SOLD_STATES), -1 when it undoes one, else 0. */
export const saleSign = (from: OrderState, to: OrderState): number =>
  Number(sold(to)) - Number(sold(from));

/**
 * Applies an action of the contract's ORDER_TRANSITIONS with one conditional
 * `UPDATE orders ... WHERE id = ? AND state = <expected>`. An action with a single `from` state
 * expects it without reading first; otherwise the state is read. 0 rows means the order is
 * elsewhere (or another desk moved it meanwhile): the state is read again (PostgreSQL's READ
 * COMMITTED sees the winner's commit) and the action is refused with its 409 when not allowed.
 * The update also takes the order's row lock, so the rest of the caller's transaction runs alone
 * on this order. A change of state is recorded (who, when, which desk). A change that makes or
 * unmakes a sale (pagar, estornar: saleSign) marks the order for the reports' summaries, which
 * fold it in later in batches (reports/summary.ts, foldSales): no row every desk shares is
 * written here.
 */
export async function applyTransition(
  trx: Trx,
  orderId: number,
  action: OrderAction,
  actor: Actor,
  now: Date,
  changes: Updateable<OrderTable> = {},
  /** Given, the history's row and the audit entry are left here for the caller to write. */
  later?: LaterWrites,
): Promise<AppliedTransition> {
  const transition = ORDER_TRANSITIONS[action];
  const at = now.toISOString();
  let expected = transition.from.length === 1 ? transition.from[0] : undefined;
  for (;;) {
    if (expected === undefined) {
      const current = await trx
        .selectFrom('orders')
        .select('state')
        .where('id', '=', orderId)
        .executeTakeFirst();
      if (!current) throw notFound(ORDER_NOT_FOUND);
      if (!transition.from.includes(current.state)) throw conflict(transition.refusal);
      expected = current.state;
    }
    const to = transition.to ?? expected;
    // The audit log keeps the old values of the fields this action sets. SQLite answers their
    // select in-process; PostgreSQL reads them in the update itself, from a subquery that locks
    // the row first (so they are the latest committed ones): one round trip less.
    const columns = Object.keys(changes) as (keyof OrderTable & string)[];
    const readBefore = columns.length > 0 && isPostgres(trx);
    let previous: Record<string, unknown> =
      columns.length === 0 || readBefore
        ? {}
        : ((await trx
            .selectFrom('orders')
            .select(columns)
            .where('id', '=', orderId)
            .executeTakeFirst()) ?? {});
    const sign = saleSign(expected, to);
    const updated = await trx
      .updateTable('orders')
      .$if(readBefore, (update) =>
        update.from(
          trx
            .selectFrom('orders')
            .select(columns)
            .where('id', '=', orderId)
            .forUpdate()
            .as('before'),
        ),
      )
      .set({
        ...changes,
        state: to,
        updated_at: at,
        ...(sign === 0 ? {} : { report_sign: sql<number>`orders.report_sign + ${sign}` }),
      })
      .where('orders.id', '=', orderId)
      .where('orders.state', '=', expected)
      .returning((eb) => [
        'orders.total_cents',
        'orders.event_id',
        'orders.coupon_id',
        // Whether the order is of the selected event, in the same round trip.
        eb
          .exists(
            eb
              .selectFrom('events')
              .select('events.id')
              .whereRef('events.id', '=', 'orders.event_id')
              .where('events.selected', '=', true),
          )
          .as('in_selected_event'),
        ...(readBefore ? [sql<Record<string, unknown>>`row_to_json(before)`.as('before')] : []),
      ])
      .executeTakeFirst();
    if (!updated) {
      expected = undefined;
      continue;
    }
    if (readBefore) previous = (updated as { before?: Record<string, unknown> }).before ?? {};
    if (transition.to !== null) {
      const step = { orderId, action, from: expected, to, actor, at };
      if (later) later.writes.push(transitionInsert(trx, step));
      else await recordTransition(trx, step);
    }
    if (transition.to !== null || columns.length > 0) {
      // The audit log (docs/audit-api.md): the state and the fields the action set, same trx.
      const entry: AuditEntry = {
        entity: 'orders',
        entityId: orderId,
        action,
        before: { state: expected, ...previous },
        after: { state: to, ...changes },
        at: now,
      };
      if (later) later.audits.push(entry);
      else await recordAudit(trx, auditActorOf(actor), entry);
    }
    return {
      from: expected,
      to,
      totalCents: updated.total_cents,
      eventId: updated.event_id,
      couponId: updated.coupon_id,
      inSelectedEvent: Boolean(updated.in_selected_event),
    };
  }
}
