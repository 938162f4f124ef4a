import rateLimit from '@fastify/rate-limit';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ORDER_TRANSITIONS,
  PIX_CHARGE_STATUSES,
  PIX_PSP_DEVELOPMENT_KEY_WARNING,
  PIX_REFUND_PERMISSIONS,
  PIX_REFUND_REASON_MAX,
  PIX_SETTINGS_PERMISSIONS,
} from '@balcao/contract';
import { Id } from '../../http/id-schema.ts';
import { pixCharge, pixConfig, savePixConfig } from './static-charge.ts';
import { chargeAtPsp, createCharge, sweepCharges } from './charges.ts';
import { receiveNotification, registerWebhook } from './webhook.ts';
import { auditActor } from '../audit/index.ts';
import { pspSettings, removePspSettings, savePspSettings, testPspConnection } from './settings.ts';
import { Nullable } from '../../http/nullable.ts';
import { ApiError } from '../../http/api-error.ts';
import { PixRefundDtoSchema, PixRefundsDtoSchema } from './refund-schemas.ts';
import { pixRefunds, refundUnclaimedPix, retryPixRefund } from './refunds.ts';

const SettingsSchema = Type.Object({
  configured: Type.Boolean(),
  baseUrl: Type.String(),
  tokenUrl: Type.String(),
  clientId: Type.String(),
  hasClientSecret: Type.Boolean(),
  certificate: Nullable(
    Type.Object({ subject: Type.String(), issuer: Type.String(), validTo: Type.String() }),
  ),
  hasCa: Type.Boolean(),
  developmentKey: Type.Boolean(),
});

// Lengths and forms are checked by the service, with pt-BR messages.
const PEM = Type.Optional(Type.String({ maxLength: 20_000 }));
const SettingsInput = Type.Object({
  baseUrl: Type.String({ maxLength: 500 }),
  tokenUrl: Type.Optional(Type.String({ maxLength: 500 })),
  clientId: Type.String({ maxLength: 255 }),
  clientSecret: Type.Optional(Type.String({ maxLength: 1000 })),
  certificatePem: PEM,
  privateKeyPem: PEM,
  caPem: PEM,
});

const ChargeSchema = Type.Object({
  txid: Type.String(),
  orderId: Type.Integer(),
  status: Type.Enum(PIX_CHARGE_STATUSES),
  valor: Type.Number(),
  pixCopiaECola: Type.String(),
  expiresAt: Type.String(),
  endToEndId: Nullable(Type.String()),
  paidAt: Nullable(Type.String()),
});

/** Notifications a minute from one address: a PSP batches its Pix, so this is never its pace. */
export const PIX_WEBHOOK_RATE_MAX = 600;

const Txid = Type.Object({ txid: Type.String({ pattern: '^[a-zA-Z0-9]{26,35}$' }) });

// A Pix's end-to-end id and a refund's id: the standard's [a-zA-Z0-9]{1,35}. Whether the Pix is
// one to give back, and a blank reason, are the service's checks (pt-BR messages).
const RefundInput = Type.Object({
  endToEndId: Type.String({ pattern: '^[a-zA-Z0-9]{1,35}$' }),
  motivo: Type.Optional(Type.String({ maxLength: PIX_REFUND_REASON_MAX })),
});
const RefundId = Type.Object({ id: Type.String({ pattern: '^[a-zA-Z0-9]{1,35}$' }) });

/** 'Configuração PIX' → the PSP connection, and the charges the till makes there (docs/pix.md). */
export const pixRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const system = { access: PIX_SETTINGS_PERMISSIONS };
  const key = () => app.config.totpKey;

  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () =>
    sweepCharges(app.db, key(), app.config.now()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'Falha ao verificar as cobranças PIX ativas no PSP'),
    );
  app.addHook('onReady', async () => {
    const every = app.config.pixSweepInterval;
    if (every > 0) sweeper = setInterval(sweep, every).unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.get('/pix/psp', { config: system, schema: { response: { 200: SettingsSchema } } }, async () =>
    pspSettings(app.db, key()),
  );

  app.put(
    '/pix/psp',
    { config: system, schema: { body: SettingsInput, response: { 200: SettingsSchema } } },
    async (request) => {
      const saved = await savePspSettings(
        app.db,
        key(),
        app.config.now(),
        auditActor(request),
        request.body,
      );
      // Saved all the same (the quick start has no key): the card and the log say it.
      if (saved.developmentKey) request.log.warn(PIX_PSP_DEVELOPMENT_KEY_WARNING);
      return saved;
    },
  );

  app.delete(
    '/pix/psp',
    { config: system, schema: { response: { 200: SettingsSchema } } },
    async (request) => {
      await removePspSettings(app.db, app.config.now(), auditActor(request));
      return pspSettings(app.db, key());
    },
  );

  app.post(
    '/pix/psp/test',
    {
      config: system,
      schema: { response: { 200: Type.Object({ ok: Type.Boolean(), message: Type.String() }) } },
    },
    async () => testPspConnection(app.db, key()),
  );

  app.post(
    '/pix/psp/webhook',
    {
      config: system,
      schema: { response: { 200: Type.Object({ ok: Type.Boolean(), message: Type.String() }) } },
    },
    async () => registerWebhook(app.db, key(), app.config.publicUrl),
  );

  // PIX without a PSP: the receiver's key and an order's static BR Code (static-charge.ts).
  const PixConfig = Type.Object({
    // Lengths are checked by the service, with pt-BR messages.
    chave: Type.String({ maxLength: 200 }),
    nome: Type.String({ maxLength: 200 }),
    cidade: Type.String({ maxLength: 200 }),
  });

  app.get(
    '/carrinho/pix/config',
    {
      config: { access: PIX_SETTINGS_PERMISSIONS },
      schema: { response: { 200: PixConfig } },
    },
    async () => pixConfig(app.db),
  );

  app.post(
    '/carrinho/pix/config',
    {
      config: { access: PIX_SETTINGS_PERMISSIONS },
      schema: { body: PixConfig, response: { 200: PixConfig } },
    },
    async (request) => savePixConfig(app.db, app.config.now(), auditActor(request), request.body),
  );

  app.get(
    '/carrinho/pix/:id',
    {
      config: { access: ORDER_TRANSITIONS.pagar.permissions },
      schema: {
        params: Type.Object({ id: Id }),
        querystring: Type.Object({
          valor: Type.Number({ exclusiveMinimum: 0, maximum: 10_000_000 }),
        }),
        response: { 200: Type.Object({ payload: Type.String(), txid: Type.String() }) },
      },
    },
    async (request) => pixCharge(app.db, request.params.id, request.query.valor),
  );

  // Only the webhook is limited here (per address, per instance): a PSP notifies far less, and a
  // caller guessing the secret path is slowed to a crawl.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        429,
        'too_many_requests',
        `Muitas notificações deste endereço: tente de novo em ${Math.ceil(context.ttl / 1000)} s.`,
        { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      ),
  });

  // The PSP's notification: no token, the secret in the path (docs/pix.md). Answered at once.
  app.post(
    '/pix/webhook/:secret/pix',
    {
      config: { access: 'public', rateLimit: { max: PIX_WEBHOOK_RATE_MAX, timeWindow: 60_000 } },
      schema: {
        params: Type.Object({ secret: Type.String({ maxLength: 64 }) }),
        body: Type.Unknown(),
        response: { 200: Type.Object({ received: Type.Integer() }) },
      },
    },
    async (request) =>
      receiveNotification(app.db, key(), app.config.now(), request.params.secret, request.body),
  );

  const cashiers = { access: ORDER_TRANSITIONS.pagar.permissions };

  app.post(
    '/carrinho/pix/:id/cobranca',
    {
      config: cashiers,
      schema: {
        params: Type.Object({ id: Id }),
        body: Type.Object({ valor: Type.Number({ exclusiveMinimum: 0, maximum: 10_000_000 }) }),
        response: { 200: ChargeSchema },
      },
    },
    async (request) =>
      createCharge(
        app.db,
        key(),
        app.config.now(),
        auditActor(request),
        request.params.id,
        request.body.valor,
      ),
  );

  app.get(
    '/carrinho/pix/cobranca/:txid',
    { config: cashiers, schema: { params: Txid, response: { 200: ChargeSchema } } },
    async (request) => chargeAtPsp(app.db, key(), app.config.now(), request.params.txid, 'read'),
  );

  app.delete(
    '/carrinho/pix/cobranca/:txid',
    { config: cashiers, schema: { params: Txid, response: { 200: ChargeSchema } } },
    async (request) => chargeAtPsp(app.db, key(), app.config.now(), request.params.txid, 'cancel'),
  );

  // 'Devoluções PIX': the Pix no order keeps and the refunds asked (docs/pix.md, 'Refunds').
  const refunders = { access: PIX_REFUND_PERMISSIONS, money: true };

  app.get(
    '/pix/devolucoes',
    {
      config: { access: PIX_REFUND_PERMISSIONS },
      schema: { response: { 200: PixRefundsDtoSchema } },
    },
    async (request) => pixRefunds(app.db, key(), app.config.now(), auditActor(request)),
  );

  app.post(
    '/pix/devolucoes',
    { config: refunders, schema: { body: RefundInput, response: { 200: PixRefundDtoSchema } } },
    async (request) =>
      refundUnclaimedPix(
        app.db,
        key(),
        app.config.now(),
        auditActor(request),
        request.body.endToEndId,
        request.body.motivo ?? '',
      ),
  );

  app.post(
    '/pix/devolucoes/:id/tentar',
    { config: refunders, schema: { params: RefundId, response: { 200: PixRefundDtoSchema } } },
    async (request) =>
      retryPixRefund(app.db, key(), app.config.now(), auditActor(request), request.params.id),
  );
};
