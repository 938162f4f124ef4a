import type { Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// The offline desk (issue #26, docs/offline-desk.md): each event's secret for the replica's CPF
// lookup keys, the actions desks queued offline (one row per client id: sent twice, applied once),
// and an index for the replica's "changed since" read.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('offline_secret', 'varchar(64)').execute();
  await db.schema
    .createTable('offline_actions')
    .addColumn('client_id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('event_id', 'integer', (col) =>
      col.notNull().references('events.id').onDelete('cascade'),
    )
    // Kept when the participant goes: the listing still names what was dropped.
    .addColumn('participant_id', 'integer')
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('desk', 'varchar(255)', (col) => col.notNull())
    /** When the clerk did it at the desk. */
    .addColumn('done_at', 'text', (col) => col.notNull())
    .addColumn('synced_at', 'text', (col) => col.notNull())
    .addColumn('outcome', 'varchar(16)', (col) => col.notNull())
    .addColumn('message', 'text')
    .execute();
  await db.schema
    .createIndex('offline_actions_event_outcome')
    .on('offline_actions')
    .columns(['event_id', 'outcome', 'synced_at'])
    .execute();
  await db.schema
    .createIndex('participants_event_updated')
    .on('participants')
    .columns(['event_id', 'date_updated'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('participants_event_updated').execute();
  await db.schema.dropTable('offline_actions').execute();
  await db.schema.alterTable('events').dropColumn('offline_secret').execute();
}
