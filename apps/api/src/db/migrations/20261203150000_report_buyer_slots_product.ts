import { sql, type Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// A period's buyers on PostgreSQL (issue #45 item 3) reads report_buyer_slots product after
// product in the report's order (docs/reports-api.md, "A period's buyers"): each product's ranges
// of slots of one span, with the figures in the index so the rows are read from it alone. SQLite
// reads a period's buyers another way and gets no index.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`
    create index report_buyer_slots_product on report_buyer_slots
      (event_id, span, product_id, slot, customer_name, cpf)
      include (orders, quantity, total_cents)
  `.execute(db);
}

export async function down(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`drop index report_buyer_slots_product`.execute(db);
}
