import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { LotteryCriteria } from '@balcao/contract';
import { isPostgres } from '../../db/dialect.ts';
import type { Database } from '../../db/types.ts';

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

export interface Pool {
  /** How many tickets. */
  size: number;
  /** The key of the ticket at `index`, in canonical order: by participant, order, product, unit. */
  keyAt(index: number): string | undefined;
  /** The keys one a line: what a draw stores, the hash's input. */
  text(): string;
  /** SHA-256 (hex) of `text()`: the draw's poolHash. */
  hash: string;
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

/** A product's paid lines of one participant's order: its units are tickets. */
interface Line {
  participant: number;
  order: number;
  product: number;
  quantity: number;
}

/**
 * One chosen product's lines in the pool at `asOf`, by participant, order and line, read from the
 * kept pool's index (lottery_tickets_pool) a chunk at a time, a turn of the loop between chunks.
 */
async function productLines(
  db: Db,
  rule: PoolRule,
  productId: number,
  pause: () => Promise<void>,
): Promise<Line[]> {
  const lines: Line[] = [];
  const chunk = poolChunk(db);
  let after: [number, number, number] = [0, 0, 0];
  for (;;) {
    const rows = await db
      .selectFrom('lottery_tickets')
      .select(['participant_id', 'order_id', 'item_id', 'quantity'])
      .where('event_id', '=', rule.eventId)
      .where('product_id', '=', productId)
      .where((eb) =>
        eb(
          eb.refTuple('participant_id', 'order_id', 'item_id'),
          '>',
          eb.tuple(after[0], after[1], after[2]),
        ),
      )
      .where('paid_at', '<=', rule.asOf)
      .where((eb) => eb.or([eb('refunded_at', 'is', null), eb('refunded_at', '>', rule.asOf)]))
      .orderBy('participant_id')
      .orderBy('order_id')
      .orderBy('item_id')
      .limit(chunk)
      .execute();
    for (const row of rows) {
      lines.push({
        participant: row.participant_id,
        order: row.order_id,
        product: productId,
        quantity: row.quantity,
      });
    }
    await pause();
    if (rows.length < chunk) return lines;
    const last = rows.at(-1)!;
    after = [last.participant_id, last.order_id, last.item_id];
  }
}

const before = (a: Line, b: Line) =>
  a.participant - b.participant || a.order - b.order || a.product - b.product;

/** The products' sorted lines merged into one sorted list (a heap of each list's next line). */
async function merge(lists: Line[][], pause: () => Promise<void>): Promise<Line[]> {
  const heads = lists.filter((list) => list.length > 0).map((list) => ({ list, at: 0 }));
  const key = (head: (typeof heads)[number]) => head.list[head.at]!;
  const less = (i: number, j: number) => before(key(heads[i]!), key(heads[j]!)) < 0;
  const swap = (i: number, j: number) => ([heads[i], heads[j]] = [heads[j]!, heads[i]!]);
  const down = (from: number) => {
    for (let i = from; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < heads.length && less(l, least)) least = l;
      if (r < heads.length && less(r, least)) least = r;
      if (least === i) return;
      swap(i, least);
      i = least;
    }
  };
  for (let i = Math.floor(heads.length / 2) - 1; i >= 0; i--) down(i);
  const merged: Line[] = [];
  while (heads.length > 0) {
    const head = heads[0]!;
    merged.push(key(head));
    head.at += 1;
    if (head.at === head.list.length) {
      heads[0] = heads.at(-1)!;
      heads.pop();
    }
    down(0);
    if (merged.length % 4096 === 0) await pause();
  }
  return merged;
}

/** Keys joined and hashed at a time. */
const KEYS_PER_PART = 20_000;

/**
 * The tickets of a pool (docs/lottery-api.md). PRODUTOS: one per unit of the chosen products in
 * the event's orders paid at `asOf` and not refunded by then (the kept pool, lottery_tickets).
 * CREDENCIADOS: one per participant whose badge was printed (a check-in) by then. The instant
 * makes a past pool reproducible. Read and hashed in chunks, never long on the app's thread.
 */
export async function buildPool(db: Db, rule: PoolRule): Promise<Pool> {
  const excluded = new Set(rule.excluded);
  const pause = turns();
  // The keys wait in `keys` until a part is full, then join the parts (joined and hashed).
  let keys: string[] = [];
  const hash = createHash('sha256');
  const parts: string[] = [];
  const partStarts: number[] = [];
  let size = 0;
  const flush = () => {
    if (keys.length === 0) return;
    const part = keys.join('\n');
    hash.update((size === 0 ? '' : '\n') + part);
    parts.push(part);
    partStarts.push(size);
    size += keys.length;
    keys = [];
  };
  if (rule.criteria === 'PRODUTOS') {
    const lists: Line[][] = [];
    for (const productId of [...new Set(rule.productIds)].sort((a, b) => a - b)) {
      lists.push(await productLines(db, rule, productId, pause));
    }
    const lines = await merge(lists, pause);
    // Lines of one order and product (two lines of a product) give their units in unit order.
    for (let at = 0; at < lines.length;) {
      const first = lines[at]!;
      let end = at + 1;
      let most = first.quantity;
      while (end < lines.length && before(lines[end]!, first) === 0) {
        most = Math.max(most, lines[end]!.quantity);
        end++;
      }
      if (!excluded.has(first.participant)) {
        const prefix = `p${first.participant}:o${first.order}:i${first.product}:`;
        for (let unit = 1; unit <= most; unit++) {
          for (let i = at; i < end; i++) if (lines[i]!.quantity >= unit) keys.push(prefix + unit);
        }
      }
      at = end;
      if (keys.length >= KEYS_PER_PART) {
        flush();
        await pause();
      }
    }
  } else {
    // A check-in carries its participant's event (accreditation): its index gives them in order.
    let after = 0;
    const chunk = poolChunk(db);
    for (;;) {
      const rows = await db
        .selectFrom('check_ins')
        .innerJoin('participants', (join) =>
          join
            .onRef('participants.id', '=', 'check_ins.participant_id')
            .onRef('participants.event_id', '=', 'check_ins.event_id'),
        )
        .select('check_ins.participant_id as id')
        .distinct()
        .where('check_ins.event_id', '=', rule.eventId)
        .where('check_ins.participant_id', '>', after)
        .where('check_ins.created_at', '<=', rule.asOf)
        .orderBy('check_ins.participant_id')
        .limit(chunk)
        .execute();
      for (const { id } of rows) if (!excluded.has(id)) keys.push(`p${id}`);
      flush();
      await pause();
      if (rows.length < chunk) break;
      after = rows.at(-1)!.id;
    }
  }
  flush();
  return {
    size,
    keyAt: (index) => {
      if (!Number.isInteger(index) || index < 0 || index >= size) return undefined;
      let part = partStarts.length - 1;
      while (partStarts[part]! > index) part--;
      return parts[part]!.split('\n')[index - partStarts[part]!];
    },
    text: () => parts.join('\n'),
    hash: hash.digest('hex'),
  };
}

/** SHA-256 (hex) of a stored pool (its keys one a line), hashed a slice per turn of the loop. */
export async function storedPoolHash(stored: string): Promise<string> {
  const hash = createHash('sha256');
  const pause = turns();
  const SLICE = 1 << 20;
  for (let at = 0; at < stored.length; at += SLICE) {
    hash.update(stored.slice(at, at + SLICE));
    await pause();
  }
  return hash.digest('hex');
}

/** The participant a ticket key names ('p12' or 'p12:o3:i4:1'). */
export function ticketHolder(key: string): number {
  return Number(/^p(\d+)/.exec(key)?.[1] ?? NaN);
}
