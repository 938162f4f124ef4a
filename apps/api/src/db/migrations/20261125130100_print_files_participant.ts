import type { Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// The participant whose personal data a print file shows (badge, payment and delivery receipts),
// so 'Anonimizar participante' deletes those files instead of leaving them downloadable for 24 h.
// Files printed before this migration name nobody; they expire as before.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('print_files')
    .addColumn('participant_id', 'integer', (col) =>
      col.references('participants.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .createIndex('print_files_participant')
    .on('print_files')
    .column('participant_id')
    .execute();
}
