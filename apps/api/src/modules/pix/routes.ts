import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ORDER_TRANSITIONS, PIX_CHARGE_STATUSES, PIX_SETTINGS_PERMISSIONS } from '@balcao/contract';
import { Id } from '../../http/id-schema.ts';
import { chargeAtPsp, createCharge } from './charges.ts';
import { receiveNotification, registerWebhook } from './webhook.ts';
import { auditActor } from '../audit/index.ts';
import { pspSettings, removePspSettings, savePspSettings, testPspConnection } from './settings.ts';
import { Nullable } from '../../http/nullable.ts';

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

const Txid = Type.Object({ txid: Type.String({ pattern: '^[a-zA-Z0-9]{26,35}$' }) });

/** 'Configuração PIX' → the PSP connection, and the charges the till makes there (docs/pix.md). */
export const pixRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const system = { access: PIX_SETTINGS_PERMISSIONS };
  const key = () => app.config.totpKey;

  app.get('/pix/psp', { config: system, schema: { response: { 200: SettingsSchema } } }, async () =>
    pspSettings(app.db),
  );

  app.put(
    '/pix/psp',
    { config: system, schema: { body: SettingsInput, response: { 200: SettingsSchema } } },
    async (request) =>
      savePspSettings(app.db, key(), app.config.now(), auditActor(request), request.body),
  );

  app.delete(
    '/pix/psp',
    { config: system, schema: { response: { 200: SettingsSchema } } },
    async (request) => {
      await removePspSettings(app.db, app.config.now(), auditActor(request));
      return pspSettings(app.db);
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

  // The PSP's notification: no token, the secret in the path (docs/pix.md). Answered at once.
  app.post(
    '/pix/webhook/:secret/pix',
    {
      config: { access: 'public' },
      schema: {
        params: Type.Object({ secret: Type.String({ maxLength: 64 }) }),
        body: Type.Unknown(),
        response: { 200: Type.Object({ received: Type.Integer() }) },
      },
    },
    async (request) =>
      receiveNotification(app.db, app.config.now(), request.params.secret, request.body),
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
};
