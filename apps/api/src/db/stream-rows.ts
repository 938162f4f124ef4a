import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { sql, type Compilable, type Kysely, type Streamable } from 'kysely';
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

interface Answer<R> {
  id: number;
  batch?: R[];
  error?: string;
}

/**
 * The worker thread that steps one SQLite file's downloads (sqlite-read-worker.mjs): started by
 * the first, ended after IDLE_MS without any, and never keeping the process alive.
 */
class ReadThread {
  static #threads = new Map<string, ReadThread>();
  static of(file: string): ReadThread {
    let thread = ReadThread.#threads.get(file);
    if (!thread) ReadThread.#threads.set(file, (thread = new ReadThread(file)));
    return thread;
  }

  readonly #file: string;
  readonly #worker: Worker;
  readonly #waiting = new Map<number, (answer: Answer<unknown>) => void>();
  #reads = 0;
  #nextId = 1;
  #idle: NodeJS.Timeout | undefined;
  /** Why the thread ended (a read between two batches then gets it instead of waiting forever). */
  #ended: string | undefined;

  private constructor(file: string) {
    this.#file = file;
    // Plain JavaScript: no TypeScript loader to start (it cost each download ~100 ms).
    this.#worker = new Worker(new URL('./sqlite-read-worker.mjs', import.meta.url), {
      workerData: { file },
      execArgv: [],
    });
    // The thread keeps the process alive only while a read waits on it. (Node 20 also refs a
    // worker again once it is online when a 'message' listener came after unref(): a script that
    // had downloaded once then waited the whole IDLE_MS before it could exit.)
    this.#worker.unref();
    this.#worker.once('online', () => this.#unrefWhenIdle());
    this.#worker.on('message', (answer: Answer<unknown>) => {
      const resolve = this.#waiting.get(answer.id);
      this.#waiting.delete(answer.id);
      this.#unrefWhenIdle();
      resolve?.(answer);
    });
    const fail = (error: unknown) => {
      this.#forget();
      this.#ended ??= error instanceof Error ? error.message : 'A leitura terminou.';
      for (const [id, resolve] of this.#waiting) resolve({ id, error: this.#ended });
      this.#waiting.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', fail);
  }

  #unrefWhenIdle(): void {
    if (this.#waiting.size === 0) this.#worker.unref();
  }

  /** The next download of the file starts a new thread (this one ended, or is ending). */
  #forget(): void {
    if (ReadThread.#threads.get(this.#file) === this) ReadThread.#threads.delete(this.#file);
  }

  async *read<R>(sql: string, parameters: unknown[]): AsyncGenerator<R[]> {
    const id = this.#nextId++;
    this.#reads++;
    clearTimeout(this.#idle);
    let finished = false;
    try {
      for (;;) {
        const answer = await new Promise<Answer<R>>((resolve) => {
          if (this.#ended !== undefined) return resolve({ id, error: this.#ended });
          this.#waiting.set(id, resolve as (answer: Answer<unknown>) => void);
          this.#worker.ref();
          this.#worker.postMessage({ id, sql, parameters, batchSize: STREAM_BATCH });
        });
        if (answer.error !== undefined) {
          finished = true;
          throw new Error(answer.error);
        }
        const batch = answer.batch!;
        finished = batch.length < STREAM_BATCH;
        if (batch.length > 0) yield batch;
        if (finished) return;
      }
    } finally {
      // Abandoned by the client: the worker closes the read's connection.
      if (!finished && this.#ended === undefined) this.#worker.postMessage({ id, stop: true });
      if (--this.#reads === 0) {
        this.#idle = setTimeout(() => {
          this.#forget();
          void this.#worker.terminate();
        }, IDLE_MS).unref();
      }
    }
  }
}
