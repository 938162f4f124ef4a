import type pg from 'pg';

/** What node-postgres keeps of the statements a connection has parsed (not in its typings). */
interface ConnectionInternals {
  parsedStatements: Record<string, string>;
  close(message: { type: 'S'; name: string }): void;
}

/** PostgreSQL's answer when a migration changed what a cached statement returns. */
const RESULT_TYPE_CHANGED = '0A000';

/**
 * PostgreSQL parses and plans every unnamed statement anew, and a payment's larger statements
 * (the answer's JSON, the payment rows with their subqueries) spent more time planning than
 * running. This names each statement with parameters on each pooled connection, so it is parsed
 * once per connection and PostgreSQL may keep its plan (bench/README.md, `src/store.ts`), as
 * statement-cache.ts does for SQLite:
 * - at most `capacity` statements per connection; past it the least recently used is closed on
 *   the server, in the same write as the next statement (no round trip of its own);
 * - a statement that selects `*` stays unnamed: a rolling upgrade's migration adding a column
 *   would change what it returns, and a cached statement then fails ("cached plan must not
 *   change result type");
 * - a statement that still fails so (a column's type changed) is forgotten: the next call
 *   prepares it again.
 */
export function prepareStatements(pool: pg.Pool, capacity = 200): void {
  pool.on('connect', (client) => {
    const connection = (client as unknown as { connection: ConnectionInternals }).connection;
    const names = new Map<string, string>();
    let next = 0;
    const forget = (text: string) => {
      const name = names.get(text);
      if (name === undefined) return;
      names.delete(text);
      if (connection.parsedStatements[name] === undefined) return;
      delete connection.parsedStatements[name];
      connection.close({ type: 'S', name });
    };
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0) {
        return query(...args);
      }
      if (text.includes('*')) return query(...args);
      let name = names.get(text);
      if (name === undefined) {
        if (names.size >= capacity) forget(names.keys().next().value!);
        name = `balcao_${++next}`;
      } else {
        names.delete(text);
      }
      names.set(text, name);
      const result = query({ name, text, values }) as Promise<unknown>;
      return result.catch((error: unknown) => {
        if ((error as { code?: string }).code === RESULT_TYPE_CHANGED) forget(text);
        throw error;
      });
    }) as typeof client.query;
  });
}
