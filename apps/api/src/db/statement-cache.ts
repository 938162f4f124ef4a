import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';

/**
 * better-sqlite3 refuses to bind JavaScript booleans; SQLite stores them as 0/1 anyway. Converting
 * them as they are bound lets queries write `true`/`false` the same way for both dialects (a Kysely
 * plugin rewriting every query's tree did the same at a fifth of a payment's time).
 */
export function bindable(parameters: readonly unknown[]): unknown[] {
  return parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value));
}

/** What Kysely's SQLite driver calls on a statement, with the parameters made bindable. */
function binding(statement: Statement) {
  return {
    get reader() {
      return statement.reader;
    },
    get busy() {
      return statement.busy;
    },
    all: (parameters: readonly unknown[]) => statement.all(bindable(parameters)),
    run: (parameters: readonly unknown[]) => statement.run(bindable(parameters)),
    iterate: (parameters: readonly unknown[]) => statement.iterate(bindable(parameters)),
  };
}

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs more than running a
 * small indexed query. This keeps the most recent statements by SQL text: a hot route's queries
 * are parsed once per process. A statement still busy (an open iterator) is never handed out twice.
 */
export function withStatementCache(database: SqliteDatabase, capacity = 500) {
  const statements = new Map<string, ReturnType<typeof binding>>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = binding(database.prepare(sql));
      if (statements.size >= capacity) {
        const oldest = statements.keys().next();
        if (!oldest.done) statements.delete(oldest.value);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
