import { Migrator, type Kysely } from 'kysely';
import { migrationsFor } from './migrations/index.ts';
import type { SqlDialect } from './migrations/sql-dialect.ts';
import type { Database } from './types.ts';

/** Brings the schema to the latest migration; throws (and changes nothing more) if one fails. */
export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: SqlDialect,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(dialect) },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw new Error('Falha ao migrar o banco de dados.', { cause: error });
  return results
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
