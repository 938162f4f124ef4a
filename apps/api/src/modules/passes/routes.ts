import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PASS_SENDING_MAX, passKeyToHex } from '@balcao/contract';
import { auditActor } from '../audit/index.ts';
import { BatchSchema, backgroundDrain, registerAttachments, retryFailed } from '../emails/index.ts';
import { Id } from '../../http/id-schema.ts';
import { ensurePassKey, passPublicKeyFor } from './keys.ts';
import { reissuePass } from './service.ts';
import { PASS_KIND, passAttachments, passSending, queuePassSending } from './sending.ts';

const SendingSchema = Type.Object({
  ...BatchSchema.properties,
  withoutEmail: Type.Integer(),
  unpaid: Type.Integer(),
});
const SendingParams = Type.Object({ id: Id });

/** The participants' passes (issue #43, docs/passes-api.md). */
export const passRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await ensurePassKey(app.db, app.config.totpKey, app.config.now());
  registerAttachments(PASS_KIND, passAttachments(app.config.totpKey));
  const access = { access: ['Participant', 'System'] as const };

  const drain = backgroundDrain(app, 'envio de ingressos falhou');

  // The key desks and kiosks check passes with offline (the replica carries it too).
  app.get(
    '/passes/public-key',
    {
      config: { access: 'signedIn' },
      schema: {
        querystring: Type.Object({ eventId: Id }),
        response: { 200: Type.Object({ publicKey: Type.String() }) },
      },
    },
    async (request) => ({
      publicKey: passKeyToHex(await passPublicKeyFor(app.db, request.query.eventId)),
    }),
  );

  // 'Reemitir ingresso' (lost phone, forwarded e-mail): the QR sent before stops working.
  app.post(
    '/participants/:id/pass/reissue',
    {
      config: access,
      schema: {
        params: Type.Object({ id: Id }),
        response: { 200: Type.Object({ version: Type.Integer() }) },
      },
    },
    async (request) =>
      reissuePass(app.db, auditActor(request), request.params.id, app.config.now()),
  );

  // 'Enviar ingressos': one e-mail per participant with their pass (QR inline, PNG and PDF).
  app.post(
    '/passes/envios',
    {
      config: access,
      schema: {
        body: Type.Object({
          eventId: Id,
          participantIds: Type.Optional(Type.Array(Id, { maxItems: PASS_SENDING_MAX })),
          includeUnpaid: Type.Optional(Type.Boolean()),
        }),
        response: { 200: SendingSchema },
      },
    },
    async (request) => {
      const { batchId, ...skipped } = await queuePassSending(
        app.db,
        app.config.now(),
        auditActor(request),
        request.body,
      );
      const sending = await passSending(app.db, batchId, skipped);
      drain(batchId);
      return sending;
    },
  );

  app.get(
    '/passes/envios/:id',
    { config: access, schema: { params: SendingParams, response: { 200: SendingSchema } } },
    async (request) => passSending(app.db, request.params.id),
  );

  // 'Reenviar falhas': the failed e-mails go again; the sent ones are left.
  app.post(
    '/passes/envios/:id/reenviar',
    { config: access, schema: { params: SendingParams, response: { 200: SendingSchema } } },
    async (request) =>
      retryFailed(app.db, request.params.id, (id) => passSending(app.db, id), drain),
  );
};
