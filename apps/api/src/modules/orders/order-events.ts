import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { PrintOutcome } from '../../printing/queue.ts';

/**
 * What an order announces to the modules built on it (coupons today), which register their
 * handlers at their plugin's start: orders calls them and never imports their modules, so the
 * arrows run one way (docs/architecture.md). Handlers are kept in sets, so a plugin registered
 * again (each test builds its own app) adds nothing. Each runs in the caller's transaction.
 */

type Trx = Transaction<Database>;

/** An order just paid, as its state change returned it. */
export interface PaidOrder {
  id: number;
  eventId: number;
  totalCents: number;
  couponId: number | null;
  userId: number;
}

/** A document printed right after a receipt (an automatic coupon), and its print's outcome. */
export type AfterReceipt = { code: string } & PrintOutcome;

type Paid = (trx: Trx, now: Date, order: PaidOrder) => Promise<unknown>;
type LinesChanged = (
  trx: Trx,
  orderId: number,
  options: { onlyWithCoupon?: boolean },
) => Promise<unknown>;
type Refunded = (trx: Trx, orderId: number) => Promise<unknown>;
type ReceiptPrinted = (
  db: Kysely<Database>,
  now: Date,
  user: { id: number; username: string },
  orderId: number,
  timeZone: string,
) => Promise<AfterReceipt[]>;

const paid = new Set<Paid>();
const linesChanged = new Set<LinesChanged>();
const refunded = new Set<Refunded>();
const receiptPrinted = new Set<ReceiptPrinted>();

/** The payment's transaction, after its rows: a handler that throws refuses the payment. */
export const onOrderPaid = (handler: Paid) => void paid.add(handler);
/** The order's lines were rewritten (saved, unified): their discounts may need recomputing. */
export const onOrderLinesChanged = (handler: LinesChanged) => void linesChanged.add(handler);
/** The order was refunded ('estornar'), in the refund's transaction. */
export const onOrderRefunded = (handler: Refunded) => void refunded.add(handler);
/** The payment receipt was printed: what prints after it, each with its outcome. */
export const onReceiptPrinted = (handler: ReceiptPrinted) => void receiptPrinted.add(handler);

export async function orderPaid(trx: Trx, now: Date, order: PaidOrder): Promise<void> {
  for (const handler of paid) await handler(trx, now, order);
}

export async function orderLinesChanged(
  trx: Trx,
  orderId: number,
  options: { onlyWithCoupon?: boolean } = {},
): Promise<void> {
  for (const handler of linesChanged) await handler(trx, orderId, options);
}

export async function orderRefunded(trx: Trx, orderId: number): Promise<void> {
  for (const handler of refunded) await handler(trx, orderId);
}

export async function printedAfterReceipt(
  ...args: Parameters<ReceiptPrinted>
): Promise<AfterReceipt[]> {
  const printed: AfterReceipt[] = [];
  for (const handler of receiptPrinted) printed.push(...(await handler(...args)));
  return printed;
}
