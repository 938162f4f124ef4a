import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Compilable, type Kysely, type Streamable } from 'kysely';
import { CallThread, type CallAnswer } from '../worker-calls.ts';
import { isPostgres } from './dialect.ts';
import { bindable } from './statement-cache.ts';
import type { Database } from './types.ts';

/**
 * Rows read between two turns of the event loop: a few milliseconds of work at most, so a long
 * download never holds up the other desks' requests (docs/reports-api.md, 'Downloads').
 */
export const STREAM_BATCH = 1000;

/** SQLite databases opened from a file: the file, for the thread that reads its downloads. */
const sqliteFiles = new WeakMap<Kysely<Database>, string>();

export function registerSqliteFile(db: Kysely<Database>, file: string): void {
  sqliteFiles.set(db, file);
}

/**
 * A query's rows in batches of STREAM_BATCH, with a turn for other requests after each batch.
 * SQLite: the statement is stepped on a read-only connection in a worker thread
 * (sqlite-read-worker.mjs; WAL lets it read while the app's connection writes). On the app's
 * thread, the sort or grouping before a query's first row held every desk for as long as it took
 * (470 ms for a period's buyers at a million order lines, bench/README.md).
 * PostgreSQL: a cursor (pg-cursor) on one pooled connection.
 */
export async function* streamRows<R>(
  db: Kysely<Database>,
  query: Compilable<R> & Streamable<R>,
): AsyncGenerator<R[]> {
  const file = sqliteFiles.get(db);
  if (file) {
    const { sql, parameters } = query.compile();
    yield* ReadThread.of(file).read<R>(sql, bindable(parameters));
    return;
  }
  const rows = query.stream(STREAM_BATCH)[Symbol.asyncIterator]();
  try {
    for (;;) {
      const batch: R[] = [];
      while (batch.length < STREAM_BATCH) {
        const next = await rows.next();
        if (next.done) break;
        batch.push(next.value);
      }
      if (batch.length > 0) yield batch;
      if (batch.length < STREAM_BATCH) return;
      await nextTurn();
    }
  } finally {
    // A download the client abandoned: the cursor and its connection are released.
    await rows.return?.();
  }
}

/**
 * A report page's rows: queries that may group or sort hundreds of thousands of lines before
 * their first row (a period's buyers, bench/README.md). SQLite: on the read thread, like a
 * download. PostgreSQL: with room to sort in memory; at the default work_mem (4 MB) such a sort
 * went to disk, 545 against 414 ms at a million order lines.
 */
export async function readRows<R>(
  db: Kysely<Database>,
  query: Compilable<R> & Streamable<R>,
): Promise<R[]> {
  if (sqliteFiles.has(db)) {
    const rows: R[] = [];
    for await (const batch of streamRows(db, query)) rows.push(...batch);
    return rows;
  }
  if (!isPostgres(db)) return (await db.executeQuery(query)).rows; // a memory database
  return db.transaction().execute(async (trx) => {
    await sql`set local work_mem = '32MB'`.execute(trx);
    return (await trx.executeQuery(query)).rows;
  });
}

/** How long a read thread with nothing to read stays for the next download. */
const IDLE_MS = 30_000;

interface Batch extends CallAnswer {
  batch?: unknown[];
}

/**
 * The worker thread that steps one SQLite file's downloads (sqlite-read-worker.mjs): started by
 * the first, ended after IDLE_MS without any, and never keeping the process alive idle.
 */
class ReadThread {
  static #threads = new Map<string, ReadThread>();
  static of(file: string): ReadThread {
    let thread = ReadThread.#threads.get(file);
    if (!thread || thread.#calls.ended)
      ReadThread.#threads.set(file, (thread = new ReadThread(file)));
    return thread;
  }

  readonly #calls: CallThread<Batch>;
  #nextRead = 1;

  private constructor(file: string) {
    this.#calls = new CallThread<Batch>(new URL('./sqlite-read-worker.mjs', import.meta.url), {
      workerData: { file },
      idleMs: IDLE_MS,
      endedMessage: 'A leitura terminou.',
      // The next download of the file starts a new thread (this one ended, or is ending).
      onEnd: () => {
        if (ReadThread.#threads.get(file) === this) ReadThread.#threads.delete(file);
      },
    });
  }

  async *read<R>(sql: string, parameters: unknown[]): AsyncGenerator<R[]> {
    const read = this.#nextRead++;
    this.#calls.hold(); // the thread stays between a download's batches
    let finished = false;
    try {
      for (;;) {
        const answer = await this.#calls.call({ read, sql, parameters, batchSize: STREAM_BATCH });
        if (answer.error !== undefined) {
          finished = true;
          throw new Error(answer.error);
        }
        const batch = answer.batch as R[];
        finished = batch.length < STREAM_BATCH;
        if (batch.length > 0) yield batch;
        if (finished) return;
      }
    } finally {
      // Abandoned by the client: the worker closes the read's connection.
      if (!finished) this.#calls.tell({ read, stop: true });
      this.#calls.release();
    }
  }
}
