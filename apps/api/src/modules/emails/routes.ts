import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX, PARTICIPANT_STATUSES } from '@balcao/contract';
import { signedIn } from '../../auth/access-control.ts';
import { auditActor } from '../audit/index.ts';
import { notFound } from '../../http/api-error.ts';
import { backgroundDrain } from './module-sendings.ts';
import {
  emailBatch,
  previewEmail,
  queueBatch,
  requeueFailed,
  saveSmtpConfig,
  smtpConfig,
} from './service.ts';
import { Id } from '../../http/id-schema.ts';
import { Nullable } from '../../http/nullable.ts';
import { BatchSchema } from './schemas.ts';

const SmtpConfigSchema = Type.Object({
  host: Type.String(),
  port: Type.Integer(),
  user: Type.String(),
  sender: Type.String(),
  hasPassword: Type.Boolean(),
});

const DraftSchema = Type.Object({
  eventId: Id,
  statuses: Type.Array(Type.Union(PARTICIPANT_STATUSES.map((status) => Type.Literal(status))), {
    maxItems: PARTICIPANT_STATUSES.length,
  }),
  subject: Type.String({ maxLength: EMAIL_SUBJECT_MAX }),
  body: Type.String({ maxLength: EMAIL_BODY_MAX }),
});

const BatchParams = Type.Object({ id: Id });

/**
 * 'Enviar e-mails' (docs/emails-api.md), System only and only outside the production mode, as
 * its menu item. A sending is queued in the database and worked through in the background.
 */
export const emailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const access = { access: ['System'] as const };
  // After the access check (a route's own onRequest), so a stranger still gets 401/403.
  app.addHook('preValidation', async () => {
    if (app.config.appMode === 'production')
      throw notFound('Envio de e-mails indisponível no modo production.');
  });

  const drain = backgroundDrain(app, 'envio de e-mails falhou');

  app.get(
    '/emails/smtp',
    { config: access, schema: { response: { 200: SmtpConfigSchema } } },
    async () => smtpConfig(app.db),
  );

  app.post(
    '/emails/smtp',
    {
      config: access,
      schema: {
        body: Type.Object({
          host: Type.String({ maxLength: 255 }),
          port: Type.Integer({ minimum: 1, maximum: 65535 }),
          user: Type.String({ maxLength: 255 }),
          password: Type.String({ maxLength: 255 }),
          sender: Type.String({ maxLength: 255 }),
        }),
        response: { 200: SmtpConfigSchema },
      },
    },
    async (request) => saveSmtpConfig(app.db, app.config.now(), auditActor(request), request.body),
  );

  app.post(
    '/emails/previa',
    {
      config: access,
      schema: {
        body: DraftSchema,
        response: {
          200: Type.Object({
            recipients: Type.Integer(),
            withoutEmail: Type.Integer(),
            sample: Nullable(
              Type.Object({
                name: Type.String(),
                email: Type.String(),
                subject: Type.String(),
                body: Type.String(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => previewEmail(app.db, request.body),
  );

  app.post(
    '/emails/envios',
    { config: access, schema: { body: DraftSchema, response: { 200: BatchSchema } } },
    async (request) => {
      const { user } = signedIn(request);
      const id = await queueBatch(app.db, app.config.now(), user.id, request.body);
      const batch = await emailBatch(app.db, id);
      drain(id);
      return batch;
    },
  );

  app.get(
    '/emails/envios/:id',
    { config: access, schema: { params: BatchParams, response: { 200: BatchSchema } } },
    async (request) => emailBatch(app.db, request.params.id),
  );

  app.post(
    '/emails/envios/:id/reenviar',
    { config: access, schema: { params: BatchParams, response: { 200: BatchSchema } } },
    async (request) => {
      await requeueFailed(app.db, request.params.id);
      const batch = await emailBatch(app.db, request.params.id);
      drain(request.params.id);
      return batch;
    },
  );
};
