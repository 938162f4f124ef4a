import type { Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// A user's permissions are cached by each API instance; `auth_version` is bumped in the same
// transaction as any change to them, so every instance sees the change on its next request.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('auth_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('auth_version').execute();
}
