import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PIX_SETTINGS_PERMISSIONS } from '@balcao/contract';
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

/** 'Configuração PIX' → the PSP connection (docs/pix.md). */
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
};
