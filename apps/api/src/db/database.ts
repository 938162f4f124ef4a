import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { isPostgres } from './dialect.ts';
import type { SqlDialect } from './migrations/sql-dialect.ts';
import { prepareStatements } from './prepared-statements.ts';
import { configureSqliteConnection } from './sqlite-functions.mjs';
import { registerSqliteFile } from './stream-rows.ts';
import { withStatementCache } from './statement-cache.ts';
import type { Database } from './types.ts';

export type { SqlDialect };

export interface Db {
  db: Kysely<Database>;
  dialect: SqlDialect;
}

export interface DatabaseOptions {
  /** PostgreSQL only: the most connections the pool opens (node-postgres' default is 10). */
  poolSize?: number;
}

/** Opens the database a URL names: `sqlite:<absolute file>` or `postgres://...`. */
export function openDatabase(url: string, options: DatabaseOptions = {}): Db {
  if (/^postgres(ql)?:\/\//.test(url)) {
    return { db: openPostgres(url, options.poolSize ?? 10), dialect: 'postgres' };
  }
  if (url.startsWith('sqlite:'))
    return { db: openSqlite(url.slice('sqlite:'.length)), dialect: 'sqlite' };
  throw new Error(
    `DATABASE_URL não reconhecida: use sqlite:<arquivo> ou postgres://... (recebido: ${url}).`,
  );
}

/**
 * SQLite: copies the WAL into the database file and empties it, so the page versions from before
 * an erasure leave the WAL at once instead of at the next automatic checkpoint. PostgreSQL keeps
 * dead row versions until VACUUM (docs/accreditation-api.md).
 */
export async function truncateWal(db: Kysely<Database>): Promise<void> {
  if (!isPostgres(db)) await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}

function openSqlite(file: string): Kysely<Database> {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = configureSqliteConnection(new SqliteDatabase(file));
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  // WAL with synchronous=FULL: each commit waits for the WAL to reach the disk (an fsync, about
  // 4 ms per commit on the 2-core test machine against 0.1-0.5 ms with NORMAL). NORMAL already
  // survives a process crash (SIGKILL, the OOM killer: test/crash-safety.test.ts), but a power cut
  // or kernel panic could roll back the last seconds of commits: paid orders whose customers
  // have left. For a cash desk that is worse than the fsync, so FULL (README, 'Cópia de segurança').
  database.pragma('synchronous = FULL');
  // Deleted and overwritten content is zeroed, not left in free pages: after 'Anonimizar
  // participante' no copy of the CPF stays in the file (LGPD). Cost: bench/README.md.
  database.pragma('secure_delete = ON');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
  });
  // Long downloads read on a connection and a thread of their own (stream-rows.ts); a memory
  // database has neither.
  if (file !== ':memory:') registerSqliteFile(db, file);
  return db;
}

// count(*) and sums come back as int8; they fit a JS number for any realistic event.
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function openPostgres(connectionString: string, max: number): Kysely<Database> {
  // random_page_cost 1.1 (the default 4 is for spinning disks): a report's partial hours, a
  // few hundred orders by paid_at, then read their lines by index instead of scanning every line
  // of the database (209 against 17 ms at a million lines, bench/README.md). jit off: compiling
  // a report's query (a period's buyers, planned above jit_above_cost) took 40 ms of its 0.5 s and
  // gained nothing back on queries this size.
  const pool = new pg.Pool({
    connectionString,
    types: pgTypes,
    max,
    options: '-c random_page_cost=1.1 -c jit=off',
  });
  // An idle connection the server closed (a restart, a failover) is dropped by the pool and the
  // next query opens a new one; without a listener its error would end the whole process.
  pool.on('error', () => {});
  prepareStatements(pool);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
}
