import { type Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// Rendered PDFs live in the database, not on an API instance's disk, so any instance behind the
// load balancer can hand a file to the browser or to a printer's agent.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';

  await db.schema
    .createTable('print_files')
    .addColumn('id', id, (col) =>
      dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('filename', 'varchar(128)', (col) => col.notNull().unique())
    .addColumn('content', bytes, (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('print_files_created')
    .on('print_files')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('print_jobs')
    .addColumn('id', id, (col) =>
      dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('printer_id', 'integer', (col) => col.notNull().references('printers.id'))
    .addColumn('file_id', 'integer', (col) => col.references('print_files.id').onDelete('set null'))
    .addColumn('service', 'varchar(16)', (col) => col.notNull())
    .addColumn('kind', 'varchar(32)', (col) => col.notNull())
    .addColumn('title', 'varchar(255)', (col) => col.notNull())
    .addColumn('copies', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('origin', 'varchar(255)', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'text')
    .execute();
  // The agent's poll: the oldest queued job of one printer.
  await db.schema
    .createIndex('print_jobs_printer_status')
    .on('print_jobs')
    .columns(['printer_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('print_jobs_file').on('print_jobs').column('file_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('print_jobs').execute();
  await db.schema.dropTable('print_files').execute();
}
