import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_BATCH, streamRows } from '../src/db/stream-rows.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

/**
 * A download's query that sorts before its first row (db/stream-rows.ts): the sort runs while
 * the server goes on answering, on SQLite in a worker thread, on PostgreSQL in the database.
 */
const COUNT = 1_000_000;

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** The numbers 1..COUNT, largest first: nothing comes out before every one is sorted. */
const sortedCount = () =>
  t.db
    .withRecursive('n(x)', (db) =>
      db.selectNoFrom(sql<number>`1`.as('x')).unionAll((next) =>
        next
          .selectFrom('n')
          .select(sql<number>`x + 1`.as('x'))
          .where('x', '<', COUNT),
      ),
    )
    .selectFrom('n')
    .select('x')
    .orderBy(sql`-x`);

describe('a streamed query that sorts before its first row', () => {
  it('leaves the event loop free while it sorts, then yields every row in batches', async () => {
    let turns = 0;
    const ticking = setInterval(() => turns++, 10);
    const started = performance.now();
    const batches = streamRows(t.db, sortedCount());
    const first = await batches.next();
    const waited = performance.now() - started;
    clearInterval(ticking);

    // Long enough to see: a loop held by the sort would not tick at all until it ended.
    expect(waited).toBeGreaterThan(100);
    expect(turns).toBeGreaterThanOrEqual(5);

    expect(first.done).toBe(false);
    let rows = first.value as { x: number }[];
    expect(rows).toHaveLength(STREAM_BATCH);
    expect(rows[0]!.x).toBe(COUNT);
    let read = rows.length;
    let last = rows.at(-1)!.x;
    for await (rows of batches) {
      read += rows.length;
      last = rows.at(-1)!.x;
    }
    expect(read).toBe(COUNT);
    expect(last).toBe(1);
  }, 60_000);

  it('ends the read when the consumer stops early, and the next download works', async () => {
    for (let round = 0; round < 2; round++) {
      for await (const rows of streamRows(t.db, sortedCount().limit(5 * STREAM_BATCH))) {
        expect(rows[0]!.x).toBe(COUNT);
        break;
      }
    }
  }, 60_000);
});
