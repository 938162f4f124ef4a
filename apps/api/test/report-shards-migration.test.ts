import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { openMigratedTo, type OpenDatabase } from './helpers/test-database.ts';

/** An install whose reports were kept before the summaries had shards keeps every figure. */
let old: OpenDatabase;

beforeAll(async () => {
  old = await openMigratedTo('20261124160000_report_buyers');
});
afterAll(() => old.close());

describe('migration 20261125110000_report_shards', () => {
  it('moves the summary rows already kept to shard 0, figures unchanged', async () => {
    const { db, dialect } = old;
    const stamp = '2026-11-25T10:00:00.000Z';
    const { id: eventId } = await db
      .insertInto('events')
      .values({ name: 'Evento antigo', date_created: stamp, date_updated: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into report_sales
        (event_id, slot, dim, key_id, category_id, pedidos, quantidade, bruto_cents, net_cents)
      values (${eventId}, '2026-11-25T10', 'produto', 7, 3, 2, 5, 5000, 4500),
             (${eventId}, '', 'compradores', 7, 0, 2, 0, 0, 0)`.execute(db);
    await sql`insert into report_payments
        (event_id, slot, payment_method_id, pagamentos, total_cents)
      values (${eventId}, '2026-11-25T10', 1, 2, 4500)`.execute(db);

    expect(await migrateToLatest(db, dialect)).toContain('20261125110000_report_shards');

    // Read as every migration leaves them (English since 20261202090000_report_names_english).
    const sales = await db
      .selectFrom('report_sales')
      .select(['dim', 'key_id', 'shard', 'orders', 'net_cents'])
      .where('event_id', '=', eventId)
      .orderBy('dim')
      .execute();
    expect(sales.map((row) => ({ ...row, net_cents: Number(row.net_cents) }))).toEqual([
      { dim: 'buyers', key_id: 7, shard: 0, orders: 2, net_cents: 0 },
      { dim: 'product', key_id: 7, shard: 0, orders: 2, net_cents: 4500 },
    ]);
    const payments = await db
      .selectFrom('report_payments')
      .select(['shard', 'payments', 'total_cents'])
      .where('event_id', '=', eventId)
      .execute();
    expect(payments.map((row) => ({ ...row, total_cents: Number(row.total_cents) }))).toEqual([
      { shard: 0, payments: 2, total_cents: 4500 },
    ]);
  });
});
