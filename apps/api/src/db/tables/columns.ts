import type { ColumnType, SqlBool } from 'kysely';

/** The column types every table shares. */

/**
 * An instant as ISO-8601 UTC text ('2025-03-01T12:00:00.000Z'): the same in SQLite and
 * PostgreSQL, and its fixed width makes text order equal time order.
 */
export type Instant = string;

/** SQLite answers 0/1, PostgreSQL true/false; writes take booleans (see statement-cache.ts). */
export type BoolWithDefault = ColumnType<SqlBool, boolean | undefined, boolean>;

export interface Dated {
  date_created: Instant;
  date_updated: Instant;
}
