import type { Kysely } from 'kysely';
import { jsonArrayFrom as postgresArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteArray } from 'kysely/helpers/sqlite';
import { isPostgres } from './dialect.ts';
import type { Database } from './types.ts';

/**
 * A correlated subquery's rows as one JSON array column (json_agg on PostgreSQL, json_group_array
 * on SQLite): a parent and its children in one round trip. Read the column with `parsedRows`.
 * The subquery must name its columns (no `selectAll`): SQLite's JSON object is built from them.
 */
export function jsonRows<O>(
  db: Kysely<Database>,
  subquery: Parameters<typeof sqliteArray<O>>[0],
): ReturnType<typeof sqliteArray<O>> {
  return isPostgres(db) ? postgresArray(subquery) : sqliteArray(subquery);
}

/** A `jsonRows` column as read: PostgreSQL's driver parses JSON, SQLite answers its text. */
export function parsedRows<O>(value: O[] | string): O[] {
  return typeof value === 'string' ? (JSON.parse(value) as O[]) : value;
}
