import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from './types.ts';

/** True on PostgreSQL: for the few statements the dialects write differently (row locks). */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
