/** What other modules use of pix: they import it from here, never from its files (lint). */
export { PixRefundDtoSchema } from './refund-schemas.ts';
export { refundOrderPix } from './refunds.ts';
