import { sql, type Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// One active PIX charge per order (issue #41): two tills asking at once made two. The older
// duplicates left by that fault expired long ago (a charge lives 10 minutes): they are marked so,
// then a partial unique index keeps it to one.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update pix_charges set status = 'EXPIRADA'
    where status = 'ATIVA'
      and attempt < (select max(newer.attempt) from pix_charges newer
                     where newer.order_id = pix_charges.order_id and newer.status = 'ATIVA')
  `.execute(db);
  await sql`
    create unique index pix_charges_one_active on pix_charges (order_id) where status = 'ATIVA'
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index pix_charges_one_active`.execute(db);
}
