import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  LOTTERY_ALL_DRAWN,
  LOTTERY_EMPTY_POOL,
  LOTTERY_NOT_FOUND,
  LOTTERY_STALE,
  type LotteryAuditDto,
  type LotteryCriteria,
  type LotteryDrawBody,
  type LotteryDrawDto,
  type LotteryGameDto,
  type LotteryGameSummaryDto,
  type LotteryProductsDto,
  type LotteryWinnerDto,
  type NewLotteryBody,
  SOLD_STATES,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, invalidRequest, notFound } from '../../http/api-error.ts';
import { requireEvent, selectedEventId } from '../events/index.ts';
import { buildPool, poolHash, ticketHolder } from './pool.ts';

type Db = Kysely<Database>;
export interface Operator {
  id: number;
  username: string;
}

const MAX_CANDIDATES = 500;

/** GET /sorteio/produtos: every product with what the selected event sold of it (the 'Vendidos'). */
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
  const asOf = now.toISOString();
  const sales = await db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select((eb) => [
      'order_items.product_id as productId',
      eb.fn.sum<number | string>('order_items.quantity').as('sold'),
      eb.fn.count<number | string>('orders.participant_id').distinct().as('participants'),
    ])
    .where('orders.event_id', '=', eventId)
    .where('orders.state', 'in', SOLD_STATES)
    .where('orders.participant_id', 'is not', null)
    .groupBy('order_items.product_id')
    .execute();
  const byProduct = new Map(sales.map((row) => [row.productId, row]));
  const accredited = await buildPool(db, {
    eventId,
    criteria: 'CREDENCIADOS',
    productIds: [],
    asOf,
    excluded: [],
  });
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
    accredited: accredited.tickets.length,
  };
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

async function drawRows(db: Db, gameId: number) {
  return db
    .selectFrom('lottery_draws')
    .innerJoin('users', 'users.id', 'lottery_draws.drawn_by')
    .selectAll('lottery_draws')
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
  const pool = await buildPool(db, {
    eventId: game.event_id,
    criteria: game.criteria,
    productIds: game.productIds,
    asOf: now.toISOString(),
    excluded: draws.map((draw) => draw.participant_id),
  });
  return {
    id: game.id,
    eventId: game.event_id,
    criteria: game.criteria,
    products,
    prizesCount: game.prizes_count,
    winners: draws.map(toWinner),
    candidates: [...pool.names.values()]
      .sort((a, b) => a.localeCompare(b, 'pt-BR'))
      .slice(0, MAX_CANDIDATES),
    poolSize: pool.tickets.length,
    createdBy: game.createdBy,
    createdAt: game.created_at,
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
  const pool = await buildPool(db, {
    eventId: game.event_id,
    criteria: game.criteria,
    productIds: game.productIds,
    asOf: drawnAt,
    excluded: recorded,
  });
  if (pool.tickets.length === 0) throw conflict(LOTTERY_EMPTY_POOL);
  const keys = pool.tickets.map((ticket) => ticket.key);
  const index = randomInt(keys.length);
  const participantId = ticketHolder(keys[index]!);
  try {
    await db
      .insertInto('lottery_draws')
      .values({
        game_id: gameId,
        position: recorded.length + 1,
        participant_id: participantId,
        participant_name: pool.names.get(participantId) ?? '',
        pool_hash: poolHash(keys),
        pool_size: keys.length,
        pool: JSON.stringify(keys),
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

/**
 * GET /sorteio/{id}/auditoria: per draw, the stored tickets and whether they hash to the stored
 * hash, and whether the pool recomputed from the database as it stood at the draw does too.
 */
export async function auditGame(db: Db, now: Date, gameId: number): Promise<LotteryAuditDto> {
  const game = await gameRow(db, gameId);
  const draws = await drawRows(db, gameId);
  const audited = [];
  for (const draw of draws) {
    const tickets = JSON.parse(draw.pool) as string[];
    const recomputed = await buildPool(db, {
      eventId: game.event_id,
      criteria: game.criteria,
      productIds: game.productIds,
      asOf: draw.drawn_at,
      excluded: draws.filter((d) => d.position < draw.position).map((d) => d.participant_id),
    });
    const counts = new Map<number, number>();
    for (const key of tickets) {
      const holder = ticketHolder(key);
      counts.set(holder, (counts.get(holder) ?? 0) + 1);
    }
    const names = await participantNames(db, [...counts.keys()]);
    audited.push({
      ...toWinner(draw),
      tickets,
      randomIndex: draw.random_index,
      storedPoolMatches: poolHash(tickets) === draw.pool_hash,
      recomputedPoolMatches:
        poolHash(recomputed.tickets.map((ticket) => ticket.key)) === draw.pool_hash,
      holders: [...counts].map(([participantId, count]) => ({
        participantId,
        name: names.get(participantId) ?? '',
        tickets: count,
      })),
    });
  }
  return { game: await loadGame(db, now, gameId), draws: audited };
}

async function participantNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('participants')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
