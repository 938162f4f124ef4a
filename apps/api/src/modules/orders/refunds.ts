import type { Kysely } from 'kysely';
import { PAID_STATES, REFUND_REASON_REQUIRED, type OrderDto } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { invalidRequest } from '../../http/api-error.ts';
import { moveOrderStock } from '../products/index.ts';
import { idempotentRequest, idempotently } from './idempotency.ts';
import { loadOrder } from './order-dto.ts';
import { orderRefunded } from './order-events.ts';
import { listOrders } from './service.ts';
import { applyTransition, refuseOtherEventOf, type Actor } from './transitions.ts';

/** The 'Pedidos pagos' screen (System): paid, delivered and refunded orders, and refunding. */

type Db = Kysely<Database>;

/** GET /carrinho/pagos: the selected event's paid, delivered and refunded orders, newest first. */
export function paidOrders(db: Db, cpfPrefix?: string): Promise<OrderDto[]> {
  return listOrders(db, {
    states: PAID_STATES,
    by: 'paid_at',
    direction: 'desc',
    cpfPrefix,
  });
}

/**
 * POST /carrinho/estornar/{id}: in one transaction the guarded PAGO|ENTREGUE → ESTORNADO (which
 * locks the order), the reason, and every unit back in stock with its movement. Idempotent like
 * the payment (`idempotently`).
 */
export async function refundOrder(
  db: Db,
  now: Date,
  actor: Actor,
  orderId: number,
  motivo: string,
  idempotencyKey?: string | string[],
): Promise<OrderDto> {
  const reason = motivo.trim();
  if (reason === '') throw invalidRequest(REFUND_REASON_REQUIRED);
  const request = idempotentRequest(idempotencyKey, actor.id, { refund: orderId, motivo });
  return idempotently(db, request, now, {
    work: async (trx) => {
      const applied = await applyTransition(trx, orderId, 'estornar', actor, now, {
        refunded_at: now.toISOString(),
        refund_reason: reason,
      });
      refuseOtherEventOf(applied);
      // The coupon the order used stays used; the one it earned (automatic) is invalidated.
      await orderRefunded(trx, orderId);
      return loadOrder(trx, orderId);
    },
    // Every unit back in stock: rows other desks share, last. The reports' summaries give the
    // sale back in their next fold (the state change marked it).
    last: async (trx, order) => [
      await moveOrderStock(trx, {
        lines: order.items,
        sign: 1,
        userId: actor.id,
        reason: `Estorno: pedido ${orderId}`,
        now,
      }),
    ],
  });
}
