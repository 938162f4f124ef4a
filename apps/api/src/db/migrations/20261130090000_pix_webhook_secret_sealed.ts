import { sql, type Kysely } from 'kysely';
import type { MigrationContext, SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// The PSP webhook's secret (issue #41) is stored sealed under BALCAO_TOTP_KEY, like the PSP's
// client secret: the column is renamed for what it holds, grows to the sealed form, and the
// secret already stored in plain text is sealed with the key the server runs with.

const SEALED_PREFIX = 'v1.';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(
  db: Kysely<any>,
  dialect: SqlDialect,
  context: MigrationContext,
): Promise<void> {
  await db.schema
    .alterTable('pix_psp_settings')
    .renameColumn('webhook_secret', 'webhook_secret_sealed')
    .execute();
  if (dialect === 'postgres') {
    await sql`alter table pix_psp_settings alter column webhook_secret_sealed type text`.execute(
      db,
    );
  }
  const rows = await db
    .selectFrom('pix_psp_settings')
    .select(['id', 'webhook_secret_sealed'])
    .execute();
  for (const row of rows) {
    const stored = String(row.webhook_secret_sealed);
    if (stored.startsWith(SEALED_PREFIX)) continue;
    await db
      .updateTable('pix_psp_settings')
      .set({ webhook_secret_sealed: context.sealTotpSecret(stored) })
      .where('id', '=', row.id)
      .execute();
  }
}
