import { sql, type Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// A drawer's closing figures add up every payment it took (and the counts typed at closing):
// past R$ 21.474.836,47 they overflowed PostgreSQL's integer and the drawer could never close.
// They become bigint. SQLite's integer already holds 64 bits: nothing to do there.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`alter table drawer_counts
    alter column received_cents type bigint,
    alter column refunded_cents type bigint,
    alter column expected_cents type bigint,
    alter column counted_cents type bigint`.execute(db);
}
