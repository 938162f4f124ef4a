import type { Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// The largest discount percent a user may give a line at the cashier (whole percent, 0–100).
// 100 keeps every existing user as before; an administrator lowers it per user.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('max_discount_percent', 'integer', (column) => column.notNull().defaultTo(100))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('max_discount_percent').execute();
}
