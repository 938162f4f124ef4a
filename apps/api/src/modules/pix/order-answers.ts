import type { AliasableExpression, AliasedExpression, Expression, Kysely, SqlBool } from 'kysely';
import type { OrderState } from '@balcao/contract';
import type { Database } from '../../db/types.ts';

/**
 * What pix asks of the orders and their payment lines, which the orders module owns: orders
 * answers (`orders/pix-answers.ts`) and registers its answers at its plugin's start with
 * `answerPixQuestions`. Orders uses pix, so pix never imports orders (docs/architecture.md); nor
 * does it name the orders' tables in its own SQL. The expressions go inside pix's queries, so an
 * answer costs no round trip more than the join it replaced.
 */

type Db = Kysely<Database>;

/** A bank-confirmed PIX line of a refunded order. */
export interface RefundedPixLine {
  end_to_end_id: string;
  amount_cents: number;
  order_id: number;
  pix_txid: string | null;
  created_at: string;
}

export interface OrderAnswers {
  /**
   * Whether an order may take a PIX charge of `valor` (reais, as the wire sends it), answered
   * with the charge's cents; refused (an ApiError) otherwise.
   */
  chargeableCents(db: Db, orderId: number, valor: number): Promise<number>;
  /** The state of the order `orderId` names, as an expression (a subquery). */
  orderState(orderId: Expression<number>): AliasableExpression<OrderState>;
  /** Whether a payment line holds the charge `txid`, as an expression. */
  lineHoldsCharge(txid: Expression<string | null>): Expression<SqlBool>;
  /** Whether a payment line holds the Pix `endToEndId`, as an expression. */
  lineHoldsPix(endToEndId: Expression<string | null>): Expression<SqlBool>;
  /**
   * A line the cashier confirmed by hand with the charge `txid`, now paid at the bank: the line
   * takes the Pix's id when the amounts agree.
   */
  confirmLineWithPix(
    db: Db,
    txid: string,
    pix: { endToEndId: string; amountCents: number },
  ): Promise<void>;
  /** The bank-confirmed lines of an order refunded (none unless it is), with the refund's reason. */
  refundedOrderPixLines(
    db: Db,
    orderId: number,
  ): Promise<{ endToEndId: string; amountCents: number; txid: string | null; reason: string }[]>;
  /** Every refunded order's bank-confirmed lines, as a table for pix's queries (`line`). */
  refundedPixLines(): AliasedExpression<RefundedPixLine, 'line'>;
}

let answers: OrderAnswers | undefined;

export function answerPixQuestions(answer: OrderAnswers): void {
  answers = answer;
}

/** The orders' answers; the orders plugin registers them before any route runs. */
export function orders(): OrderAnswers {
  if (!answers) throw new Error('The orders module has not registered its answers to pix.');
  return answers;
}
