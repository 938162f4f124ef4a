import { sql, type Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// Centers need a city and cities a country: a new installation starts with Brasil so nobody
// invents a country before the first center. Skipped when a country of that name already exists.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  const stamp = new Date().toISOString();
  await sql`
    insert into countries (name, date_created, date_updated)
    select ${'Brasil'}, ${stamp}, ${stamp}
    where not exists (select 1 from countries where lower(name) = ${'brasil'})
  `.execute(db);
}
