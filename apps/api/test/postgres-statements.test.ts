import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/**
 * On PostgreSQL each pooled connection prepares the statements it runs (db/prepared-statements.ts).
 * Answers must stay each call's own, and a migration run by another instance (a rolling upgrade)
 * must not break an instance still running.
 */
const postgres = process.env.BALCAO_TEST_DB === 'postgres';

describe.runIf(postgres)('PostgreSQL prepared statements', () => {
  let database: TestDatabase;
  let db: Kysely<unknown>;
  /** The instance being upgraded beside `db`: its own pool. */
  let other: Kysely<unknown>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = openDatabase(database.url).db as Kysely<unknown>;
    other = openDatabase(database.url).db as Kysely<unknown>;
    await sql`create table counters (id integer primary key, value integer not null)`.execute(db);
    await sql`insert into counters (id, value) values (1, 10), (2, 20)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    await other.destroy();
    await database.drop();
  });

  const read = (on: Kysely<unknown>, id: number) =>
    sql<{ value: number }>`select value from counters where id = ${id}`.execute(on);
  const prepared = async (on: Kysely<unknown>) =>
    (
      await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements order by prepare_time`.execute(on)
    ).rows.map((row) => row.statement);

  it('prepares a statement once per connection and binds each call its own values', async () => {
    await db.connection().execute(async (connection) => {
      expect((await read(connection, 1)).rows).toEqual([{ value: 10 }]);
      expect((await read(connection, 2)).rows).toEqual([{ value: 20 }]);
      await sql`update counters set value = value + ${5} where id = ${1}`.execute(connection);
      expect((await read(connection, 1)).rows).toEqual([{ value: 15 }]);
      const statements = await prepared(connection);
      expect(statements.filter((text) => text.includes('select value from counters'))).toHaveLength(
        1,
      );
      // `select *` stays unnamed: what it returns changes with the table.
      await sql`select * from counters where id = ${1}`.execute(connection);
      expect((await prepared(connection)).some((text) => text.includes('select *'))).toBe(false);
    });
  });

  it('keeps answering while another instance adds a column, and after a column changes type', async () => {
    await db.connection().execute(async (connection) => {
      expect((await read(connection, 2)).rows).toEqual([{ value: 20 }]);
      await sql`alter table counters add column label text`.execute(other);
      expect((await read(connection, 2)).rows).toEqual([{ value: 20 }]);
      const everything = await sql`select * from counters where id = ${2}`.execute(connection);
      expect(everything.rows).toEqual([{ id: 2, value: 20, label: null }]);

      // A changed type changes what the cached statement returns: PostgreSQL refuses that call
      // once; the statement is then prepared again.
      await sql`alter table counters alter column value type bigint`.execute(other);
      await expect(read(connection, 2)).rejects.toThrow(/cached plan must not change result type/);
      expect((await read(connection, 2)).rows).toEqual([{ value: 20 }]);
    });
  });

  it('keeps at most 200 statements per connection, and still answers an evicted one', async () => {
    await db.connection().execute(async (connection) => {
      for (let i = 0; i < 250; i++) {
        await sql`select ${i}::int + 0 as ${sql.ref(`n${i}`)}`.execute(connection);
      }
      expect((await prepared(connection)).length).toBeLessThanOrEqual(200);
      expect((await read(connection, 1)).rows).toEqual([{ value: 15 }]);
      const first = await sql<{ n0: number }>`select ${7}::int + 0 as n0`.execute(connection);
      expect(first.rows).toEqual([{ n0: 7 }]);
    });
  });
});
