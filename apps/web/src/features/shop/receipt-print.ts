import { call } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { formatCouponCode, type ReceiptPrintOutcome } from '@balcao/contract';
import { callApi } from '../../api/call-api';
import { handlePrintOutcome } from '../../app/printing/sagas';

/**
 * GET /api/carrinho/imprimir/recibo/{id}: the receipt, then each coupon the order earned, printed
 * the same way (files in this tab, or jobs for the cashier's printer). Answers the coupons' codes
 * as printed on them, for 'Cupom gerado: …'.
 */
export function* printPaymentReceipt(orderId: number): SagaIterator<string[]> {
  const outcome: ReceiptPrintOutcome = yield call(callApi<ReceiptPrintOutcome>, {
    url: `/api/carrinho/imprimir/recibo/${orderId}`,
  });
  yield call(handlePrintOutcome, outcome);
  const coupons = outcome.coupons ?? [];
  for (const coupon of coupons) yield call(handlePrintOutcome, coupon);
  return coupons.map((coupon) => formatCouponCode(coupon.code));
}
