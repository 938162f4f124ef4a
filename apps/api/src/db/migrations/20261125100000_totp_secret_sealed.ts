import { sql, type Kysely } from 'kysely';
import type { MigrationContext, SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// TOTP secrets encrypted at rest (AES-256-GCM under BALCAO_TOTP_KEY): the columns grow to hold the
// sealed form, and the secrets already stored in plain text are sealed with the key the server
// runs with (handed in as `sealTotpSecret`, since the key is configuration, not schema).

const COLUMNS = ['totp_secret', 'totp_pending_secret'] as const;
const SEALED_PREFIX = 'v1.';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(
  db: Kysely<any>,
  dialect: SqlDialect,
  context: MigrationContext,
): Promise<void> {
  if (dialect === 'postgres') {
    for (const column of COLUMNS) {
      await sql`alter table users alter column ${sql.ref(column)} type varchar(255)`.execute(db);
    }
  }
  const users = await db
    .selectFrom('users')
    .select(['id', ...COLUMNS])
    .where((eb) => eb.or(COLUMNS.map((column) => eb(column, 'is not', null))))
    .execute();
  for (const user of users) {
    const sealed = Object.fromEntries(
      COLUMNS.filter(
        (column) => user[column] !== null && !String(user[column]).startsWith(SEALED_PREFIX),
      ).map((column) => [column, context.sealTotpSecret(String(user[column]))]),
    );
    if (Object.keys(sealed).length === 0) continue;
    await db.updateTable('users').set(sealed).where('id', '=', user.id).execute();
  }
}
