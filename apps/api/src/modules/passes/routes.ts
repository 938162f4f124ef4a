import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { passKeyToHex } from '@balcao/contract';
import { auditActor } from '../audit/index.ts';
import { Id } from '../../http/id-schema.ts';
import { ensurePassKey, passPublicKeyFor } from './keys.ts';
import { reissuePass } from './service.ts';

/** The participants' passes (issue #43, docs/passes-api.md). */
export const passRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await ensurePassKey(app.db, app.config.totpKey, app.config.now());

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
      config: { access: ['Participant', 'System'] },
      schema: {
        params: Type.Object({ id: Id }),
        response: { 200: Type.Object({ version: Type.Integer() }) },
      },
    },
    async (request) =>
      reissuePass(app.db, auditActor(request), request.params.id, app.config.now()),
  );
};
