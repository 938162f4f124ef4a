import rateLimit from '@fastify/rate-limit';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { KIOSK_REPRINT_POLICIES, PRINT_JOB_STATUSES } from '@balcao/contract';
import { signedIn } from '../../auth/access-control.ts';
import { ApiError } from '../../http/api-error.ts';
import { PrintJob, readOwnJob } from '../../printing/files.ts';
import { Id } from '../../http/id-schema.ts';
import { auditActor } from '../audit/index.ts';
import {
  askForHelp,
  checkAtKiosk,
  clearHelp,
  heartbeat,
  listKiosks,
  printAtKiosk,
  reprintLast,
  reprintPolicy,
  setPaused,
  setPin,
  setReprintPolicy,
  unlock,
} from './service.ts';

/** Each kiosk's calls per minute (per API instance): far above a person's pace at a screen. */
export const KIOSK_CALLS_PER_MINUTE = 60;
/** PIN tries per minute per kiosk: a participant cannot guess their way out. */
export const KIOSK_PIN_TRIES_PER_MINUTE = 5;

const KIOSK = { access: ['Kiosk'] } as const;
/** Who watches the kiosks: the desk's supervisors and admins. Setting PINs and policy: admins. */
const WATCH = ['Subscription', 'System'] as const;
const ADMIN = ['System'] as const;

const Pin = Type.String({ maxLength: 16 });
const Policy = Type.Enum(KIOSK_REPRINT_POLICIES);
const JobStatus = Type.Enum(PRINT_JOB_STATUSES);
const UserIdParams = Type.Object({ userId: Id });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const KioskRowSchema = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  online: Type.Boolean(),
  seenAt: Nullable(Type.String()),
  activityAt: Nullable(Type.String()),
  paused: Type.Boolean(),
  pinSet: Type.Boolean(),
  helpAt: Nullable(Type.String()),
  lastPrint: Type.Union([
    Type.Object({
      jobId: Type.Integer(),
      title: Type.String(),
      status: JobStatus,
      error: Nullable(Type.String()),
      at: Type.String(),
    }),
    Type.Null(),
  ]),
  printerTrouble: Nullable(Type.String()),
});

/** The kiosk a call comes from: the limit counts per kiosk, not per address (one NAT, many kiosks). */
const perKiosk = (request: FastifyRequest): string =>
  `kiosk:${request.auth?.user.id ?? request.ip}`;

/** The self-service kiosk's calls and 'Quiosques' (docs/kiosk-api.md). */
export const kioskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const now = () => app.config.now();

  // After the access guard (preHandler), so the key is the signed-in kiosk.
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    keyGenerator: perKiosk,
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        429,
        'too_many_requests',
        `Muitas tentativas neste quiosque: aguarde ${Math.ceil(context.ttl / 1000)} s.`,
        { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      ),
  });
  const limited = { max: KIOSK_CALLS_PER_MINUTE, timeWindow: 60_000 };

  app.post(
    '/kiosk/heartbeat',
    {
      config: KIOSK,
      schema: {
        response: {
          200: Type.Object({
            name: Type.String(),
            paused: Type.Boolean(),
            event: Type.Union([
              Type.Object({ id: Type.Integer(), name: Type.String() }),
              Type.Null(),
            ]),
          }),
        },
      },
    },
    async (request) => heartbeat(app.db, auditActor(request), now()),
  );

  app.post(
    '/kiosk/check',
    {
      config: { ...KIOSK, rateLimit: limited },
      schema: {
        body: Type.Object({
          cpf: Type.Optional(Type.String({ maxLength: 20 })),
          pass: Type.Optional(Type.String({ maxLength: 512 })),
        }),
        response: {
          200: Type.Object({
            participantId: Type.Integer(),
            name: Type.String(),
            badgeName: Type.String(),
            reprint: Type.Union([Policy, Type.Null()]),
          }),
        },
      },
    },
    async (request) => checkAtKiosk(app.db, auditActor(request), now(), request.body),
  );

  app.post(
    '/kiosk/print',
    {
      config: { ...KIOSK, rateLimit: limited },
      schema: {
        body: Type.Object({
          participantId: Id,
          usualName: Type.String({ maxLength: 255 }),
          pin: Type.Optional(Pin),
        }),
        response: { 200: Type.Object({ jobId: Type.Integer(), printer: Type.String() }) },
      },
    },
    async (request) => printAtKiosk(app.db, auditActor(request), now(), request.body),
  );

  // The kiosk follows its badge until the agent reports it (the desk's GET /prints/jobs/{id}).
  app.get(
    '/kiosk/jobs/:id',
    {
      config: KIOSK,
      schema: { params: Type.Object({ id: Id }), response: { 200: PrintJob } },
    },
    async (request) => readOwnJob(app.db, request.params.id, signedIn(request).user.id),
  );

  app.post('/kiosk/help', { config: { ...KIOSK, rateLimit: limited } }, async (request, reply) => {
    await askForHelp(app.db, auditActor(request), now());
    return reply.status(204).send();
  });

  app.post(
    '/kiosk/unlock',
    {
      config: {
        ...KIOSK,
        rateLimit: { max: KIOSK_PIN_TRIES_PER_MINUTE, timeWindow: 60_000 },
      },
      schema: { body: Type.Object({ pin: Pin }) },
    },
    async (request, reply) => {
      await unlock(app.db, auditActor(request), now(), request.body.pin);
      return reply.status(204).send();
    },
  );

  app.get(
    '/kiosks',
    {
      config: { access: WATCH },
      schema: { response: { 200: Type.Object({ data: Type.Array(KioskRowSchema) }) } },
    },
    async () => ({ data: await listKiosks(app.db, now()) }),
  );

  app.put(
    '/kiosks/:userId/pin',
    {
      config: { access: ADMIN },
      schema: { params: UserIdParams, body: Type.Object({ pin: Pin }) },
    },
    async (request, reply) => {
      await setPin(app.db, auditActor(request), now(), request.params.userId, request.body.pin);
      return reply.status(204).send();
    },
  );

  app.post(
    '/kiosks/:userId/pause',
    {
      config: { access: WATCH },
      schema: { params: UserIdParams, body: Type.Object({ paused: Type.Boolean() }) },
    },
    async (request, reply) => {
      await setPaused(
        app.db,
        auditActor(request),
        now(),
        request.params.userId,
        request.body.paused,
      );
      return reply.status(204).send();
    },
  );

  app.post(
    '/kiosks/:userId/help/clear',
    { config: { access: WATCH }, schema: { params: UserIdParams } },
    async (request, reply) => {
      await clearHelp(app.db, now(), request.params.userId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/kiosks/:userId/reprint',
    {
      config: { access: WATCH },
      schema: {
        params: UserIdParams,
        response: { 200: Type.Object({ jobId: Type.Integer() }) },
      },
    },
    async (request) => reprintLast(app.db, now(), request.params.userId),
  );

  app.get(
    '/kiosks/policy/:eventId',
    {
      config: { access: WATCH },
      schema: {
        params: Type.Object({ eventId: Id }),
        response: { 200: Type.Object({ reprint: Policy }) },
      },
    },
    async (request) => ({ reprint: await reprintPolicy(app.db, request.params.eventId) }),
  );

  app.put(
    '/kiosks/policy/:eventId',
    {
      config: { access: ADMIN },
      schema: { params: Type.Object({ eventId: Id }), body: Type.Object({ reprint: Policy }) },
    },
    async (request, reply) => {
      await setReprintPolicy(
        app.db,
        auditActor(request),
        request.params.eventId,
        request.body.reprint,
        now(),
      );
      return reply.status(204).send();
    },
  );
};
