import type { CreateTableBuilder, Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// Privacy and accounts (issue #17): when a participant was anonymised; a user's TOTP secret (the
// pending one while enrolling, then the confirmed one) and the last time step a code was used at
// (a code is never accepted twice); the user's one-time recovery codes, hashed; the setting that
// requires TOTP of System users; and whether a login may only enrol TOTP before anything else.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
type Table = CreateTableBuilder<any, any>;

export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  const withId = (table: Table): Table =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (col) => col.primaryKey())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());

  await db.schema.alterTable('participants').addColumn('anonymized_at', 'text').execute();

  await db.schema.alterTable('users').addColumn('totp_secret', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_secret', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();

  await withId(db.schema.createTable('user_recovery_codes'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('user_recovery_codes_user')
    .on('user_recovery_codes')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('security_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('require_totp_for_system', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('updated_by', 'integer', (col) => col.references('users.id'))
    .addColumn('updated_at', 'text')
    .execute();

  await db.schema
    .alterTable('tokens')
    .addColumn('totp_enrolment_only', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tokens').dropColumn('totp_enrolment_only').execute();
  await db.schema.dropTable('security_settings').execute();
  await db.schema.dropTable('user_recovery_codes').execute();
  await db.schema.alterTable('users').dropColumn('totp_last_step').execute();
  await db.schema.alterTable('users').dropColumn('totp_pending_secret').execute();
  await db.schema.alterTable('users').dropColumn('totp_secret').execute();
  await db.schema.alterTable('participants').dropColumn('anonymized_at').execute();
}
