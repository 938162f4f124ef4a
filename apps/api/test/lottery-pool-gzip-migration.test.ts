import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createParticipant } from './helpers/accreditation.ts';
import { openMigratedTo, type OpenDatabase } from './helpers/test-database.ts';

/**
 * An install whose draws stored their tickets as text (issue #45): migrated, each draw's tickets
 * are the same text gzipped in `pool_gzip`, its `pool` emptied.
 */
let old: OpenDatabase;

beforeAll(async () => {
  old = await openMigratedTo('20261203140000_report_buyer_slots');
});
afterAll(() => old.close());

describe('migration 20261204090000_lottery_pool_gzip', () => {
  it("gzips every draw's stored tickets and empties their text", async () => {
    const { db, dialect } = old;
    const stamp = '2026-12-03T10:00:00.000Z';
    const dated = { date_created: stamp, date_updated: stamp };
    const event = await db
      .insertInto('events')
      .values({ name: 'Evento antigo', ...dated })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({ username: 'sorteador-antigo', name: 'Sorteador', password_hash: 'x', ...dated })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ana = await createParticipant(db, event.id, { name: 'Ana Antiga' });
    const bia = await createParticipant(db, event.id, { name: 'Bia Antiga' });
    const game = await db
      .insertInto('lottery_games')
      .values({
        event_id: event.id,
        criteria: 'CREDENCIADOS',
        product_ids: '[]',
        prizes_count: 2,
        created_by: user.id,
        created_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pools = [`p${ana.id}\np${bia.id}`, `p${bia.id}`];
    for (const [i, pool] of pools.entries()) {
      await db
        .insertInto('lottery_draws')
        .values({
          game_id: game.id,
          position: i + 1,
          participant_id: i === 0 ? ana.id : bia.id,
          participant_name: i === 0 ? 'Ana Antiga' : 'Bia Antiga',
          pool_hash: 'h',
          pool_size: 2 - i,
          pool,
          random_index: 0,
          drawn_by: user.id,
          drawn_at: stamp,
        })
        .execute();
    }

    expect(await migrateToLatest(db, dialect)).toContain('20261204090000_lottery_pool_gzip');

    const draws = await db
      .selectFrom('lottery_draws')
      .select(['position', 'pool', 'pool_gzip'])
      .where('game_id', '=', game.id)
      .orderBy('position')
      .execute();
    expect(
      draws.map((draw) => ({ pool: draw.pool, text: gunzipSync(draw.pool_gzip!).toString() })),
    ).toEqual(pools.map((text) => ({ pool: '', text })));
  });
});
