import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { LOTTERY_PRIZES_MAX, LOTTERY_PRIZES_MIN } from '@balcao/contract';
import { signedIn } from '../../auth/access-control.ts';
import {
  auditGame,
  drawWinner,
  listGames,
  loadGame,
  lotteryProducts,
  newGame,
  type Operator,
} from './service.ts';
import { Id } from '../../http/id-schema.ts';

const LOTTERY = ['Lottery'] as const;
const Params = Type.Object({ id: Id });
const Criteria = Type.Union([Type.Literal('PRODUTOS'), Type.Literal('CREDENCIADOS')]);

const WinnerSchema = Type.Object({
  position: Type.Integer(),
  participantId: Type.Integer(),
  name: Type.String(),
  drawnAt: Type.String(),
  drawnBy: Type.String(),
  poolHash: Type.String(),
  poolSize: Type.Integer(),
});

const ProductRef = Type.Object({ id: Type.Integer(), name: Type.String() });

const GameSummarySchema = Type.Object({
  id: Type.Integer(),
  createdAt: Type.String(),
  criteria: Criteria,
  products: Type.Array(ProductRef),
  prizesCount: Type.Integer(),
  winnersCount: Type.Integer(),
  createdBy: Type.String(),
});

const GameSchema = Type.Object({
  id: Type.Integer(),
  eventId: Type.Integer(),
  criteria: Criteria,
  products: Type.Array(ProductRef),
  prizesCount: Type.Integer(),
  winners: Type.Array(WinnerSchema),
  candidates: Type.Array(Type.String()),
  poolSize: Type.Integer(),
  createdBy: Type.String(),
  createdAt: Type.String(),
});

const AuditDrawSchema = Type.Intersect([
  WinnerSchema,
  Type.Object({
    tickets: Type.Array(Type.String()),
    randomIndex: Type.Integer(),
    storedPoolMatches: Type.Boolean(),
    recomputedPoolMatches: Type.Boolean(),
    holders: Type.Array(
      Type.Object({ participantId: Type.Integer(), name: Type.String(), tickets: Type.Integer() }),
    ),
  }),
]);

const operator = (request: FastifyRequest): Operator => {
  const { user } = signedIn(request);
  return { id: user.id, username: user.username };
};

/** The lottery (docs/lottery-api.md): the draw is made and recorded here, never in the browser. */
export const lotteryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const now = () => app.config.now();

  app.get(
    '/sorteio',
    {
      config: { access: LOTTERY },
      schema: { response: { 200: Type.Array(GameSummarySchema) } },
    },
    async () => listGames(app.db),
  );

  app.get(
    '/sorteio/produtos',
    {
      config: { access: LOTTERY },
      schema: {
        response: {
          200: Type.Object({
            eventId: Type.Integer(),
            products: Type.Array(
              Type.Object({
                id: Type.Integer(),
                name: Type.String(),
                sold: Type.Integer(),
                participants: Type.Integer(),
              }),
            ),
            accredited: Type.Integer(),
          }),
        },
      },
    },
    async () => lotteryProducts(app.db, now()),
  );

  app.post(
    '/sorteio/:id/novo',
    {
      config: { access: LOTTERY },
      schema: {
        params: Params,
        body: Type.Object({
          products: Type.Array(Id, { maxItems: 500 }),
          prizesCount: Type.Integer({ minimum: LOTTERY_PRIZES_MIN, maximum: LOTTERY_PRIZES_MAX }),
        }),
        response: { 200: GameSchema },
      },
    },
    async (request) => newGame(app.db, now(), operator(request), request.params.id, request.body),
  );

  app.post(
    '/sorteio/atualizar/:id',
    {
      config: { access: LOTTERY },
      schema: {
        params: Params,
        body: Type.Object({
          winners: Type.Array(Id, { maxItems: LOTTERY_PRIZES_MAX }),
          criteria: Type.Optional(Criteria),
        }),
        response: { 200: Type.Object({ game: GameSchema, winner: WinnerSchema }) },
      },
    },
    async (request) =>
      drawWinner(app.db, now(), operator(request), request.params.id, request.body),
  );

  app.get(
    '/sorteio/:id',
    {
      config: { access: LOTTERY },
      schema: { params: Params, response: { 200: GameSchema } },
    },
    async (request) => loadGame(app.db, now(), request.params.id),
  );

  app.get(
    '/sorteio/:id/auditoria',
    {
      config: { access: LOTTERY },
      schema: {
        params: Params,
        response: { 200: Type.Object({ game: GameSchema, draws: Type.Array(AuditDrawSchema) }) },
      },
    },
    async (request) => auditGame(app.db, now(), request.params.id),
  );
};
