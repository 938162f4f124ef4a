import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { STORE_PERMISSIONS } from '@balcao/contract';
import { auditActor } from '../audit/index.ts';
import { anonymizeParticipant } from './anonymize.ts';
import { ParticipantDtoSchema } from './participant-dto.ts';
import { participantName } from './service.ts';

/** Participant lookups outside the table editor; the table itself is a tables resource. */
export const participantRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The sale and cashier screens name the client by CPF; so may the accreditation desk.
  app.get(
    '/participants/name/:cpf',
    {
      config: {
        access: [...STORE_PERMISSIONS, 'Checkout', 'CheckoutDelivery', 'Subscription'],
      },
      schema: {
        params: Type.Object({ cpf: Type.String({ maxLength: 20 }) }),
        response: { 200: Type.Object({ name: Type.String() }) },
      },
    },
    async (request) =>
      participantName(
        app.db,
        { actor: auditActor(request), at: app.config.now() },
        request.params.cpf,
      ),
  );

  // 'Anonimizar participante' (issue #17, LGPD): irreversible, so System only.
  app.post(
    '/participants/:id/anonymize',
    {
      config: { access: ['System'] },
      schema: {
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        response: { 200: ParticipantDtoSchema },
      },
    },
    async (request) =>
      anonymizeParticipant(app.db, auditActor(request), request.params.id, app.config.now()),
  );
};
