import type { Kysely } from 'kysely';
import {
  NOT_DELIVERED_MESSAGE,
  PAID_STATES,
  toCents,
  type OrderDto,
  type ReceiptPrintOutcome,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { conflict } from '../../http/api-error.ts';
import { renderDeliveryReceipt, renderPaymentReceipt } from '../../printing/documents/index.ts';
import type { ReceiptInput } from '../../printing/documents/receipts.ts';
import { Type } from '@fastify/type-provider-typebox';
import { printDocument, printOutcomeWith, type PrintOutcome } from '../../printing/queue.ts';
import { loadOrder } from './order-dto.ts';
import { printedAfterReceipt } from './order-events.ts';

export const NOT_PAID_MESSAGE = 'O pedido ainda não foi pago.';

type Db = Kysely<Database>;

/** GET /carrinho/imprimir/recibo/{id}: the receipt's outcome and each coupon printed after it. */
export const ReceiptOutcomeSchema = printOutcomeWith({
  coupons: Type.Array(printOutcomeWith({ code: Type.String() })),
});
type User = { id: number; username: string };

/** What both receipts show: the event, the order, the customer and the lines. */
async function receiptBasics(
  db: Db,
  order: OrderDto,
  date: Date,
  timeZone: string,
  fullCpf: boolean,
) {
  const event = await db
    .selectFrom('events')
    .select('name')
    .where('id', '=', order.eventId)
    .executeTakeFirstOrThrow();
  return {
    eventName: event.name,
    orderId: order.id,
    date,
    customer: { name: order.nome ?? '', cpf: order.cpf ?? '', fullCpf },
    items: order.items.map((item) => ({
      quantity: item.quantidade,
      description: item.descricao,
      unitPriceCents: toCents(item.preco),
      discountCents: toCents(item.valor_desconto),
    })),
    coupon: order.coupon && { name: order.coupon.name, percent: order.coupon.value },
    timeZone,
  } satisfies ReceiptInput;
}

/** GET /carrinho/imprimir/recibo/{id}: 'Comprovante Pagamento' through the print queue (Caixa). */
export async function printPaymentReceipt(
  db: Db,
  now: Date,
  user: User,
  orderId: number,
  timeZone: string,
  fullCpf = false,
): Promise<ReceiptPrintOutcome> {
  const order = await loadOrder(db, orderId);
  if (!(PAID_STATES as readonly string[]).includes(order.estadoPedido)) {
    throw conflict(NOT_PAID_MESSAGE);
  }
  const paid = await db
    .selectFrom('orders')
    .select('paid_at')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const pdf = await renderPaymentReceipt({
    ...(await receiptBasics(
      db,
      order,
      new Date(paid.paid_at ?? now.toISOString()),
      timeZone,
      fullCpf,
    )),
    payments: order.payments.map((payment) => ({
      method: payment.descricao,
      amountCents: toCents(payment.valor),
      ...(payment.recebido === undefined ? {} : { receivedCents: toCents(payment.recebido) }),
    })),
    cashier: order.caixa ?? user.username,
  });
  const outcome = await printDocument(db, now, {
    user,
    service: 'CHECKOUT',
    kind: 'recibo',
    title: `Comprovante Pagamento: pedido ${order.id}`,
    pdf,
    participantId: order.participantId,
  });
  // The automatic coupon the order earned comes out right after its receipt, in the same answer:
  // with no printer mapped the browser prints each file, and the cashier sees each code.
  const coupons =
    order.estadoPedido === 'ESTORNADO'
      ? []
      : await printedAfterReceipt(db, now, user, orderId, timeZone);
  return { ...outcome, coupons };
}

/**
 * GET /carrinho/imprimir/expedicao/{id}: 'Comprovante Expedição' through the print queue
 * (Expedição), for an order that was delivered (a refunded one too, if it had been delivered).
 */
export async function printDeliveryReceipt(
  db: Db,
  now: Date,
  user: User,
  orderId: number,
  timeZone: string,
  fullCpf = false,
): Promise<PrintOutcome> {
  const order = await loadOrder(db, orderId);
  if (!order.data_entrega) throw conflict(NOT_DELIVERED_MESSAGE);
  const pdf = await renderDeliveryReceipt({
    ...(await receiptBasics(db, order, new Date(order.data_entrega), timeZone, fullCpf)),
    deliveredBy: order.expedidor ?? user.username,
  });
  return printDocument(db, now, {
    user,
    service: 'DELIVERY',
    kind: 'expedicao',
    title: `Comprovante Expedição: pedido ${order.id}`,
    pdf,
    participantId: order.participantId,
  });
}
