import type { Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// An event's own layouts of its printed documents (issue #27, docs/layouts-api.md): one row per
// event and document holding the declaration as JSON; no row, the default layout.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('layouts')
    .addColumn('event_id', 'integer', (col) =>
      col.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('document', 'varchar(32)', (col) => col.notNull())
    .addColumn('declaration', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('layouts_pkey', ['event_id', 'document'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('layouts').execute();
}
