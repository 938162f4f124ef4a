import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase as SqliteDialectDatabase,
} from 'kysely';
import pg from 'pg';
import type { SqlDialect } from './migrations/sql-dialect.ts';
import { SqliteBooleansPlugin } from './sqlite-booleans.ts';
import type { Database } from './types.ts';

export type { SqlDialect };

export interface Db {
  db: Kysely<Database>;
  dialect: SqlDialect;
}

/** Opens the database a URL names: `sqlite:<absolute file>` or `postgres://...`. */
export function openDatabase(url: string): Db {
  if (/^postgres(ql)?:\/\//.test(url)) return { db: openPostgres(url), dialect: 'postgres' };
  if (url.startsWith('sqlite:'))
    return { db: openSqlite(url.slice('sqlite:'.length)), dialect: 'sqlite' };
  throw new Error(
    `DATABASE_URL não reconhecida: use sqlite:<arquivo> ou postgres://... (recebido: ${url}).`,
  );
}

function openSqlite(file: string): Kysely<Database> {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  // SQLite's own lower() folds ASCII only; PostgreSQL's folds all letters. Unique names
  // ('Único' = 'único') and table search must behave the same on both.
  database.function('lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: reusingStatements(database) }),
    plugins: [new SqliteBooleansPlugin()],
  });
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and on the desks' short queries SQLite's prepare costs about
 * as much as running them. The one connection keeps its most recent statements by SQL text
 * (parameters are bound per call; queries run one at a time, so a statement is never in use twice).
 */
function reusingStatements(database: SqliteDatabase.Database): SqliteDialectDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql); // re-inserted below: the map's order is the recency
      } else {
        statement = database.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value!);
        }
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

// count(*) and sums come back as int8; they fit a JS number for any realistic event.
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function openPostgres(connectionString: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, types: pgTypes });
  // An idle connection the server closed (a restart, a failover) is dropped by the pool and the
  // next query opens a new one; without a listener its error would end the whole process.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
