import type { Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// A sending has a kind (issue #43): 'message' for 'Enviar e-mails', others for the modules that
// attach something per recipient at send time (the passes, 'pass'); docs/emails-api.md.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('email_batches')
    .addColumn('kind', 'varchar(32)', (col) => col.notNull().defaultTo('message'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_batches').dropColumn('kind').execute();
}
