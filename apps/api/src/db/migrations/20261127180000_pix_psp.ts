import type { Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// PIX confirmed by the bank (issue #28, docs/pix.md): the one PSP connection. The client secret
// and the certificate's private key are stored sealed under BALCAO_TOTP_KEY, like TOTP secrets.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pix_psp_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('base_url', 'varchar(500)', (col) => col.notNull())
    .addColumn('token_url', 'varchar(500)')
    .addColumn('client_id', 'varchar(255)', (col) => col.notNull())
    .addColumn('client_secret_sealed', 'text', (col) => col.notNull())
    .addColumn('certificate_pem', 'text', (col) => col.notNull())
    .addColumn('private_key_sealed', 'text', (col) => col.notNull())
    .addColumn('ca_pem', 'text')
    /** The webhook's URL carries it: a notification without it is not the PSP's. */
    .addColumn('webhook_secret', 'varchar(64)', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pix_psp_settings').execute();
}
