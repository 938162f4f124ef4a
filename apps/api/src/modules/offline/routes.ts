import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  OFFLINE_ACTIONS_MAX,
  OFFLINE_OUTCOMES,
  PARTICIPANT_STATUSES,
  isKiosk,
} from '@balcao/contract';
import { Id } from '../../http/id-schema.ts';
import { ApiError, invalidRequest } from '../../http/api-error.ts';
import { auditActor } from '../audit/index.ts';
import { applyOfflineActions, offlineIssues, type SentAction } from './actions.ts';
import { backgroundKeyer } from './keys.ts';
import { lookupSalt, readReplica } from './replica.ts';
import { selectedEventId } from '../events/index.ts';
import { Nullable } from '../../http/nullable.ts';

const OfflineParticipantSchema = Type.Object({
  id: Type.Integer(),
  lookupKey: Type.String(),
  name: Type.String(),
  usualName: Nullable(Type.String()),
  centerId: Nullable(Type.Integer()),
  status: Type.Enum(PARTICIPANT_STATUSES),
  badge: Type.Boolean(),
  badgePrintCount: Type.Integer(),
  coursewareId: Nullable(Type.String()),
  coursewareSerial: Nullable(Type.String()),
  accreditedAt: Nullable(Type.String()),
  passVersion: Type.Integer(),
});

const ReplicaSchema = Type.Object({
  event: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    linkCourseware: Type.Boolean(),
    printEnabled: Type.Boolean(),
  }),
  lookupSalt: Type.String(),
  passPublicKey: Type.String(),
  full: Type.Boolean(),
  nextAfterId: Nullable(Type.Integer()),
  participants: Type.Array(OfflineParticipantSchema),
  removed: Type.Array(Type.Integer()),
  centers: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      city: Nullable(Type.String()),
      color: Nullable(Type.String()),
    }),
  ),
  total: Type.Integer(),
  cursor: Type.String(),
  readAt: Type.String(),
});

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const Queued = {
  clientId: Type.String({ pattern: UUID, description: 'UUID feito pela mesa' }),
  eventId: Id,
  participantId: Id,
  at: Type.String({ maxLength: 40, description: 'Quando a mesa fez (ISO 8601)' }),
};
const ActionSchema = Type.Union([
  Type.Object({
    ...Queued,
    kind: Type.Literal('badge'),
    usualName: Type.String({ maxLength: 255 }),
    seenPrints: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  }),
  Type.Object({
    ...Queued,
    kind: Type.Literal('link'),
    coursewareId: Type.String({ minLength: 1, maxLength: 64 }),
  }),
]);

const ResultSchema = Type.Object({
  clientId: Type.String(),
  outcome: Type.Enum(OFFLINE_OUTCOMES),
  message: Nullable(Type.String()),
});

const IssueSchema = Type.Object({
  ...ResultSchema.properties,
  kind: Type.String(),
  participantId: Nullable(Type.Integer()),
  participantName: Nullable(Type.String()),
  at: Type.String(),
  desk: Type.String(),
  syncedAt: Type.String(),
});

/** An ISO instant, as a desk's `new Date().toISOString()` writes it. */
const isInstant = (text: string): boolean =>
  /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(text) &&
  !Number.isNaN(new Date(text).getTime());

/** The offline accreditation desk (docs/offline-desk.md). */
export const offlineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const desk = { access: ['Subscription'] as const };
  // A kiosk works offline too (issue #43): it reads the replica and sends its queued badges.
  const deskOrKiosk = { access: ['Subscription', 'Kiosk'] as const };
  const keyer = backgroundKeyer(app.db, (error) =>
    app.log.error({ err: error }, 'Chaves da réplica offline: cálculo em segundo plano falhou'),
  );
  // The selected event's keys are made before the first desk asks (one core, in the background).
  app.addHook('onReady', async () => {
    const eventId = await selectedEventId(app.db);
    if (eventId !== undefined) {
      keyer.start(eventId, Buffer.from(await lookupSalt(app.db, eventId), 'hex'));
    }
  });
  app.addHook('onClose', async () => keyer.stop());

  app.get(
    '/offline/replica',
    {
      config: deskOrKiosk,
      schema: {
        querystring: Type.Object({
          eventId: Id,
          since: Type.Optional(Type.String({ maxLength: 40 })),
          afterId: Type.Optional(Id),
        }),
        response: { 200: ReplicaSchema },
      },
    },
    async (request) =>
      readReplica(app.db, keyer, app.config.now(), auditActor(request), request.query),
  );

  app.post(
    '/offline/actions',
    {
      config: deskOrKiosk,
      schema: {
        body: Type.Object({ actions: Type.Array(ActionSchema, { maxItems: OFFLINE_ACTIONS_MAX }) }),
        response: { 200: Type.Object({ results: Type.Array(ResultSchema) }) },
      },
    },
    async (request) => {
      const actions = request.body.actions as SentAction[];
      // A kiosk prints badges; the booklet is linked by a person at the desk.
      if (
        isKiosk(request.auth?.user.permissions ?? []) &&
        actions.some((a) => a.kind !== 'badge')
      ) {
        throw new ApiError(403, 'forbidden', 'Um quiosque envia só crachás impressos sem conexão.');
      }
      const badTime = actions.findIndex((action) => !isInstant(action.at));
      if (badTime >= 0) {
        throw invalidRequest(
          `Ação ${badTime + 1}: horário inválido (use ISO 8601, como 2026-11-27T14:32:00.000Z).`,
        );
      }
      const results = await applyOfflineActions(
        app.db,
        () => app.config.now(),
        auditActor(request),
        actions,
      );
      return { results };
    },
  );

  app.get(
    '/offline/issues',
    {
      config: desk,
      schema: {
        querystring: Type.Object({ eventId: Id }),
        response: { 200: Type.Object({ data: Type.Array(IssueSchema) }) },
      },
    },
    async (request) => ({ data: await offlineIssues(app.db, request.query.eventId) }),
  );
};
