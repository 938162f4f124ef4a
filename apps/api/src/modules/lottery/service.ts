import type { Kysely } from 'kysely';
import {
  LOTTERY_ALL_DRAWN,
  LOTTERY_EMPTY_POOL,
  LOTTERY_NOT_FOUND,
  LOTTERY_STALE,
  type LotteryAuditDrawDto,
  type LotteryAuditDto,
  LOTTERY_DRAW_NOT_FOUND,
  type LotteryHoldersPageDto,
  type LotteryCriteria,
  type LotteryDrawBody,
  type LotteryDrawDto,
  type LotteryGameDto,
  type LotteryGameSummaryDto,
  type LotteryProductsDto,
  type LotteryWinnerDto,
  type NewLotteryBody,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, invalidRequest, notFound } from '../../http/api-error.ts';
import { requireEvent, selectedEventId } from '../events/index.ts';
import { accreditedAt, buildPool, ticketHolder } from './pool.ts';
import {
  storedChecks,
  storedHoldersPage,
  warmPoolThreads,
  type StoredPool,
} from './pool-thread.ts';

type Db = Kysely<Database>;
export interface Operator {
  id: number;
  username: string;
}

const MAX_CANDIDATES = 500;

/**
 * GET /sorteio/produtos: every product with what the selected event sold of it (the 'Vendidos'),
 * from the kept counters (lottery_products), and how many participants the accredited pool holds.
 */
export async function lotteryProducts(db: Db, now: Date): Promise<LotteryProductsDto> {
  const eventId = await selectedEventId(db);
  const products = await db
    .selectFrom('products')
    .select(['id', 'name'])
    .orderBy('name')
    .orderBy('id')
    .execute();
  if (eventId === undefined) {
    return {
      eventId: 0,
      products: products.map((p) => ({ ...p, sold: 0, participants: 0 })),
      accredited: 0,
    };
  }
  const sales = await db
    .selectFrom('lottery_products')
    .select(['product_id', 'sold', 'participants'])
    .where('event_id', '=', eventId)
    .execute();
  const byProduct = new Map(sales.map((row) => [row.product_id, row]));
  return {
    eventId,
    products: products.map((product) => {
      const row = byProduct.get(product.id);
      return {
        ...product,
        sold: Number(row?.sold ?? 0),
        participants: Number(row?.participants ?? 0),
      };
    }),
    accredited: await accreditedCount(db, eventId, now.toISOString(), []),
  };
}

/** The accredited pool's size at `asOf` without `excluded` (the rule of buildPool, counted). */
async function accreditedCount(
  db: Db,
  eventId: number,
  asOf: string,
  excluded: readonly number[],
): Promise<number> {
  const row = await accreditedAt(db, eventId, asOf, excluded)
    .clearSelect()
    .select((eb) => eb.fn.count<number | string>('check_ins.participant_id').distinct().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** POST /sorteio/{eventId}/novo: a game over the chosen products (or the accredited, with none). */
export async function newGame(
  db: Db,
  now: Date,
  operator: Operator,
  eventId: number,
  body: NewLotteryBody,
): Promise<LotteryGameDto> {
  await requireEvent(db, eventId);
  const productIds = [...new Set(body.products)].sort((a, b) => a - b);
  const criteria: LotteryCriteria = productIds.length > 0 ? 'PRODUTOS' : 'CREDENCIADOS';
  if (productIds.length > 0) {
    const found = await db
      .selectFrom('products')
      .select('id')
      .where('id', 'in', productIds)
      .execute();
    const missing = productIds.find((id) => !found.some((row) => row.id === id));
    if (missing !== undefined) throw invalidRequest(`Produto não encontrado: ${missing}.`);
  }
  const { id } = await db
    .insertInto('lottery_games')
    .values({
      event_id: eventId,
      criteria,
      product_ids: JSON.stringify(productIds),
      prizes_count: body.prizesCount,
      created_by: operator.id,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return loadGame(db, now, id);
}

/** GET /sorteio: the selected event's games, newest first; none without a selected event. */
export async function listGames(db: Db): Promise<LotteryGameSummaryDto[]> {
  const eventId = await selectedEventId(db);
  if (eventId === undefined) return [];
  const games = await db
    .selectFrom('lottery_games')
    .innerJoin('users', 'users.id', 'lottery_games.created_by')
    .select((eb) => [
      'lottery_games.id',
      'lottery_games.criteria',
      'lottery_games.product_ids',
      'lottery_games.prizes_count',
      'lottery_games.created_at',
      'users.username as createdBy',
      eb
        .selectFrom('lottery_draws')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('lottery_draws.game_id', '=', 'lottery_games.id')
        .as('winnersCount'),
    ])
    .where('lottery_games.event_id', '=', eventId)
    .orderBy('lottery_games.created_at', 'desc')
    .orderBy('lottery_games.id', 'desc')
    .execute();
  const productIds = games.map((game) => ({
    id: game.id,
    products: JSON.parse(game.product_ids) as number[],
  }));
  const allIds = [...new Set(productIds.flatMap((game) => game.products))];
  const names = new Map(
    allIds.length === 0
      ? []
      : (
          await db.selectFrom('products').select(['id', 'name']).where('id', 'in', allIds).execute()
        ).map((row) => [row.id, row.name]),
  );
  return games.map((game, index) => ({
    id: game.id,
    createdAt: game.created_at,
    criteria: game.criteria,
    products: productIds[index]!.products.map((id) => ({ id, name: names.get(id) ?? '' })),
    prizesCount: game.prizes_count,
    winnersCount: Number(game.winnersCount ?? 0),
    createdBy: game.createdBy,
  }));
}

async function gameRow(db: Db, gameId: number) {
  const game = await db
    .selectFrom('lottery_games')
    .innerJoin('users', 'users.id', 'lottery_games.created_by')
    .selectAll('lottery_games')
    .select('users.username as createdBy')
    .where('lottery_games.id', '=', gameId)
    .executeTakeFirst();
  if (!game) throw notFound(LOTTERY_NOT_FOUND);
  return { ...game, productIds: JSON.parse(game.product_ids) as number[] };
}

/** A game's draws in order, without their stored tickets (read apart, by drawAt). */
async function drawRows(db: Db, gameId: number) {
  return db
    .selectFrom('lottery_draws')
    .innerJoin('users', 'users.id', 'lottery_draws.drawn_by')
    .select([
      'lottery_draws.id',
      'lottery_draws.position',
      'lottery_draws.participant_id',
      'lottery_draws.participant_name',
      'lottery_draws.drawn_at',
      'lottery_draws.pool_hash',
      'lottery_draws.pool_size',
      'lottery_draws.random_index',
    ])
    .select('users.username as drawnBy')
    .where('game_id', '=', gameId)
    .orderBy('position')
    .execute();
}

type DrawRow = Awaited<ReturnType<typeof drawRows>>[number];

const toWinner = (row: DrawRow): LotteryWinnerDto => ({
  position: row.position,
  participantId: row.participant_id,
  name: row.participant_name,
  drawnAt: row.drawn_at,
  drawnBy: row.drawnBy,
  poolHash: row.pool_hash,
  poolSize: row.pool_size,
});

/** GET /sorteio/{id}: the game, its winners in order, and who may still win now. */
export async function loadGame(db: Db, now: Date, gameId: number): Promise<LotteryGameDto> {
  const game = await gameRow(db, gameId);
  warmPoolThreads();
  const draws = await drawRows(db, gameId);
  const products =
    game.productIds.length === 0
      ? []
      : await db
          .selectFrom('products')
          .select(['id', 'name'])
          .where('id', 'in', game.productIds)
          .orderBy('name')
          .execute();
  const winners = draws.map((draw) => draw.participant_id);
  const { poolSize, candidateIds } =
    game.criteria === 'PRODUTOS'
      ? await productsPoolNow(db, game.event_id, game.productIds, winners)
      : await accreditedPoolNow(db, game.event_id, now.toISOString(), winners);
  const names = await participantNames(db, candidateIds);
  return {
    id: game.id,
    eventId: game.event_id,
    criteria: game.criteria,
    products,
    prizesCount: game.prizes_count,
    winners: draws.map(toWinner),
    candidates: [...names.values()].sort((a, b) => a.localeCompare(b, 'pt-BR')),
    poolSize,
    createdBy: game.createdBy,
    createdAt: game.created_at,
  };
}

interface PoolNow {
  poolSize: number;
  /** At most MAX_CANDIDATES participants still in the pool: the carousel's. */
  candidateIds: number[];
}

/** A products game's pool now, from the kept counters: what was sold less the winners' tickets. */
async function productsPoolNow(
  db: Db,
  eventId: number,
  productIds: readonly number[],
  winners: readonly number[],
): Promise<PoolNow> {
  if (productIds.length === 0) return { poolSize: 0, candidateIds: [] };
  const sold = await db
    .selectFrom('lottery_products')
    .select((eb) => eb.fn.sum<number | string>('sold').as('n'))
    .where('event_id', '=', eventId)
    .where('product_id', 'in', [...productIds])
    .executeTakeFirst();
  const won =
    winners.length === 0
      ? undefined
      : await db
          .selectFrom('lottery_holders')
          .select((eb) => eb.fn.sum<number | string>('tickets').as('n'))
          .where('event_id', '=', eventId)
          .where('product_id', 'in', [...productIds])
          .where('participant_id', 'in', [...winners])
          .executeTakeFirst();
  // The first holders the index gives (by product, then participant): enough for a carousel,
  // without reading every holder of every product.
  const rows = await db
    .selectFrom('lottery_holders')
    .select('participant_id')
    .where('event_id', '=', eventId)
    .where('product_id', 'in', [...productIds])
    .where('tickets', '>', 0)
    .$if(winners.length > 0, (q) => q.where('participant_id', 'not in', [...winners]))
    .limit(MAX_CANDIDATES * 4)
    .execute();
  const ids = new Set(rows.map((row) => row.participant_id));
  return {
    poolSize: Number(sold?.n ?? 0) - Number(won?.n ?? 0),
    candidateIds: [...ids].sort((a, b) => a - b).slice(0, MAX_CANDIDATES),
  };
}

/** An accredited game's pool now: one ticket per participant with a badge, but the winners. */
async function accreditedPoolNow(
  db: Db,
  eventId: number,
  asOf: string,
  winners: readonly number[],
): Promise<PoolNow> {
  const rows = await accreditedAt(db, eventId, asOf, winners)
    .distinct()
    .orderBy('check_ins.participant_id')
    .limit(MAX_CANDIDATES)
    .execute();
  return {
    poolSize: await accreditedCount(db, eventId, asOf, winners),
    candidateIds: rows.map((row) => row.id),
  };
}

/**
 * POST /sorteio/atualizar/{id}: draws the next winner on the server. The screen sends the winners
 * it shows; a screen behind the record (another tab, a reload mid-draw) is refused, so a prize is
 * never drawn twice. The pool excludes earlier winners; crypto.randomInt picks a ticket; the pool's
 * tickets, hash, the index, the operator and the time are stored for the audit.
 */
export async function drawWinner(
  db: Db,
  now: Date,
  operator: Operator,
  gameId: number,
  body: LotteryDrawBody,
): Promise<LotteryDrawDto> {
  const game = await gameRow(db, gameId);
  if (body.criteria !== undefined && body.criteria !== game.criteria) throw conflict(LOTTERY_STALE);
  const draws = await drawRows(db, gameId);
  const recorded = draws.map((draw) => draw.participant_id);
  if (
    body.winners.length !== recorded.length ||
    body.winners.some((id, index) => id !== recorded[index])
  ) {
    throw conflict(LOTTERY_STALE);
  }
  if (recorded.length >= game.prizes_count) throw conflict(LOTTERY_ALL_DRAWN);
  const drawnAt = now.toISOString();
  const pool = await buildPool(
    db,
    {
      eventId: game.event_id,
      criteria: game.criteria,
      productIds: game.productIds,
      asOf: drawnAt,
      excluded: recorded,
    },
    { pick: true, gzip: true },
  );
  if (pool.size === 0 || pool.index === undefined) throw conflict(LOTTERY_EMPTY_POOL);
  const index = pool.index;
  const participantId = ticketHolder(pool.key!);
  const names = await participantNames(db, [participantId]);
  try {
    await db
      .insertInto('lottery_draws')
      .values({
        game_id: gameId,
        position: recorded.length + 1,
        participant_id: participantId,
        participant_name: names.get(participantId) ?? '',
        pool_hash: pool.hash,
        pool_size: pool.size,
        // The tickets' text is stored gzipped (pool_gzip); `pool` keeps only rows stored before.
        pool: '',
        pool_gzip: Buffer.from(pool.gzip!.buffer, pool.gzip!.byteOffset, pool.gzip!.byteLength),
        random_index: index,
        drawn_by: operator.id,
        drawn_at: drawnAt,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(LOTTERY_STALE);
    throw error;
  }
  const result = await loadGame(db, now, gameId);
  return { game: result, winner: result.winners.at(-1)! };
}

/** GET /sorteio/{id}/auditoria: the game and its draws; each draw's checks are asked apart. */
export async function auditGame(db: Db, now: Date, gameId: number): Promise<LotteryAuditDto> {
  const game = await loadGame(db, now, gameId);
  return { game, draws: game.winners };
}

async function drawAt(db: Db, gameId: number, position: number) {
  const game = await gameRow(db, gameId);
  const draws = await drawRows(db, gameId);
  const draw = draws.find((row) => row.position === position);
  if (!draw) throw notFound(LOTTERY_DRAW_NOT_FOUND);
  return { game, draws, draw };
}

/** A draw's stored tickets as its row holds them: gzipped, or (a row stored before) as text. */
async function storedPool(db: Db, drawId: number): Promise<StoredPool> {
  const row = await db
    .selectFrom('lottery_draws')
    .select(['pool', 'pool_gzip'])
    .where('id', '=', drawId)
    .executeTakeFirstOrThrow();
  return row.pool_gzip ? { gzip: row.pool_gzip } : { text: row.pool };
}

/**
 * GET /sorteio/{id}/auditoria/{posicao}: whether the stored tickets hash to the stored hash, and
 * whether the pool recomputed from the database as it stood at the draw does too; the ticket the
 * index names and how many participants held tickets.
 */
export async function auditDraw(
  db: Db,
  gameId: number,
  position: number,
): Promise<LotteryAuditDrawDto> {
  const { game, draws, draw } = await drawAt(db, gameId, position);
  const [stored, recomputed] = await Promise.all([
    storedChecks(await storedPool(db, draw.id), draw.random_index),
    buildPool(
      db,
      {
        eventId: game.event_id,
        criteria: game.criteria,
        productIds: game.productIds,
        asOf: draw.drawn_at,
        excluded: draws.filter((d) => d.position < draw.position).map((d) => d.participant_id),
      },
      { pick: false, gzip: false },
    ),
  ]);
  return {
    ...toWinner(draw),
    randomIndex: draw.random_index,
    winningTicket: stored.line,
    storedPoolMatches: stored.hash === draw.pool_hash,
    recomputedPoolMatches: recomputed.hash === draw.pool_hash,
    holdersCount: stored.holders,
  };
}

export interface HoldersQuery {
  inicio: number;
  quantidade: number;
  direcao: 'asc' | 'desc';
}

/**
 * GET /sorteio/{id}/auditoria/{posicao}/participantes: a page of who held the stored tickets, by
 * their ticket count (then participant), with names.
 */
export async function auditHolders(
  db: Db,
  gameId: number,
  position: number,
  query: HoldersQuery,
): Promise<LotteryHoldersPageDto> {
  const { draw } = await drawAt(db, gameId, position);
  const { total, rows } = await storedHoldersPage(
    await storedPool(db, draw.id),
    query.direcao,
    query.inicio,
    query.quantidade,
  );
  const names = await participantNames(
    db,
    rows.map(([id]) => id),
  );
  return {
    total,
    rows: rows.map(([participantId, tickets]) => ({
      participantId,
      name: names.get(participantId) ?? '',
      tickets,
    })),
  };
}

/**
 * GET /sorteio/{id}/auditoria/{posicao}/bilhetes: the stored tickets (one a line), gzipped as
 * stored, or their text for a row stored before the gzip.
 */
export async function drawTickets(db: Db, gameId: number, position: number): Promise<StoredPool> {
  return storedPool(db, (await drawAt(db, gameId, position)).draw.id);
}

async function participantNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('participants')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
