import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { LotteryCriteria } from '@balcao/contract';
import { isPostgres } from '../../db/dialect.ts';
import type { Database } from '../../db/types.ts';
import {
  buildOnThread,
  dropSession,
  newSession,
  sendLines,
  type Built,
  type ProductLines,
} from './pool-thread.ts';

type Db = Kysely<Database>;

/** What decides a pool: the event, the rule, the products, the instant and who already won. */
export interface PoolRule {
  eventId: number;
  criteria: LotteryCriteria;
  productIds: readonly number[];
  /** The pool as the database stood at this instant (ISO UTC): paid by then, not yet refunded. */
  asOf: string;
  /** Earlier winners of the game: not in the pool. */
  excluded: readonly number[];
}

/**
 * A growing list of integers in a typed array (a pool's lines: sent to the pool's thread without
 * a copy).
 */
class Ints {
  array = new Int32Array(1024);
  length = 0;
  push(value: number) {
    if (this.length === this.array.length) {
      const grown = new Int32Array(this.array.length * 2);
      grown.set(this.array);
      this.array = grown;
    }
    this.array[this.length++] = value;
  }
  /** The values in an array of their own (its buffer is transferred). */
  done(): Int32Array {
    return this.array.slice(0, this.length);
  }
}

/**
 * Rows read per query: on SQLite, whose queries run on the app's thread, a few milliseconds of
 * it; PostgreSQL works in its own process and its rows arrive a packet at a time, so there each
 * query costs a round trip more than it holds the thread: fewer, larger ones.
 */
const poolChunk = (db: Db) => (isPostgres(db) ? 25_000 : 2000);

/** Work between two turns of the event loop, so every other request waits at most about this. */
const TURN_MS = 8;

/**
 * A pause for the rest of the app once TURN_MS of work went by since the last one: called often,
 * it yields a turn of the loop (setImmediate: after the requests waiting on I/O) only when due.
 */
export function turns(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < TURN_MS) return;
    await nextTurn();
    since = performance.now();
  };
}

/** PostgreSQL queries of a pool at once (of the app's 10 connections). */
const READERS_PG = 3;

/** Lines read per query: SQLite runs it on the app's thread, a few milliseconds of it. */
const linesChunk = (db: Db) => (isPostgres(db) ? 100_000 : 20_000);

/**
 * One chosen product's lines in the pool at `asOf`, by participant, order and line, read from the
 * kept pool's index (lottery_tickets_pool) a chunk at a time, a turn of the loop between chunks.
 * Each chunk is one text ('participant,order,line,quantity' joined with ';') the database builds:
 * 270 000 lines read as rows took the app's thread 0.5–1.3 s, as texts 0.1–0.25 s. PostgreSQL
 * orders the aggregate itself; SQLite aggregates its ordered subquery in the order it reads it,
 * and the pool's thread checks that order (`ordered`: read again with the aggregate's ORDER BY).
 */
async function productLines(
  db: Db,
  rule: PoolRule,
  productId: number,
  pause: () => Promise<void>,
  ordered = isPostgres(db),
): Promise<ProductLines> {
  const texts: string[] = [];
  const chunk = linesChunk(db);
  const line = sql`participant_id || ',' || order_id || ',' || item_id || ',' || quantity`;
  const aggregate = ordered
    ? sql`string_agg(${line}, ';' order by participant_id, order_id, item_id)`
    : sql`string_agg(${line}, ';')`;
  let after = [0, 0, 0];
  for (;;) {
    const { rows } = await sql<{ lines: string | null; n: number | string }>`
      select ${aggregate} as lines, count(*) as n from (
        select participant_id, order_id, item_id, quantity from lottery_tickets
        where event_id = ${rule.eventId} and product_id = ${productId}
          and (participant_id, order_id, item_id) > (${after[0]}, ${after[1]}, ${after[2]})
          and paid_at <= ${rule.asOf} and (refunded_at is null or refunded_at > ${rule.asOf})
        order by participant_id, order_id, item_id
        limit ${chunk}
      ) as chunk`.execute(db);
    const { lines, n } = rows[0] ?? { lines: null, n: 0 };
    if (lines) texts.push(lines);
    await pause();
    if (!lines || Number(n) < chunk) break;
    after = lines
      .slice(lines.lastIndexOf(';') + 1)
      .split(',')
      .map(Number);
  }
  return { product: productId, texts };
}

/** The participants of the event with a badge printed by `asOf`, but `excluded` (check_ins' index). */
export function accreditedAt(db: Db, eventId: number, asOf: string, excluded: readonly number[]) {
  return db
    .selectFrom('check_ins')
    .innerJoin('participants', (join) =>
      join
        .onRef('participants.id', '=', 'check_ins.participant_id')
        .onRef('participants.event_id', '=', 'check_ins.event_id'),
    )
    .select('check_ins.participant_id as id')
    .where('check_ins.event_id', '=', eventId)
    .where('check_ins.created_at', '<=', asOf)
    .$if(excluded.length > 0, (q) => q.where('check_ins.participant_id', 'not in', [...excluded]));
}

/** The participants of the event with a badge printed by `asOf`, in order (check_ins' index). */
async function accreditedIds(db: Db, rule: PoolRule, pause: () => Promise<void>) {
  const ids = new Ints();
  const chunk = poolChunk(db);
  let after = 0;
  for (;;) {
    const rows = await accreditedAt(db, rule.eventId, rule.asOf, [])
      .distinct()
      .where('check_ins.participant_id', '>', after)
      .orderBy('check_ins.participant_id')
      .limit(chunk)
      .execute();
    for (const { id } of rows) ids.push(id);
    await pause();
    if (rows.length < chunk) break;
    after = rows.at(-1)!.id;
  }
  return ids.done();
}

/**
 * The tickets of a pool (docs/lottery-api.md). PRODUTOS: one per unit of the chosen products in
 * the event's orders paid at `asOf` and not refunded by then (the kept pool, lottery_tickets).
 * CREDENCIADOS: one per participant whose badge was printed (a check-in) by then. The instant
 * makes a past pool reproducible. The lines are read a chunk at a time, a turn of the loop between;
 * the keys are built, joined, hashed and, for a draw, one picked and the text gzipped on
 * the pool's thread (pool-thread.ts): at 540 000 tickets that is a 10 MB string.
 */
export async function buildPool(
  db: Db,
  rule: PoolRule,
  options: { pick: boolean; gzip: boolean },
): Promise<Built> {
  const pause = turns();
  if (rule.criteria === 'PRODUTOS') {
    const productIds = [...new Set(rule.productIds)].sort((a, b) => a - b);
    // PostgreSQL answers a few products' queries at once (its own processes, several
    // connections); SQLite one after the other (they run on the app's thread).
    const session = newSession();
    const sent: Promise<void>[] = [];
    let next = 0;
    const reader = async () => {
      while (next < productIds.length) {
        const productId = productIds[next++]!;
        sent.push(sendLines(session, await productLines(db, rule, productId, pause)));
      }
    };
    let built: Built | undefined;
    try {
      // Every reader ends before a failure is thrown: none sends lines after the session's drop.
      const readers = Array.from({ length: isPostgres(db) ? READERS_PG : 1 }, reader);
      for (const result of await Promise.allSettled(readers)) {
        if (result.status === 'rejected') throw result.reason;
      }
      await Promise.all(sent);
      for (;;) {
        const input = { session, products: productIds, excluded: rule.excluded, ...options };
        built = await buildOnThread(input);
        if (built.unordered === undefined) return built;
        // A product's lines SQLite did not aggregate in its subquery's order: read with ORDER BY.
        await sendLines(session, await productLines(db, rule, built.unordered, pause, true));
      }
    } finally {
      if (built === undefined || built.unordered !== undefined) {
        await Promise.allSettled(sent);
        void dropSession(session).catch(() => {});
      }
    }
  }
  return buildOnThread({
    accredited: await accreditedIds(db, rule, pause),
    excluded: rule.excluded,
    ...options,
  });
}

/** The participant a ticket key names ('p12' or 'p12:o3:i4:1'). */
export function ticketHolder(key: string): number {
  return Number(/^p(\d+)/.exec(key)?.[1] ?? NaN);
}
