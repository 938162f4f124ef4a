/** What other modules use of pix: they import it from here, never from its files (lint). */
export { answerOrderCharges } from './order-charges.ts';
export { checkPixRows, planPixLines, pspConnected } from './payment-lines.ts';
export type { PixLinePlan, PixLineValues } from './payment-lines.ts';
export { PixRefundDtoSchema } from './refund-schemas.ts';
export { refundOrderPix } from './refunds.ts';
