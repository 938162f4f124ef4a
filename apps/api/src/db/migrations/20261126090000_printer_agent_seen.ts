import type { Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// When each printer's agent last asked for work (ISO-8601 UTC), so the desks can warn that a
// mapped printer's agent is not running instead of saying a queued print was printed.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('printers').addColumn('agent_seen_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('printers').dropColumn('agent_seen_at').execute();
}
