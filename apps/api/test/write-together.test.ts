import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/types.ts';
import { writeTogether } from '../src/db/write-together.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/**
 * Writes sent together (one statement on PostgreSQL): each lands in its own table with its own
 * values, whatever the number of parameters of the others, and all roll back together.
 */
describe('writeTogether', () => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  // Tables of this test only: the writes' builders are typed for them here.
  let free: Kysely<Record<string, Record<string, unknown>>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = openDatabase(database.url).db;
    free = db as unknown as typeof free;
    for (const table of ['first', 'second', 'third']) {
      await sql`create table ${sql.table(table)} (a integer, b text, c integer)`.execute(db);
    }
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const rows = (table: string) =>
    free.selectFrom(table).select(['a', 'b', 'c']).orderBy('a').execute();

  it('writes each insert with its own values', async () => {
    await db.transaction().execute((trx) => {
      const on = trx as unknown as typeof free;
      return writeTogether(trx, [
        on
          .insertInto('first')
          .values([
            { a: 1, b: 'um', c: 10 },
            { a: 2, b: 'dois', c: 20 },
          ])
          .compile(),
        undefined,
        on.insertInto('second').values({ a: 3 }).compile(),
        on.insertInto('third').values({ a: 4, b: '$1 e $2', c: 40 }).compile(),
      ]);
    });
    expect(await rows('first')).toEqual([
      { a: 1, b: 'um', c: 10 },
      { a: 2, b: 'dois', c: 20 },
    ]);
    expect(await rows('second')).toEqual([{ a: 3, b: null, c: null }]);
    expect(await rows('third')).toEqual([{ a: 4, b: '$1 e $2', c: 40 }]);
  });

  it('rolls back every write when one fails', async () => {
    const failing = db.transaction().execute((trx) => {
      const on = trx as unknown as typeof free;
      return writeTogether(trx, [
        on.insertInto('first').values({ a: 5 }).compile(),
        on.insertInto('missing').values({ a: 6 }).compile(),
      ]);
    });
    await expect(failing).rejects.toThrow();
    expect((await rows('first')).map((row) => row.a)).toEqual([1, 2]);
  });
});
