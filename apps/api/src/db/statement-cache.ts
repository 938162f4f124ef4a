import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs more than running a
 * small indexed query. This keeps the most recent statements by SQL text: a hot route's queries
 * are parsed once per process. A statement still busy (an open iterator) is never handed out twice.
 */
export function withStatementCache(database: SqliteDatabase, capacity = 500) {
  const statements = new Map<string, Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string): Statement {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = database.prepare(sql);
      if (statements.size >= capacity) {
        const oldest = statements.keys().next();
        if (!oldest.done) statements.delete(oldest.value);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
