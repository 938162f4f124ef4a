/** What other modules use of orders: they import it from here, never from its files (lint). */
export { eraseStoredAnswers } from './idempotency.ts';
export { OrderDtoSchema, loadOrder } from './order-dto.ts';
// pix gets these through `answerPixQuestions` (pix/order-answers.ts): orders imports pix.
export { pixAnswers } from './pix-answers.ts';
export { applyTransition } from './transitions.ts';
export { anonymizeOrderCustomer, clearReportMarks, setLineAmounts } from './owned-writes.ts';
export type { LineAmounts } from './owned-writes.ts';
export type { Actor } from './transitions.ts';

export {
  onOrderLinesChanged,
  onOrderPaid,
  onOrderRefunded,
  onReceiptPrinted,
} from './order-events.ts';
export type { AfterReceipt, PaidOrder } from './order-events.ts';
