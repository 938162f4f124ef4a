import { Migrator, type Kysely } from 'kysely';
import { DEVELOPMENT_TOTP_KEY, sealTotpSecret } from '../totp-secret-box.ts';
import { migrationsFor } from './migrations/index.ts';
import type { SqlDialect } from './migrations/sql-dialect.ts';
import type { Database } from './types.ts';

/**
 * Brings the schema to the latest migration; throws (and changes nothing more) if one fails.
 * `totpKey` (config.totpKey) seals the TOTP secrets stored before they were encrypted.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: SqlDialect,
  totpKey: Buffer = DEVELOPMENT_TOTP_KEY,
): Promise<string[]> {
  const context = { sealTotpSecret: (secret: string) => sealTotpSecret(totpKey, secret) };
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(dialect, context) },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw new Error('Falha ao migrar o banco de dados.', { cause: error });
  return results
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
