import { setImmediate as nextTurn } from 'node:timers/promises';
import type SqliteDatabase from 'better-sqlite3';
import type { Compilable, Kysely, Streamable } from 'kysely';
import { bindable } from './statement-cache.ts';
import type { Database } from './types.ts';

/**
 * Rows read between two turns of the event loop: a few milliseconds of work at most, so a long
 * download never holds up the other desks' requests (docs/reports-api.md, 'Downloads').
 */
export const STREAM_BATCH = 1000;

/** SQLite databases opened from a file: how to open one more, read-only connection to it. */
const sqliteReaders = new WeakMap<Kysely<Database>, () => SqliteDatabase.Database>();

export function registerSqliteReader(
  db: Kysely<Database>,
  open: () => SqliteDatabase.Database,
): void {
  sqliteReaders.set(db, open);
}

/**
 * A query's rows in batches of STREAM_BATCH, with a turn for other requests after each batch.
 * SQLite: a statement stepped on its own read-only connection (WAL lets it read while the app's
 * connection writes; on the app's connection it would hold every other query until the end).
 * PostgreSQL: a cursor (pg-cursor) on one pooled connection.
 */
export async function* streamRows<R>(
  db: Kysely<Database>,
  query: Compilable<R> & Streamable<R>,
): AsyncGenerator<R[]> {
  const openReader = sqliteReaders.get(db);
  const rows: Iterator<R> | AsyncIterator<R> = openReader
    ? readOnOwnConnection(openReader, query)
    : query.stream(STREAM_BATCH)[Symbol.asyncIterator]();
  try {
    for (;;) {
      const batch: R[] = [];
      while (batch.length < STREAM_BATCH) {
        // The SQLite statement steps synchronously: awaiting each of its rows would only add a tick.
        const step = rows.next();
        const next = step instanceof Promise ? await step : step;
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

function* readOnOwnConnection<R>(
  open: () => SqliteDatabase.Database,
  query: Compilable<R>,
): Generator<R> {
  const { sql, parameters } = query.compile();
  const reader = open();
  try {
    yield* reader.prepare(sql).iterate(...bindable(parameters)) as IterableIterator<R>;
  } finally {
    reader.close();
  }
}
