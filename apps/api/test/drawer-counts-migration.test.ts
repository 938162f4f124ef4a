import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { openMigratedTo, type OpenDatabase } from './helpers/test-database.ts';

/** An install whose drawers closed before the figures were bigint keeps them and takes bigger ones. */
let old: OpenDatabase;

beforeAll(async () => {
  old = await openMigratedTo('20261125110000_report_shards');
});
afterAll(() => old.close());

describe('migration 20261125130000_drawer_counts_bigint', () => {
  it('keeps the stored figures and holds a closing past R$ 21.474.836,47', async () => {
    const { db, dialect } = old;
    const stamp = '2026-11-25T10:00:00.000Z';
    const dated = { date_created: stamp, date_updated: stamp };
    const event = await db
      .insertInto('events')
      .values({ name: 'Evento antigo', ...dated })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({ username: 'caixa-antigo', name: 'Caixa', password_hash: 'x', ...dated })
      .returning('id')
      .executeTakeFirstOrThrow();
    const method = await db
      .selectFrom('payment_methods')
      .select('id')
      .where('name', '=', 'Dinheiro')
      .executeTakeFirstOrThrow();
    const session = await db
      .insertInto('drawer_sessions')
      .values({
        event_id: event.id,
        user_id: user.id,
        opening_float_cents: 0,
        opened_at: stamp,
        closed_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const figures = (received: number) => ({
      received_cents: received,
      refunded_cents: 0,
      expected_cents: received,
      counted_cents: received,
    });
    await db
      .insertInto('drawer_counts')
      .values({ session_id: session.id, payment_method_id: method.id, ...figures(2_000_000_000) })
      .execute();

    expect(await migrateToLatest(db, dialect)).toContain('20261125130000_drawer_counts_bigint');
    const kept = await db.selectFrom('drawer_counts').select('received_cents').execute();
    expect(kept.map((row) => Number(row.received_cents))).toEqual([2_000_000_000]);

    await db
      .updateTable('drawer_counts')
      .set(figures(2_400_000_000))
      .where('session_id', '=', session.id)
      .execute();
    const rows = await db
      .selectFrom('drawer_counts')
      .select(['received_cents', 'counted_cents'])
      .execute();
    expect(rows.map((row) => [Number(row.received_cents), Number(row.counted_cents)])).toEqual([
      [2_400_000_000, 2_400_000_000],
    ]);
  });
});
