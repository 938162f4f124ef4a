import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { LOTTERY_HOLDERS_PAGE_MAX, LOTTERY_PRIZES_MAX, LOTTERY_PRIZES_MIN } from '@balcao/contract';
import { signedIn } from '../../auth/access-control.ts';
import { keepPoolWithOrders } from './kept-pool.ts';
import {
  auditDraw,
  auditGame,
  auditHolders,
  drawTickets,
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
    randomIndex: Type.Integer(),
    winningTicket: Type.String(),
    storedPoolMatches: Type.Boolean(),
    recomputedPoolMatches: Type.Boolean(),
    holdersCount: Type.Integer(),
  }),
]);

const DrawParams = Type.Object({ id: Id, posicao: Type.Integer({ minimum: 1 }) });

const HoldersQuerySchema = Type.Object({
  inicio: Type.Integer({ minimum: 0, default: 0 }),
  quantidade: Type.Integer({ minimum: 1, maximum: LOTTERY_HOLDERS_PAGE_MAX, default: 100 }),
  direcao: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
});

const operator = (request: FastifyRequest): Operator => {
  const { user } = signedIn(request);
  return { id: user.id, username: user.username };
};

/** The lottery (docs/lottery-api.md): the draw is made and recorded here, never in the browser. */
export const lotteryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const now = () => app.config.now();
  keepPoolWithOrders();

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
        response: { 200: Type.Object({ game: GameSchema, draws: Type.Array(WinnerSchema) }) },
      },
    },
    async (request) => auditGame(app.db, now(), request.params.id),
  );

  app.get(
    '/sorteio/:id/auditoria/:posicao',
    {
      config: { access: LOTTERY },
      schema: { params: DrawParams, response: { 200: AuditDrawSchema } },
    },
    async (request) => auditDraw(app.db, request.params.id, request.params.posicao),
  );

  app.get(
    '/sorteio/:id/auditoria/:posicao/participantes',
    {
      config: { access: LOTTERY },
      schema: {
        params: DrawParams,
        querystring: HoldersQuerySchema,
        response: {
          200: Type.Object({
            total: Type.Integer(),
            rows: Type.Array(
              Type.Object({
                participantId: Type.Integer(),
                name: Type.String(),
                tickets: Type.Integer(),
              }),
            ),
          }),
        },
      },
    },
    async (request) =>
      auditHolders(app.db, request.params.id, request.params.posicao, request.query),
  );

  // The stored tickets as a file, one key a line: its SHA-256 is the draw's poolHash. Stored
  // gzipped: a client that takes gzip gets those bytes as they are (Content-Encoding: gzip),
  // another their text gunzipped by zlib's stream (libuv's threadpool, not the app's thread).
  app.get(
    '/sorteio/:id/auditoria/:posicao/bilhetes',
    { config: { access: LOTTERY }, schema: { params: DrawParams } },
    async (request, reply) => {
      const { id, posicao } = request.params;
      const stored = await drawTickets(app.db, id, posicao);
      reply
        .type('text/plain; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="sorteio-${id}-premio-${posicao}.txt"`,
        );
      if (!stored.gzip) return reply.send(stored.text ?? '');
      const gzip = Buffer.from(stored.gzip.buffer, stored.gzip.byteOffset, stored.gzip.byteLength);
      reply.header('vary', 'accept-encoding');
      if (takesGzip(request.headers['accept-encoding'])) {
        return reply.header('content-encoding', 'gzip').send(gzip);
      }
      return reply.send(Readable.from([gzip]).pipe(createGunzip()));
    },
  );
};

/** Whether an Accept-Encoding takes gzip (listed without q=0, or '*'). */
function takesGzip(header: string | undefined): boolean {
  return (header ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase().split(';'))
    .some(
      ([coding, ...params]) =>
        (coding === 'gzip' || coding === '*') &&
        !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)),
    );
}
