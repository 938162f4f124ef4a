import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/**
 * Whether an order may take a PIX charge of `valor` (reais, as the wire sends it), answered with
 * the charge's cents. The orders module answers it (it owns the orders) and registers the answer
 * at its plugin's start with `answerOrderCharges`: orders uses pix, pix never imports orders.
 */
export type OrderChargeCheck = (
  db: Kysely<Database>,
  orderId: number,
  valor: number,
) => Promise<number>;

let check: OrderChargeCheck | undefined;

export function answerOrderCharges(answer: OrderChargeCheck): void {
  check = answer;
}

export function orderChargeCents(db: Kysely<Database>, orderId: number, valor: number) {
  if (!check) throw new Error('The orders module has not registered its PIX charge check.');
  return check(db, orderId, valor);
}
