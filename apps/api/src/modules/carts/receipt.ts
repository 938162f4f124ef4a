import type { Kysely } from 'kysely';
import { toCents } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { conflict } from '../../http/api-error.ts';
import { renderPaymentReceipt } from '../../printing/documents/index.ts';
import { printDocument, type PrintOutcome } from '../../printing/queue.ts';
import { loadOrder } from './order-dto.ts';

export const NOT_PAID_MESSAGE = 'O pedido ainda não foi pago.';
const RECEIPT_STATES = ['PAGO', 'ENTREGUE', 'ESTORNADO'] as const;

/** GET /carrinho/imprimir/recibo/{id}: 'Comprovante Pagamento' through the print queue (Caixa). */
export async function printPaymentReceipt(
  db: Kysely<Database>,
  now: Date,
  user: { id: number; username: string },
  orderId: number,
  timeZone: string,
): Promise<PrintOutcome> {
  const order = await loadOrder(db, orderId);
  if (!(RECEIPT_STATES as readonly string[]).includes(order.estadoPedido)) {
    throw conflict(NOT_PAID_MESSAGE);
  }
  const facts = await db
    .selectFrom('orders')
    .innerJoin('events', 'events.id', 'orders.event_id')
    .select(['events.name', 'orders.paid_at', 'orders.total_cents'])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const pdf = await renderPaymentReceipt({
    eventName: facts.name,
    orderId: order.id,
    date: new Date(facts.paid_at ?? now.toISOString()),
    customer: { name: order.nome ?? '', cpf: order.cpf ?? '' },
    items: order.items.map((item) => ({
      quantity: item.quantidade,
      description: item.descricao,
      unitPrice: toCents(item.preco),
      discount: toCents(item.valor_desconto),
    })),
    coupon: order.coupon && { name: order.coupon.name, percent: order.coupon.value },
    payments: order.payments.map((payment) => ({
      method: payment.descricao,
      amount: toCents(payment.valor),
    })),
    cashier: order.caixa ?? user.username,
    timeZone,
  });
  return printDocument(db, now, {
    user,
    service: 'CHECKOUT',
    kind: 'recibo',
    title: `Comprovante Pagamento: pedido ${order.id}`,
    pdf,
  });
}
