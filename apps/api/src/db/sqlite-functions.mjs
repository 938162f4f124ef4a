// Plain JavaScript: the app's connections (database.ts) and the off-thread reader
// (sqlite-read-worker.mjs), which Node loads without the TypeScript loader, set up SQLite alike.

/** @param {import('better-sqlite3').Database} database */
export function configureSqliteConnection(database) {
  database.pragma('busy_timeout = 5000');
  // SQLite's own lower() folds ASCII only; PostgreSQL's folds all letters. Unique names
  // ('Único' = 'único') and table search must behave the same on both.
  database.function('lower', { deterministic: true }, (value) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  return database;
}
