import type { Database } from 'better-sqlite3';

/** busy_timeout and the functions every connection to the app's SQLite file needs. */
export function configureSqliteConnection(database: Database): Database;
