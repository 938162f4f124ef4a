import type { Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// The participant's pass (issue #43, docs/passes-api.md): the installation's Ed25519 key pair that
// signs every pass (the private key sealed like the other secrets), and each participant's pass
// version, raised by 'Reemitir ingresso' so the older QR no longer matches.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pass_keys')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('public_key', 'varchar(64)', (col) => col.notNull())
    .addColumn('private_key_sealed', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .alterTable('participants')
    .addColumn('pass_version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('participants').dropColumn('pass_version').execute();
  await db.schema.dropTable('pass_keys').execute();
}
