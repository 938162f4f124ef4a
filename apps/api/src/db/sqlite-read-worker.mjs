// Read-only queries on the app's SQLite file, stepped on a thread of their own (stream-rows.ts):
// the sort or grouping SQLite does before a query's first row holds this thread, not the one
// that answers the desks. Each read has its connection (a statement being stepped keeps its
// connection busy) and is asked for one batch at a time, so a slow reader never piles up rows.
// Each statement reads the file as its last commit left it (WAL), as the app's connection would.
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import { configureSqliteConnection } from './sqlite-functions.mjs';

/** @type {Map<number, { reader: SqliteDatabase.Database, rows: IterableIterator<unknown> }>} */
const reads = new Map();
/** A connection no read is using, kept for the next: a report's page is a read of its own. */
let spare = null;

function connect() {
  const reader =
    spare ?? configureSqliteConnection(new SqliteDatabase(workerData.file, { readonly: true }));
  spare = null;
  return reader;
}

function end(id) {
  const read = reads.get(id);
  if (!read) return;
  reads.delete(id);
  read.rows.return?.(); // a statement still being stepped keeps its connection busy
  if (spare) read.reader.close();
  else spare = read.reader;
}

// `read` names a read across its batches; `id` names one call, which its answer carries.
parentPort.on('message', ({ id, read: readId, sql, parameters, batchSize, stop }) => {
  if (stop) return end(readId);
  try {
    let read = reads.get(readId);
    if (!read) {
      read = { reader: connect(), rows: [].values() };
      reads.set(readId, read); // before the statement: a failing one still gives its connection back
      read.rows = read.reader.prepare(sql).iterate(...parameters);
    }
    const batch = [];
    for (let next = read.rows.next(); !next.done; next = read.rows.next()) {
      batch.push(next.value);
      if (batch.length === batchSize) break;
    }
    // A batch shorter than batchSize is the last.
    if (batch.length < batchSize) end(readId);
    parentPort.postMessage({ id, batch });
  } catch (error) {
    end(readId);
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
