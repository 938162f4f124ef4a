import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACCREDITATION_STATUSES, type AccreditationStatus } from '@balcao/contract';
import { PrintOutcomeSchema } from '../../printing/queue.ts';
import { auditActor } from '../audit/index.ts';
import { ParticipantDtoSchema } from '../participants/index.ts';
import { Id } from '../../http/id-schema.ts';
import { invalidRequest } from '../../http/api-error.ts';
import {
  checkParticipant,
  checkParticipantById,
  checkParticipantByPass,
  exchangeCourseware,
  linkCourseware,
  printBadge,
} from './service.ts';

// Length rules live in the service, with their pt-BR messages.
const Code = Type.String({ minLength: 1, maxLength: 64 });

/** A check that finds the participant answers one of these; NOT_REGISTERED is the 404. */
const FOUND_STATUSES = ACCREDITATION_STATUSES.filter(
  (status): status is Exclude<AccreditationStatus, 'NOT_REGISTERED'> => status !== 'NOT_REGISTERED',
);

const CheckAnswerSchema = Type.Object({
  status: Type.Enum(FOUND_STATUSES),
  participant: ParticipantDtoSchema,
  event: Type.Object({ id: Type.Integer(), name: Type.String(), linkCourseware: Type.Boolean() }),
  badgeJobs: Type.Object({ waiting: Type.Integer(), failed: Type.Integer() }),
});

/** 'Credenciamento' and 'Troca de Apostila' (docs/accreditation-api.md). */
export const accreditationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/subscriptions/participant/check',
    {
      // The exchange desk verifies the participant with the same check.
      config: { access: ['Subscription', 'ChangeCourseware'] },
      // The desks' hottest call: its answer (about 700 bytes with long names and an e-mail) is
      // under the compression threshold (http/compression.ts), so @fastify/compress's hooks only
      // cost it CPU (issue #45); a rare answer past 1 KiB leaves uncompressed.
      compress: false,
      decompress: false,
      schema: {
        // A typed CPF, a scanned pass (issue #43), or the participant's id (the desk opened from
        // a list of masked CPFs).
        querystring: Type.Object({
          cpf: Type.Optional(Type.String({ maxLength: 20 })),
          pass: Type.Optional(Type.String({ maxLength: 200 })),
          participantId: Type.Optional(Id),
          eventId: Id,
        }),
        response: { 200: CheckAnswerSchema },
      },
    },
    async (request) => {
      const { cpf, pass, participantId, eventId } = request.query;
      if (participantId !== undefined) return checkParticipantById(app.db, participantId, eventId);
      if (pass !== undefined) return checkParticipantByPass(app.db, pass, eventId);
      if (cpf === undefined) {
        throw invalidRequest("Informe o campo 'cpf', 'pass' ou 'participantId'.");
      }
      return checkParticipant(
        app.db,
        { actor: auditActor(request), at: app.config.now() },
        cpf,
        eventId,
      );
    },
  );

  app.post(
    '/subscriptions/badge/print',
    {
      config: { access: ['Subscription'] },
      schema: {
        body: Type.Object({
          usualName: Type.String({ maxLength: 255 }),
          participantId: Id,
          eventId: Id,
        }),
        response: { 200: PrintOutcomeSchema },
      },
    },
    async (request) => printBadge(app.db, app.config.now(), auditActor(request), request.body),
  );

  app.post(
    '/subscriptions/courseware/link',
    {
      config: { access: ['Subscription'] },
      schema: {
        body: Type.Object({ participantId: Id, eventId: Id, coursewareId: Code }),
        response: { 200: ParticipantDtoSchema },
      },
    },
    async (request) => linkCourseware(app.db, app.config.now(), auditActor(request), request.body),
  );

  app.post(
    '/subscriptions/courseware/exchange',
    {
      config: { access: ['ChangeCourseware'] },
      schema: {
        body: Type.Object({
          participantId: Id,
          eventId: Id,
          currentCoursewareId: Code,
          newCoursewareId: Code,
        }),
        response: { 200: ParticipantDtoSchema },
      },
    },
    async (request) =>
      exchangeCourseware(app.db, app.config.now(), auditActor(request), request.body),
  );
};
