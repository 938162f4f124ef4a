import type { Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// The offline replica's CPF lookup keys become a slow, memory-hard KDF (issue #41, docs/offline-
// desk.md): each participant's key is computed once, off the event loop, and kept here with a tag
// of the CPF it was computed from (a changed CPF is keyed again). An offline action keeps a digest
// of its body: a client id sent again with another body is refused.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('offline_keys')
    .addColumn('participant_id', 'integer', (col) =>
      col.primaryKey().references('participants.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'integer', (col) =>
      col.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('cpf_tag', 'varchar(32)', (col) => col.notNull())
    .addColumn('lookup_key', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('offline_keys_event').on('offline_keys').column('event_id').execute();
  await db.schema.alterTable('offline_actions').addColumn('body_digest', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('offline_actions').dropColumn('body_digest').execute();
  await db.schema.dropTable('offline_keys').execute();
}
