import { Type } from '@fastify/type-provider-typebox';
import type { InferResult, Kysely } from 'kysely';
import {
  ORDER_NOT_FOUND,
  ORDER_STATES,
  PRODUCT_TYPES,
  toReais,
  type OrderAction,
  type OrderDto,
  type OrderState,
} from '@balcao/contract';
import { compiledOnce } from '../../db/compiled-query.ts';
import { jsonRows, parsedRows } from '../../db/json-rows.ts';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/api-error.ts';
import { Nullable } from '../../http/nullable.ts';

const Reais = Type.Number();
const State = Type.Enum(ORDER_STATES);

export const OrderItemDtoSchema = Type.Object({
  id_produto: Type.Integer(),
  descricao: Type.String(),
  categoria: Type.Union([Type.Literal('Produto'), Type.Literal('Curso')]),
  codTotvs: Nullable(Type.String()),
  preco: Reais,
  quantidade: Type.Integer(),
  desconto: Type.Number(),
  valor_desconto: Reais,
  total: Reais,
});

export const PaymentMethodDtoSchema = Type.Object({
  id_forma_pagamento: Type.Integer(),
  descricao: Type.String(),
});

export const OrderPaymentDtoSchema = Type.Object({
  id_forma_pagamento: Type.Integer(),
  descricao: Type.String(),
  valor: Reais,
  endToEndId: Nullable(Type.String()),
  recebido: Type.Optional(Reais),
});

export const OrderDtoSchema = Type.Object({
  id: Type.Integer(),
  eventId: Type.Integer(),
  cpf: Nullable(Type.String()),
  nome: Nullable(Type.String()),
  participantId: Nullable(Type.Integer()),
  data_associado: Nullable(Type.String()),
  items: Type.Array(OrderItemDtoSchema),
  total: Reais,
  estadoPedido: State,
  payments: Type.Array(OrderPaymentDtoSchema),
  coupon: Nullable(Type.Object({ name: Type.String(), value: Type.Number() })),
  vendedor: Nullable(Type.String()),
  caixa: Nullable(Type.String()),
  date: Type.String(),
  history: Type.Array(
    Type.Object({
      action: Type.String(),
      from: Nullable(State),
      to: State,
      user: Type.String(),
      desk: Type.String(),
      at: Type.String(),
    }),
  ),
  // Always sent; optional as in the contract's OrderDto.
  data_entrega: Type.Optional(Nullable(Type.String())),
  expedidor: Type.Optional(Nullable(Type.String())),
  motivo_estorno: Type.Optional(Nullable(Type.String())),
});

type Db = Kysely<Database>;

/** Percent from basis points (1250 → 12.5). */
const percent = (basisPoints: number): number => basisPoints / 100;

/** The orders' rows, each with its lines, payments and history as JSON arrays: one query. */
function ordersQuery(db: Db) {
  return db
    .selectFrom('orders')
    .leftJoin('users as seller', 'seller.id', 'orders.seller_id')
    .leftJoin('users as cashier', 'cashier.id', 'orders.cashier_id')
    .leftJoin('users as deliverer', 'deliverer.id', 'orders.delivered_by')
    .select((eb) => [
      // Named, not `orders.*`: a prepared statement's columns never change (prepared-statements.ts)
      'orders.id',
      'orders.event_id',
      'orders.state',
      'orders.cpf',
      'orders.customer_name',
      'orders.participant_id',
      'orders.associated_at',
      'orders.total_cents',
      'orders.coupon_name',
      'orders.coupon_percent_bp',
      'orders.created_at',
      'orders.delivered_at',
      'orders.refund_reason',
      'seller.username as seller_name',
      'cashier.username as cashier_name',
      'deliverer.username as deliverer_name',
      jsonRows(
        db,
        eb
          .selectFrom('order_items')
          .innerJoin('products', 'products.id', 'order_items.product_id')
          .innerJoin('product_categories', 'product_categories.id', 'products.category_id')
          .select([
            'order_items.position',
            'order_items.product_id',
            'order_items.quantity',
            'order_items.unit_price_cents',
            'order_items.discount_bp',
            'order_items.discount_cents',
            'order_items.coupon_bp',
            'order_items.total_cents',
            'products.name',
            'products.cod_totvs',
            'product_categories.type',
          ])
          .whereRef('order_items.order_id', '=', 'orders.id'),
      ).as('items'),
      jsonRows(
        db,
        eb
          .selectFrom('order_payments')
          .innerJoin('payment_methods', 'payment_methods.id', 'order_payments.payment_method_id')
          .select([
            'order_payments.id',
            'order_payments.payment_method_id',
            'order_payments.amount_cents',
            'order_payments.end_to_end_id',
            'order_payments.received_cents',
            'payment_methods.name',
          ])
          .whereRef('order_payments.order_id', '=', 'orders.id'),
      ).as('payments'),
      jsonRows(
        db,
        eb
          .selectFrom('order_transitions')
          .innerJoin('users', 'users.id', 'order_transitions.user_id')
          .select([
            'order_transitions.id',
            'order_transitions.action',
            'order_transitions.from_state',
            'order_transitions.to_state',
            'order_transitions.desk',
            'order_transitions.created_at',
            'users.username',
          ])
          .whereRef('order_transitions.order_id', '=', 'orders.id'),
      ).as('history'),
    ]);
}

type OrderRow = InferResult<ReturnType<typeof ordersQuery>>[number];

/** One order's query, built and compiled once: every cart call answers with it. */
const oneOrderQuery = compiledOnce(1, (db: Db, id) => ordersQuery(db).where('orders.id', '=', id));

/**
 * The orders with these ids as the wire shows them, in the ids' order: one query whatever the
 * number of orders (a payment's answer is one round trip). Amounts were computed by the
 * contract's `orderAmounts` when the lines were saved; here they are only read.
 */
export async function loadOrders(db: Db, ids: readonly number[]): Promise<OrderDto[]> {
  if (ids.length === 0) return [];
  return orderDtos(await ordersQuery(db).where('orders.id', 'in', ids).execute(), ids);
}

function orderDtos(orders: OrderRow[], ids: readonly number[]): OrderDto[] {
  // A JSON array keeps no order of its own: sorted here (cart position, then insertion).
  const sorted = <T>(value: T[] | string, key: (row: T) => number) =>
    parsedRows(value).sort((a, b) => key(a) - key(b));
  const itemsOf = (order: OrderRow) => sorted(order.items, (item) => item.position);
  const paymentsOf = (order: OrderRow) => sorted(order.payments, (row) => row.id);
  const historyOf = (order: OrderRow) => sorted(order.history, (step) => step.id);
  const found = new Map(orders.map((order) => [order.id, order]));
  return ids.flatMap((id) => {
    const order = found.get(id);
    if (!order) return [];
    const dto: OrderDto = {
      id: order.id,
      eventId: order.event_id,
      cpf: order.cpf,
      nome: order.customer_name,
      participantId: order.participant_id,
      data_associado: order.associated_at,
      items: itemsOf(order).map((item) => ({
        id_produto: item.product_id,
        descricao: item.name,
        categoria: PRODUCT_TYPES.find((type) => type === item.type) ?? 'Produto',
        codTotvs: item.cod_totvs,
        preco: toReais(item.unit_price_cents),
        quantidade: item.quantity,
        desconto: percent(item.coupon_bp ?? item.discount_bp),
        valor_desconto: toReais(item.discount_cents),
        total: toReais(item.total_cents),
      })),
      total: toReais(order.total_cents),
      estadoPedido: order.state,
      payments: paymentsOf(order).map((payment) => ({
        id_forma_pagamento: payment.payment_method_id,
        descricao: payment.name,
        valor: toReais(payment.amount_cents),
        endToEndId: payment.end_to_end_id,
        ...(payment.received_cents === null ? {} : { recebido: toReais(payment.received_cents) }),
      })),
      coupon:
        order.coupon_name !== null && order.coupon_percent_bp !== null
          ? { name: order.coupon_name, value: percent(order.coupon_percent_bp) }
          : null,
      vendedor: order.seller_name,
      caixa: order.cashier_name,
      date: order.created_at,
      history: historyOf(order).map((step) => ({
        action: step.action as OrderAction | 'novo',
        from: step.from_state as OrderState | null,
        to: step.to_state,
        user: step.username,
        desk: step.desk,
        at: step.created_at,
      })),
      data_entrega: order.delivered_at,
      expedidor: order.deliverer_name,
      motivo_estorno: order.refund_reason,
    };
    return [dto];
  });
}

/** One order as the wire shows it; 404 'Pedido não encontrado.' when there is none. */
export async function loadOrder(db: Db, id: number): Promise<OrderDto> {
  const [order] = orderDtos(await oneOrderQuery(db, id), [id]);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}
