import rateLimit from '@fastify/rate-limit';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CERTIFICATE_CRITERIA,
  CERTIFICATE_ISSUE_OUTCOME_LABELS,
  CERTIFICATE_MESSAGES,
  CERTIFICATE_PERMISSION,
  CERTIFICATE_REASON_MAX,
  CERTIFICATE_SENDING_MAX,
  type CertificateCriterion,
  type CertificateIssueOutcome,
} from '@balcao/contract';
import { ApiError } from '../../http/api-error.ts';
import { Id } from '../../http/id-schema.ts';
import { Nullable } from '../../http/nullable.ts';
import { auditActor } from '../audit/index.ts';
import { BatchSchema, backgroundDrain, registerAttachments, retryFailed } from '../emails/index.ts';
import { certificateAttachments, certificateSending, queueCertificateSending } from './sending.ts';
import { eligibility, eligibilityDto } from './eligibility.ts';
import { issueJob, startIssue } from './issue.ts';
import { eventRule, saveRule } from './rule.ts';
import {
  CERTIFICATE_EMAIL_KIND,
  certificatesZip,
  downloadCertificate,
  listCertificates,
  revokeCertificate,
  verifyCertificate,
} from './service.ts';

/** Verifications one address may ask per minute: a person checks a few; a guesser is stopped. */
export const CERTIFICATE_VERIFY_RATE_MAX = 30;

// Made from the contract's lists, typed as its unions (a union of mapped literals would lose it).
const Criterion = Type.Unsafe<CertificateCriterion>(
  Type.Union(CERTIFICATE_CRITERIA.map((criterion) => Type.Literal(criterion))),
);
const Outcome = Type.Unsafe<CertificateIssueOutcome>(
  Type.Union(Object.keys(CERTIFICATE_ISSUE_OUTCOME_LABELS).map((outcome) => Type.Literal(outcome))),
);
const EventParams = Type.Object({ eventId: Id });
const CodeParams = Type.Object({ code: Type.String({ maxLength: 64 }) });

const RuleSchema = Type.Object({
  eventId: Type.Integer(),
  hours: Type.Integer(),
  criterion: Criterion,
  minDays: Nullable(Type.Integer()),
  saved: Type.Boolean(),
});

const CertificateSchema = Type.Object({
  code: Type.String(),
  participantId: Nullable(Type.Integer()),
  name: Type.String(),
  version: Type.Integer(),
  issuedAt: Type.String(),
  updatedAt: Type.String(),
  revokedAt: Nullable(Type.String()),
  revokedReason: Nullable(Type.String()),
  emailedAt: Nullable(Type.String()),
});

const JobSchema = Type.Object({
  id: Type.Integer(),
  eventId: Type.Integer(),
  createdAt: Type.String(),
  total: Type.Integer(),
  processed: Type.Integer(),
  done: Type.Boolean(),
  counts: Type.Record(Type.String(), Type.Integer()),
  results: Type.Array(
    Type.Object({
      participantId: Type.Integer(),
      name: Type.String(),
      outcome: Outcome,
      code: Nullable(Type.String()),
      message: Nullable(Type.String()),
    }),
  ),
});

const SendingSchema = Type.Intersect([BatchSchema, Type.Object({ withoutEmail: Type.Integer() })]);
const SendingParams = Type.Object({ id: Id });

const VerificationSchema = Type.Union([
  Type.Object({
    status: Type.Literal('valid'),
    code: Type.String(),
    name: Type.String(),
    event: Type.String(),
    course: Nullable(Type.String()),
    hours: Type.Integer(),
    dates: Type.String(),
    issuedAt: Type.String(),
  }),
  Type.Object({
    status: Type.Literal('revoked'),
    code: Type.String(),
    name: Nullable(Type.String()),
    event: Type.String(),
    revokedAt: Type.String(),
  }),
  Type.Object({ status: Type.Literal('not_found') }),
]);

/** Certificates of attendance (docs/certificates-api.md): 'Eventos' manages, anyone verifies. */
export const certificateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const managers = { access: [CERTIFICATE_PERMISSION] as const };
  const zone = app.config.eventTimeZone;
  const publicUrl = app.config.publicUrl;
  registerAttachments(CERTIFICATE_EMAIL_KIND, certificateAttachments(publicUrl));

  // The e-mail sendings run in the background, with the emails module's progress and results.
  const drain = backgroundDrain(app, 'envio de certificados falhou');

  app.get(
    '/certificados/eventos/:eventId/regra',
    { config: managers, schema: { params: EventParams, response: { 200: RuleSchema } } },
    async (request) => eventRule(app.db, request.params.eventId),
  );

  app.put(
    '/certificados/eventos/:eventId/regra',
    {
      config: managers,
      schema: {
        params: EventParams,
        body: Type.Object({
          hours: Type.Number(),
          criterion: Type.String({ maxLength: 32 }),
          minDays: Type.Optional(Nullable(Type.Number())),
        }),
        response: { 200: RuleSchema },
      },
    },
    async (request) =>
      saveRule(
        app.db,
        auditActor(request),
        request.params.eventId,
        // Checked whole by certificateRuleProblems, which names each fault in pt-BR.
        { ...request.body, minDays: request.body.minDays ?? null } as never,
        app.config.now(),
      ),
  );

  app.get(
    '/certificados/eventos/:eventId/elegiveis',
    {
      config: managers,
      schema: {
        params: EventParams,
        response: {
          200: Type.Object({
            rule: RuleSchema,
            eventDays: Type.Array(Type.String()),
            earning: Type.Integer(),
            notEarning: Type.Integer(),
            candidates: Type.Array(
              Type.Object({
                participantId: Type.Integer(),
                name: Type.String(),
                daysPresent: Type.Integer(),
                earns: Type.Boolean(),
                reason: Nullable(Type.String()),
                code: Nullable(Type.String()),
              }),
            ),
          }),
        },
      },
    },
    async (request) => eligibilityDto(await eligibility(app.db, zone, request.params.eventId)),
  );

  app.get(
    '/certificados/eventos/:eventId',
    {
      config: managers,
      schema: {
        params: EventParams,
        response: {
          200: Type.Object({
            eventId: Type.Integer(),
            certificates: Type.Array(CertificateSchema),
          }),
        },
      },
    },
    async (request) => listCertificates(app.db, request.params.eventId),
  );

  app.post(
    '/certificados/eventos/:eventId/emissoes',
    { config: managers, schema: { params: EventParams, response: { 202: JobSchema } } },
    async (request, reply) => {
      const job = await startIssue(
        app.db,
        request.log,
        zone,
        auditActor(request),
        request.params.eventId,
        app.config.now,
      );
      return reply.code(202).send(job);
    },
  );

  app.get(
    '/certificados/emissoes/:id',
    {
      config: managers,
      schema: { params: Type.Object({ id: Id }), response: { 200: JobSchema } },
    },
    async (request) => issueJob(app.db, request.params.id),
  );

  app.get(
    '/certificados/eventos/:eventId/zip',
    { config: managers, schema: { params: EventParams } },
    async (request, reply) => {
      const stream = await certificatesZip(app.db, request.params.eventId, publicUrl);
      return reply
        .type('application/zip')
        .header(
          'content-disposition',
          `attachment; filename="certificados-evento-${request.params.eventId}.zip"`,
        )
        .send(stream);
    },
  );

  app.get(
    '/certificados/:code/pdf',
    { config: managers, schema: { params: CodeParams } },
    async (request, reply) => {
      const { fileName, pdf } = await downloadCertificate(app.db, request.params.code, publicUrl);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );

  app.post(
    '/certificados/:code/revogar',
    {
      config: managers,
      schema: {
        params: CodeParams,
        body: Type.Object({ reason: Type.String({ maxLength: CERTIFICATE_REASON_MAX * 2 }) }),
        response: { 200: CertificateSchema },
      },
    },
    async (request) =>
      revokeCertificate(
        app.db,
        auditActor(request),
        request.params.code,
        request.body.reason,
        app.config.now(),
      ),
  );

  // 'Enviar por e-mail': each valid certificate's PDF to its participant.
  app.post(
    '/certificados/eventos/:eventId/enviar',
    {
      config: managers,
      schema: {
        params: EventParams,
        body: Type.Object({
          codes: Type.Optional(
            Type.Array(Type.String({ maxLength: 64 }), { maxItems: CERTIFICATE_SENDING_MAX }),
          ),
        }),
        response: { 200: SendingSchema },
      },
    },
    async (request) => {
      const { batchId, withoutEmail } = await queueCertificateSending(
        app.db,
        app.config.now(),
        auditActor(request),
        request.params.eventId,
        request.body,
      );
      const sending = await certificateSending(app.db, batchId, withoutEmail);
      drain(batchId);
      return sending;
    },
  );

  app.get(
    '/certificados/envios/:id',
    { config: managers, schema: { params: SendingParams, response: { 200: SendingSchema } } },
    async (request) => certificateSending(app.db, request.params.id),
  );

  // 'Reenviar falhas': the failed e-mails go again (SMTP down, a full mailbox); the sent ones not.
  app.post(
    '/certificados/envios/:id/reenviar',
    { config: managers, schema: { params: SendingParams, response: { 200: SendingSchema } } },
    async (request) =>
      retryFailed(app.db, request.params.id, (id) => certificateSending(app.db, id), drain),
  );

  // Limited per address (request.ip: the client behind a trusted proxy), per instance.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'too_many_requests', CERTIFICATE_MESSAGES.tooManyVerifications, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });

  // Public: the QR's page asks it without a login. Never indexed, never a CPF or an e-mail.
  app.get(
    '/certificados/verificar/:code',
    {
      config: {
        access: 'public',
        rateLimit: { max: CERTIFICATE_VERIFY_RATE_MAX, timeWindow: 60_000 },
      },
      schema: { params: CodeParams, response: { 200: VerificationSchema } },
    },
    async (request, reply) => {
      reply.header('x-robots-tag', 'noindex, nofollow');
      return verifyCertificate(app.db, request.params.code);
    },
  );
};
