import type { Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// Self-service kiosks (issue #43, docs/kiosk-api.md): one row per kiosk user with its staff PIN
// (hashed), pause, heartbeat, last activity, last print and a pending 'Preciso de ajuda'; and the
// reprint policy an admin sets per event for participants already accredited.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kiosks')
    .addColumn('user_id', 'integer', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('pin_hash', 'varchar(255)')
    .addColumn('paused', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('seen_at', 'varchar(30)')
    .addColumn('activity_at', 'varchar(30)')
    .addColumn('last_job_id', 'integer')
    .addColumn('help_at', 'varchar(30)')
    .addColumn('date_updated', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('kiosk_events')
    .addColumn('event_id', 'integer', (col) =>
      col.primaryKey().references('events.id').onDelete('cascade'),
    )
    .addColumn('reprint', 'varchar(8)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kiosk_events').execute();
  await db.schema.dropTable('kiosks').execute();
}
