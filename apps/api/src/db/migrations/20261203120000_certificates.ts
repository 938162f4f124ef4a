import type { Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// Certificates of attendance (issue #44, docs/certificates-api.md): an event's rule, one
// certificate per participant and event under a unique public code (the verification reads it by
// that index), each version issued (a name correction re-issues under the same code), and the
// issuing batches with a result per participant that the page polls.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('certificate_rules')
    .addColumn('event_id', 'integer', (col) =>
      col.primaryKey().references('events.id').onDelete('cascade'),
    )
    .addColumn('hours', 'integer', (col) => col.notNull())
    .addColumn('criterion', 'varchar(16)', (col) => col.notNull())
    .addColumn('min_days', 'integer')
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('certificates')
    .addColumn('id', id, (col) =>
      dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('code', 'varchar(24)', (col) => col.notNull().unique())
    .addColumn('event_id', 'integer', (col) =>
      col.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('participant_id', 'integer', (col) =>
      col.references('participants.id').onDelete('set null'),
    )
    .addColumn('version', 'integer', (col) => col.notNull())
    // The latest version's text, copied here so the verification is one read by code.
    .addColumn('name', 'varchar(255)')
    .addColumn('event_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('course', 'varchar(255)')
    .addColumn('hours', 'integer', (col) => col.notNull())
    .addColumn('dates', 'varchar(64)', (col) => col.notNull())
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'varchar(500)')
    .addUniqueConstraint('certificates_participant', ['event_id', 'participant_id'])
    .execute();
  await db.schema
    .createTable('certificate_versions')
    .addColumn('certificate_id', 'integer', (col) =>
      col.notNull().references('certificates.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('name', 'varchar(255)')
    .addColumn('hours', 'integer', (col) => col.notNull())
    .addColumn('dates', 'varchar(64)', (col) => col.notNull())
    .addColumn('issued_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('certificate_versions_pkey', ['certificate_id', 'version'])
    .execute();
  await db.schema
    .createTable('certificate_jobs')
    .addColumn('id', id, (col) =>
      dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('event_id', 'integer', (col) =>
      col.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('processed', 'integer', (col) => col.notNull())
    .addColumn('done', 'boolean', (col) => col.notNull())
    // JSON list of CertificateIssueResultDto: a name here is erased with its participant.
    .addColumn('results', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('certificate_jobs').execute();
  await db.schema.dropTable('certificate_versions').execute();
  await db.schema.dropTable('certificates').execute();
  await db.schema.dropTable('certificate_rules').execute();
}
