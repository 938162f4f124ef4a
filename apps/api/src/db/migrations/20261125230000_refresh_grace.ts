import type { Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// Issue #23: a refresh token presented twice within a few seconds (two tabs, a retry) gets the
// pair its first exchange made. That pair is kept, sealed under a key only the old refresh token
// gives, on the old token's row.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tokens').addColumn('successor_sealed', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tokens').dropColumn('successor_sealed').execute();
}
