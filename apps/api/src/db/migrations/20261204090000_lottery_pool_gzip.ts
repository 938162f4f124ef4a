import { gunzipSync, gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// A draw's stored tickets gzipped (issue #45, docs/lottery-api.md 'The draw'): at 540 000 tickets
// the text is 10 MB, and SQLite wrote it on the app's thread at every draw and read it back at
// every audit call. `pool_gzip` holds the same text (one key a line, the hash's input) gzipped;
// the rows stored before are converted here, their `pool` left empty.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  await db.schema
    .alterTable('lottery_draws')
    .addColumn('pool_gzip', dialect === 'postgres' ? 'bytea' : 'blob')
    .execute();
  const draws = (await db.selectFrom('lottery_draws').select('id').execute()) as { id: number }[];
  for (const { id } of draws) {
    const { pool } = (await db
      .selectFrom('lottery_draws')
      .select('pool')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()) as { pool: string };
    await db
      .updateTable('lottery_draws')
      .set({ pool: '', pool_gzip: gzipSync(Buffer.from(pool), { level: 1 }) })
      .where('id', '=', id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const draws = (await db
    .selectFrom('lottery_draws')
    .select('id')
    .where('pool_gzip', 'is not', null)
    .execute()) as { id: number }[];
  for (const { id } of draws) {
    const { pool_gzip } = (await db
      .selectFrom('lottery_draws')
      .select('pool_gzip')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()) as { pool_gzip: Uint8Array };
    await db
      .updateTable('lottery_draws')
      .set({ pool: gunzipSync(pool_gzip).toString() })
      .where('id', '=', id)
      .execute();
  }
  await db.schema.alterTable('lottery_draws').dropColumn('pool_gzip').execute();
}
