import {
  Type,
  TypeBoxValidatorCompiler,
  type FastifyPluginAsyncTypebox,
} from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  DELIVERY_PERMISSIONS,
  DELIVERY_RECEIPT_PERMISSIONS,
  ORDER_READ_PERMISSIONS,
  ORDER_RECORD_PERMISSIONS,
  ORDER_TRANSITIONS,
  PIX_MANUAL_REASON_MAX,
  PAID_ORDERS_PERMISSIONS,
  SELLER_PERMISSIONS,
} from '@balcao/contract';
import { signedIn } from '../../auth/access-control.ts';
import { auditActor } from '../audit/index.ts';
import { PixRefundDtoSchema, answerPixQuestions, refundOrderPix } from '../pix/index.ts';
import { pixAnswers } from './pix-answers.ts';
import { PrintOutcomeSchema } from '../../printing/queue.ts';
import {
  OrderDtoSchema,
  OrderPaymentDtoSchema,
  PaymentMethodDtoSchema,
  loadOrder,
} from './order-dto.ts';
import { listPaymentMethods } from './payment-methods.ts';
import { orderPayments, payOrder } from './payments.ts';
import { awaitingDelivery, deliverOrder } from './delivery.ts';
import { printDeliveryReceipt, printPaymentReceipt, ReceiptOutcomeSchema } from './receipt.ts';
import { seesFullCpf } from '../../auth/cpf-privacy.ts';
import { paidOrders, refundOrder } from './refunds.ts';
import { unifyCarts } from './unify.ts';
import {
  discountLimit,
  finalizeCart,
  newCart,
  openOrders,
  removeCart,
  updateCart,
} from './service.ts';
import type { Actor } from './transitions.ts';
import { Id } from '../../http/id-schema.ts';

const Params = Type.Object({ id: Id });
const IdCliente = Type.Union([Type.String({ minLength: 1, maxLength: 20 }), Id]);
const CpfQuery = Type.Object({ cpf: Type.Optional(Type.String({ maxLength: 14 })) });
const MAX_LINES = 200;
/** The estorno's answer: the order and its bank-confirmed Pix given back (docs/pix.md). */
const RefundedOrderSchema = Type.Object({
  ...OrderDtoSchema.properties,
  devolucoesPix: Type.Array(PixRefundDtoSchema),
});

/** The signed-in user and the desk (client address) the request came from. */
function actor(request: FastifyRequest): Actor {
  const { user } = signedIn(request);
  return { id: user.id, username: user.username, desk: request.ip };
}

/** The store's carts and orders (docs/orders-api.md); the rules live in the contract and service. */
export const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const now = () => app.config.now();
  // pix asks orders of its orders and payment lines, without importing it.
  answerPixQuestions(pixAnswers);

  app.post(
    '/carrinho/novo',
    {
      config: { access: SELLER_PERMISSIONS, money: true },
      schema: { response: { 200: Type.Object({ id: Type.Integer() }) } },
    },
    async (request) => newCart(app.db, now(), actor(request)),
  );

  app.post(
    '/carrinho/atualizar/:id',
    {
      config: { access: ORDER_TRANSITIONS.atualizar.permissions, money: true },
      // Checked as sent, without the app's type coercion: a null or "2" quantity (or discount)
      // is refused, never read as 0 (which dropped the line) or 2.
      validatorCompiler: TypeBoxValidatorCompiler,
      schema: {
        params: Params,
        body: Type.Object({
          items: Type.Array(
            Type.Object({
              produto_id: Id,
              // The range and the 2 decimals are checked by the service, with SPEC.md's message.
              desconto: Type.Number(),
              quantidade: Type.Integer({ minimum: 1, maximum: 9999 }),
            }),
            { maxItems: MAX_LINES },
          ),
        }),
        response: { 200: OrderDtoSchema },
      },
    },
    async (request) =>
      updateCart(app.db, now(), actor(request), request.params.id, request.body.items),
  );

  app.get(
    '/carrinho/desconto-maximo',
    {
      config: { access: ORDER_TRANSITIONS.atualizar.permissions },
      schema: { response: { 200: Type.Object({ desconto_maximo: Type.Integer() }) } },
    },
    async (request) => ({
      desconto_maximo: await discountLimit(app.db, signedIn(request).user.id),
    }),
  );

  app.get(
    '/carrinho/info/:id',
    {
      config: { access: ORDER_RECORD_PERMISSIONS },
      schema: { params: Params, response: { 200: OrderDtoSchema } },
    },
    async (request) => loadOrder(app.db, request.params.id),
  );

  app.post(
    '/carrinho/finalizar/:id',
    {
      config: { access: ORDER_TRANSITIONS.finalizar.permissions, money: true },
      schema: {
        params: Params,
        body: Type.Object({ id_cliente: IdCliente }),
        response: { 200: OrderDtoSchema },
      },
    },
    async (request) =>
      finalizeCart(app.db, now(), actor(request), request.params.id, request.body.id_cliente),
  );

  app.delete(
    '/carrinho/remover/:id',
    {
      config: { access: ORDER_TRANSITIONS.remover.permissions },
      schema: { params: Params, response: { 200: OrderDtoSchema } },
    },
    async (request) => removeCart(app.db, now(), actor(request), request.params.id),
  );

  app.get(
    '/carrinho/aberto',
    {
      config: { access: ORDER_READ_PERMISSIONS },
      schema: {
        querystring: CpfQuery,
        response: { 200: Type.Array(OrderDtoSchema) },
      },
    },
    async (request) => openOrders(app.db, request.query.cpf),
  );

  app.get(
    '/carrinho/pagamento',
    {
      config: { access: ORDER_READ_PERMISSIONS },
      schema: {
        response: { 200: Type.Array(PaymentMethodDtoSchema) },
      },
    },
    async () => listPaymentMethods(app.db),
  );

  app.get(
    '/carrinho/pagamento/:id',
    {
      config: { access: ORDER_READ_PERMISSIONS },
      schema: { params: Params, response: { 200: Type.Array(OrderPaymentDtoSchema) } },
    },
    async (request) => orderPayments(app.db, request.params.id),
  );

  app.post(
    '/carrinho/pagamento/:id',
    {
      config: { access: ORDER_TRANSITIONS.pagar.permissions, money: true },
      schema: {
        params: Params,
        body: Type.Object({
          pagamentos: Type.Array(
            Type.Object({
              id_forma_pagamento: Id,
              valor: Type.Number({ exclusiveMinimum: 0, maximum: 10_000_000 }),
              txid: Type.Optional(Type.String({ pattern: '^[a-zA-Z0-9]{26,35}$' })),
              confirmacao_manual: Type.Optional(Type.String({ maxLength: PIX_MANUAL_REASON_MAX })),
              recebido: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 10_000_000 })),
            }),
            { maxItems: 20 },
          ),
        }),
        response: { 200: OrderDtoSchema },
      },
    },
    // Idempotency-Key is read by hand: a headers schema would strip every other header
    // (the validator drops undeclared fields), X-Forwarded-For and the desk's address with them.
    async (request) => {
      const { id } = request.params;
      const key = request.headers['idempotency-key'];
      return payOrder(app.db, now(), actor(request), id, request.body.pagamentos, key);
    },
  );

  app.get(
    '/carrinho/imprimir/recibo/:id',
    {
      config: { access: ORDER_RECORD_PERMISSIONS },
      schema: { params: Params, response: { 200: ReceiptOutcomeSchema } },
    },
    async (request) => {
      const { user } = signedIn(request);
      const zone = app.config.eventTimeZone;
      return printPaymentReceipt(
        app.db,
        now(),
        user,
        request.params.id,
        zone,
        seesFullCpf(request),
      );
    },
  );

  app.get(
    '/carrinho/entregar',
    {
      config: { access: DELIVERY_PERMISSIONS },
      schema: { querystring: CpfQuery, response: { 200: Type.Array(OrderDtoSchema) } },
    },
    async (request) => awaitingDelivery(app.db, request.query.cpf),
  );

  app.post(
    '/carrinho/entregar/:id',
    {
      config: { access: ORDER_TRANSITIONS.entregar.permissions },
      schema: { params: Params, response: { 200: OrderDtoSchema } },
    },
    async (request) => deliverOrder(app.db, now(), actor(request), request.params.id),
  );

  app.get(
    '/carrinho/imprimir/expedicao/:id',
    {
      config: { access: DELIVERY_RECEIPT_PERMISSIONS },
      schema: { params: Params, response: { 200: PrintOutcomeSchema } },
    },
    async (request) => {
      const { user } = signedIn(request);
      const zone = app.config.eventTimeZone;
      return printDeliveryReceipt(
        app.db,
        now(),
        user,
        request.params.id,
        zone,
        seesFullCpf(request),
      );
    },
  );

  app.get(
    '/carrinho/pagos',
    {
      config: { access: PAID_ORDERS_PERMISSIONS },
      schema: { querystring: CpfQuery, response: { 200: Type.Array(OrderDtoSchema) } },
    },
    async (request) => paidOrders(app.db, request.query.cpf),
  );

  app.post(
    '/carrinho/estornar/:id',
    {
      config: { access: ORDER_TRANSITIONS.estornar.permissions, money: true },
      schema: {
        params: Params,
        // A missing or blank reason is refused by the service, with its pt-BR message.
        body: Type.Object({ motivo: Type.Optional(Type.String({ maxLength: 500 })) }),
        response: { 200: RefundedOrderSchema },
      },
    },
    // Idempotency-Key read by hand, as for the payment. The PSP is asked to give back the order's
    // bank-confirmed Pix once the estorno committed, outside its transaction: a PSP down leaves
    // the refund PENDENTE (said in `devolucoesPix`), never the estorno undone.
    async (request) => {
      const { id } = request.params;
      const key = request.headers['idempotency-key'];
      const motivo = request.body.motivo ?? '';
      const order = await refundOrder(app.db, now(), actor(request), id, motivo, key);
      const devolucoesPix = await refundOrderPix(
        app.db,
        app.config.totpKey,
        now(),
        auditActor(request),
        order.id,
      );
      return { ...order, devolucoesPix };
    },
  );

  app.post(
    '/carrinho/unificar',
    {
      config: { access: ORDER_TRANSITIONS.unificar.permissions },
      schema: {
        body: Type.Object({
          id_cliente: IdCliente,
          carrinhos: Type.Array(Id, { maxItems: 50 }),
        }),
        response: { 200: OrderDtoSchema },
      },
    },
    async (request) => {
      const { id_cliente, carrinhos } = request.body;
      return unifyCarts(app.db, now(), actor(request), id_cliente, carrinhos);
    },
  );
};
