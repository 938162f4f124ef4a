import type { PaymentEntry } from '@balcao/contract';
import type { AuditEntry } from '../audit/index.ts';
import type { PixLineValues } from '../pix/index.ts';

const withoutNulls = (record: object) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));

/**
 * The audit entries of a payment's rows: one for the rows, and one for each PIX the bank did not
 * confirm, taken on the cashier's word, with why.
 */
export function paymentAudits(
  orderId: number,
  now: Date,
  payments: readonly PaymentEntry[],
  cents: readonly number[],
  rows: { pix: readonly PixLineValues[]; drawerSessionId: number | null },
): AuditEntry[] {
  const { pix } = rows;
  const audits: AuditEntry[] = [
    {
      entity: 'order_payments',
      entityId: orderId,
      action: 'pagar',
      after: {
        pagamentos: payments.map((payment, index) => ({
          id_forma_pagamento: payment.id_forma_pagamento,
          amount_cents: cents[index],
          ...withoutNulls(pix[index]!),
        })),
        drawer_session_id: rows.drawerSessionId,
      },
      at: now,
    },
  ];
  for (const [index, line] of pix.entries()) {
    if (line.manual_reason === null) continue;
    audits.push({
      entity: 'order_payments',
      entityId: orderId,
      action: 'pix_confirmacao_manual',
      after: { amount_cents: cents[index], motivo: line.manual_reason, txid: line.pix_txid },
      at: now,
    });
  }
  return audits;
}
