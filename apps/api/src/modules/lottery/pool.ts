import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PAID_STATES, type LotteryCriteria } from '@balcao/contract';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;

/** What decides a pool: the event, the rule, the products, the instant and who already won. */
export interface PoolRule {
  eventId: number;
  criteria: LotteryCriteria;
  productIds: readonly number[];
  /** The pool as the database stood at this instant (ISO UTC): paid by then, not yet refunded. */
  asOf: string;
  /** Earlier winners of the game: not in the pool. */
  excluded: readonly number[];
}

export interface Ticket {
  key: string;
  participantId: number;
}

export interface Pool {
  /** In canonical order: by participant, order, product and unit. */
  tickets: Ticket[];
  names: Map<number, string>;
}

/**
 * The tickets of a pool (docs/lottery-api.md). PRODUTOS: one per unit of the chosen products in
 * the event's orders paid at `asOf` and not refunded by then. CREDENCIADOS: one per participant
 * whose badge was printed (a check-in) by then. The instant makes a past pool reproducible.
 */
export async function buildPool(db: Db, rule: PoolRule): Promise<Pool> {
  const excluded = new Set(rule.excluded);
  const names = new Map<number, string>();
  const tickets: { ticket: Ticket; sort: number[] }[] = [];
  if (rule.criteria === 'PRODUTOS') {
    if (rule.productIds.length === 0) return { tickets: [], names };
    const rows = await db
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .innerJoin('participants', 'participants.id', 'orders.participant_id')
      .select([
        'orders.id as orderId',
        'orders.participant_id as participantId',
        'participants.name as name',
        'order_items.product_id as productId',
        'order_items.quantity as quantity',
      ])
      .where('orders.event_id', '=', rule.eventId)
      .where('orders.state', 'in', PAID_STATES)
      .where('orders.paid_at', '<=', rule.asOf)
      .where((eb) =>
        eb.or([eb('orders.refunded_at', 'is', null), eb('orders.refunded_at', '>', rule.asOf)]),
      )
      .where('order_items.product_id', 'in', [...rule.productIds])
      .execute();
    for (const row of rows) {
      const participantId = Number(row.participantId);
      if (excluded.has(participantId)) continue;
      names.set(participantId, row.name);
      for (let unit = 1; unit <= row.quantity; unit++) {
        tickets.push({
          ticket: {
            key: `p${participantId}:o${row.orderId}:i${row.productId}:${unit}`,
            participantId,
          },
          sort: [participantId, row.orderId, row.productId, unit],
        });
      }
    }
  } else {
    const rows = await db
      .selectFrom('participants')
      .select(['participants.id as participantId', 'participants.name as name'])
      .where('participants.event_id', '=', rule.eventId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('check_ins')
            .select('check_ins.id')
            .whereRef('check_ins.participant_id', '=', 'participants.id')
            .where('check_ins.created_at', '<=', rule.asOf),
        ),
      )
      .execute();
    for (const row of rows) {
      if (excluded.has(row.participantId)) continue;
      names.set(row.participantId, row.name);
      tickets.push({
        ticket: { key: `p${row.participantId}`, participantId: row.participantId },
        sort: [row.participantId],
      });
    }
  }
  tickets.sort((a, b) => compareNumbers(a.sort, b.sort));
  return { tickets: tickets.map((entry) => entry.ticket), names };
}

function compareNumbers(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** SHA-256 (hex) of the tickets' keys, one a line, in the stored order. */
export function poolHash(keys: readonly string[]): string {
  return createHash('sha256').update(keys.join('\n')).digest('hex');
}

/** The participant a ticket key names ('p12' or 'p12:o3:i4:1'). */
export function ticketHolder(key: string): number {
  return Number(/^p(\d+)/.exec(key)?.[1] ?? NaN);
}
