import { createHmac, scrypt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { OFFLINE_KEY_KDF } from '@balcao/contract';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;

/**
 * The replica's CPF lookup keys (docs/offline-desk.md, 'What a desk's disk gives away'): the
 * contract's `offlineLookupKey` (scrypt, 16 MiB), computed by Node's own scrypt on libuv's thread
 * pool, never on the event loop: about 30 ms a key, so an event of 50,000 costs some 25 minutes of
 * one core, once. Keys are kept in `offline_keys` with a tag of the CPF they came from (a changed
 * CPF is keyed again); the replica's read keys what it lacks within a budget, and the rest of the
 * event is keyed in the background, one key at a time, so desks and tills keep their CPU.
 */

/**
 * Keys computed at once in this process, pages and background together: one core is left to the
 * event loop (each key is 30 ms of a core's full attention; on the 2-core test machine two pages'
 * keys and the background's beside the loop made its timers 100–700 ms late).
 */
const KEY_SLOTS = Math.max(1, availableParallelism() - 1);
/** A page stops starting keys after this long: the desk counts a call over 5 s as offline. */
export const PAGE_KEY_BUDGET_MS = 1_500;
/** Keys stored per write in the background. */
const BACKGROUND_BATCH = 20;
/**
 * An event walked to the end is walked again only after this: what changes meanwhile (a new
 * participant, a new CPF) the replica's pages key themselves; the walk is for a bulk import.
 */
const RUN_AGAIN_AFTER_MS = 10 * 60_000;

const scryptParams = {
  N: OFFLINE_KEY_KDF.N,
  r: OFFLINE_KEY_KDF.r,
  p: OFFLINE_KEY_KDF.p,
  maxmem: 256 * OFFLINE_KEY_KDF.N * OFFLINE_KEY_KDF.r,
};

/** Scrypt runs under way, and the pages waiting for a slot (they go before the background). */
let busySlots = 0;
const waiting: { page: boolean; go: () => void }[] = [];

async function inSlot<T>(page: boolean, work: () => Promise<T>): Promise<T> {
  if (busySlots >= KEY_SLOTS || (!page && waiting.length > 0)) {
    await new Promise<void>((go) => {
      waiting.push({ page, go });
      waiting.sort((a, b) => Number(b.page) - Number(a.page));
    });
  } else busySlots++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next.go();
    else busySlots--;
  }
}

/** The contract's `offlineLookupKey`, natively (a test holds them equal). */
export function lookupKey(salt: Buffer, cpf: string): Promise<string> {
  return new Promise((resolve, reject) => {
    scrypt(cpf, salt, OFFLINE_KEY_KDF.dkLen, scryptParams, (error, key) =>
      error ? reject(error) : resolve(key.toString('hex')),
    );
  });
}

/** Which CPF a stored key was computed from, without keeping the CPF: server-side only. */
export const cpfTag = (salt: Buffer, cpf: string): string =>
  createHmac('sha256', salt).update(cpf).digest('hex').slice(0, 32);

export interface ToKey {
  id: number;
  cpf: string;
}

/** Stores computed keys; a key computed twice (two instances) is the same key. */
async function storeKeys(
  db: Db,
  eventId: number,
  salt: Buffer,
  keyed: { row: ToKey; key: string }[],
): Promise<void> {
  if (keyed.length === 0) return;
  await db
    .insertInto('offline_keys')
    .values(
      keyed.map(({ row, key }) => ({
        participant_id: row.id,
        event_id: eventId,
        cpf_tag: cpfTag(salt, row.cpf),
        lookup_key: key,
      })),
    )
    .onConflict((conflict) =>
      conflict.column('participant_id').doUpdateSet((eb) => ({
        cpf_tag: eb.ref('excluded.cpf_tag'),
        lookup_key: eb.ref('excluded.lookup_key'),
      })),
    )
    .execute();
}

/**
 * Keys `rows` in order, `KEY_SLOTS` at a time, starting none after `budgetMs`; stores them and
 * returns those computed, a prefix of `rows` (a page is cut where its keys stop).
 */
export async function keyWithin(
  db: Db,
  eventId: number,
  salt: Buffer,
  rows: readonly ToKey[],
  budgetMs = PAGE_KEY_BUDGET_MS,
): Promise<Map<number, string>> {
  const started = performance.now();
  const keys: (string | undefined)[] = [];
  let next = 0;
  const worker = async () => {
    while (next < rows.length && performance.now() - started < budgetMs) {
      const index = next++;
      keys[index] = await inSlot(true, () => lookupKey(salt, rows[index]!.cpf));
    }
  };
  await Promise.all(Array.from({ length: KEY_SLOTS }, worker));
  const done: { row: ToKey; key: string }[] = [];
  for (const [index, row] of rows.entries()) {
    const key = keys[index];
    if (key === undefined) break;
    done.push({ row, key });
  }
  await storeKeys(db, eventId, salt, done);
  return new Map(done.map(({ row, key }) => [row.id, key]));
}

/**
 * The event's participants with no key, or a key of another CPF, by id downwards from `beforeId`:
 * the replica's pages key from the lowest id up, the background from the highest down.
 */
async function unkeyed(db: Db, eventId: number, salt: Buffer, beforeId: number, limit: number) {
  const rows = await db
    .selectFrom('participants')
    .leftJoin('offline_keys', 'offline_keys.participant_id', 'participants.id')
    .select(['participants.id', 'participants.cpf', 'offline_keys.cpf_tag'])
    .where('participants.event_id', '=', eventId)
    .where('participants.anonymized_at', 'is', null)
    .where('participants.id', '<', beforeId)
    .orderBy('participants.id', 'desc')
    .limit(limit)
    .execute();
  return {
    last: rows.at(-1)?.id,
    stale: rows
      .filter((row) => row.cpf_tag !== cpfTag(salt, row.cpf))
      .map((row) => ({ id: Number(row.id), cpf: row.cpf })),
  };
}

/**
 * Keys an event's participants in the background, one key at a time, on the thread pool. One run
 * per event per instance; `stop` (the app closing) ends runs at their next key.
 */
export function backgroundKeyer(db: Db, onError: (error: unknown) => void) {
  const running = new Map<number, Promise<void>>();
  /** When each event's last run ended: a desk's sync every minute does not walk the event again. */
  const finished = new Map<number, number>();
  let stopped = false;

  async function run(eventId: number, salt: Buffer): Promise<void> {
    let beforeId = Number.MAX_SAFE_INTEGER;
    while (!stopped) {
      const { last, stale } = await unkeyed(db, eventId, salt, beforeId, 500);
      if (last === undefined) return;
      beforeId = Number(last);
      // SQLite answers on this thread and its promises settle as microtasks: without a turn here,
      // walking an event already keyed (50 000 participants) held every other request 3.9 s.
      await nextTurn();
      for (let i = 0; i < stale.length && !stopped; i += BACKGROUND_BATCH) {
        const keyed: { row: ToKey; key: string }[] = [];
        for (const row of stale.slice(i, i + BACKGROUND_BATCH)) {
          if (stopped) break;
          keyed.push({ row, key: await inSlot(false, () => lookupKey(salt, row.cpf)) });
        }
        await storeKeys(db, eventId, salt, keyed);
        await nextTurn();
      }
    }
  }

  return {
    /** Keys the event's participants that lack one, unless a run for it is under way. */
    start(eventId: number, salt: Buffer): void {
      if (stopped || running.has(eventId)) return;
      if (performance.now() - (finished.get(eventId) ?? -Infinity) < RUN_AGAIN_AFTER_MS) return;
      const job = run(eventId, salt)
        .then(() => {
          finished.set(eventId, performance.now());
        })
        .catch((error: unknown) => {
          if (!stopped) onError(error);
        })
        .finally(() => running.delete(eventId));
      running.set(eventId, job);
    },
    async stop(): Promise<void> {
      stopped = true;
      await Promise.all(running.values());
    },
    /** Resolves when the event's run (if any) ends: for tests and benches. */
    settled: (eventId: number): Promise<void> => running.get(eventId) ?? Promise.resolve(),
  };
}

export type BackgroundKeyer = ReturnType<typeof backgroundKeyer>;
