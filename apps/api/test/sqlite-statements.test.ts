import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';

/** The SQLite connection reuses prepared statements; answers must stay those of each call. */
let folder: string;
let db: ReturnType<typeof openDatabase>['db'];

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'balcao-statements-'));
  db = openDatabase(`sqlite:${path.join(folder, 'test.db')}`).db;
  await sql`create table counters (id integer primary key, value integer not null)`.execute(db);
});
afterAll(async () => {
  await db.destroy();
  await rm(folder, { recursive: true, force: true });
});

const read = (id: number) =>
  sql<{ value: number }>`select value from counters where id = ${id}`.execute(db);

describe('SQLite statement reuse', () => {
  it('binds each call its own values and sees every write', async () => {
    await sql`insert into counters (id, value) values (${1}, ${10}), (${2}, ${20})`.execute(db);
    expect((await read(1)).rows).toEqual([{ value: 10 }]);
    expect((await read(2)).rows).toEqual([{ value: 20 }]);
    await sql`update counters set value = value + ${5} where id = ${1}`.execute(db);
    expect((await read(1)).rows).toEqual([{ value: 15 }]);
  });

  it('still answers a query whose statement was evicted, and after the schema changed', async () => {
    for (let i = 0; i < 600; i++) await sql.raw(`select ${i} as n`).execute(db);
    expect((await read(2)).rows).toEqual([{ value: 20 }]);
    await sql`alter table counters add column label text`.execute(db);
    expect((await read(2)).rows).toEqual([{ value: 20 }]);
  });
});
