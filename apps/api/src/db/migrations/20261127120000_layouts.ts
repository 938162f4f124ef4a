import type { Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// An event's own layouts of its printed documents (issue #27, docs/layouts-api.md): one row per
// event and document holding the declaration as JSON (no row: the default layout), the images its
// layouts place, and a colour per center for the badges' colour bands.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
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
  await db.schema
    .createTable('layout_images')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('event_id', 'integer', (col) =>
      col.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('mime', 'varchar(16)', (col) => col.notNull())
    .addColumn('width_px', 'integer', (col) => col.notNull())
    .addColumn('height_px', 'integer', (col) => col.notNull())
    .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('centers').addColumn('color', 'varchar(7)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('centers').dropColumn('color').execute();
  await db.schema.dropTable('layout_images').execute();
  await db.schema.dropTable('layouts').execute();
}
