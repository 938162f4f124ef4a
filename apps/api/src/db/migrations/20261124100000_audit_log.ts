import type { CreateTableBuilder, Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// The audit log (docs/audit-api.md): one row per change (or read by CPF, or export), written in
// the change's own transaction. No foreign keys: a row outlives the user or record it names.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
type Table = CreateTableBuilder<any, any>;

export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  const withId = (table: Table): Table =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (col) => col.primaryKey())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  await withId(db.schema.createTable('audit_log'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    /** JSON of the changed fields' old values (null for an insert, a view or an export). */
    .addColumn('before', 'text')
    /** JSON of the changed fields' new values, or what was read or exported. */
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();
  await db.schema
    .createIndex('audit_log_entity')
    .on('audit_log')
    .columns(['entity', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_log_user')
    .on('audit_log')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
