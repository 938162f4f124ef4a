/** What other modules use of pix: they import it from here, never from its files (lint). */
export { answerPixQuestions } from './order-answers.ts';
export type { OrderAnswers } from './order-answers.ts';
export { checkPixRows, planPixLines, pspConnected } from './payment-lines.ts';
export type { PixLinePlan, PixLineValues } from './payment-lines.ts';
export { PixRefundDtoSchema } from './refund-schemas.ts';
export { refundOrderPix } from './refunds.ts';
