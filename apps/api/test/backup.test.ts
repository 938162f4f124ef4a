import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupPath } from '../src/db/backup.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/** `npm run backup` on the configured database: SQLite while a writer writes, or pg_dump. */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);
let database: TestDatabase;
let folder: string;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await mkdtemp(path.join(tmpdir(), 'balcao-backups-'));
  const { db, dialect } = openDatabase(database.url);
  await migrateToLatest(db, dialect);
  await db.destroy();
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await database.drop();
});

const backup = () =>
  run('npm', ['run', '--silent', 'backup'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database.url, BACKUP_DIR: folder },
  });

/** The file and size `npm run backup` printed. */
function printed(stdout: string): { file: string; bytes: number } {
  const line = /Cópia de segurança gravada: (\S+) \(.* MB, (\d+) bytes\)/.exec(stdout);
  if (!line) throw new Error(`saída inesperada: ${stdout}`);
  return { file: line[1]!, bytes: Number(line[2]) };
}

describe.runIf(process.env.BALCAO_TEST_DB !== 'postgres')('npm run backup (SQLite)', () => {
  it('copies every committed row while a writer keeps writing; the copy passes integrity_check', async () => {
    const file = database.url.slice('sqlite:'.length);
    const writer = new SqliteDatabase(file);
    writer.pragma('busy_timeout = 5000');
    writer.exec('create table backup_probe (id integer primary key, payload text not null)');
    const insert = writer.prepare('insert into backup_probe (payload) values (?)');
    const payload = (id: number) => `linha ${id} `.repeat(200);
    // Some megabytes first, so the copy has many pages to read while the writes go on.
    writer.transaction(() => {
      for (let id = 1; id <= 3000; id++) insert.run(payload(id));
    })();

    let committed = 3000;
    let writing = true;
    const writes = (async () => {
      while (writing) {
        insert.run(payload(++committed)); // each insert its own committed transaction
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const before = committed;
    const { stdout } = await backup();
    const after = committed;
    writing = false;
    await writes;
    writer.close();

    const copy = printed(stdout);
    expect(path.dirname(copy.file)).toBe(folder);
    expect(path.basename(copy.file)).toMatch(/^balcao-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.db$/);
    expect(copy.bytes).toBeGreaterThan(1_000_000);
    expect(after).toBeGreaterThan(before); // the writer really wrote during the backup

    const restored = new SqliteDatabase(copy.file, { readonly: true });
    try {
      expect(restored.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = restored.prepare('select id, payload from backup_probe order by id').all() as {
        id: number;
        payload: string;
      }[];
      // One consistent moment: every row committed before the backup began, then a gapless run.
      expect(rows.length).toBeGreaterThanOrEqual(before);
      expect(rows.length).toBeLessThanOrEqual(after);
      rows.forEach((row, index) =>
        expect(row).toEqual({ id: index + 1, payload: payload(index + 1) }),
      );
      // The app's own tables came along.
      expect(restored.prepare('select count(*) as n from users').get()).toEqual({ n: 0 });
    } finally {
      restored.close();
    }
  });

  it('never overwrites an earlier copy made in the same second', async () => {
    const at = new Date('2026-11-23T20:15:00.400Z');
    const first = backupPath(folder, at, 'db');
    expect(path.basename(first)).toBe('balcao-2026-11-23T20-15-00.db');
    await writeFile(first, '');
    expect(path.basename(backupPath(folder, at, 'db'))).toBe('balcao-2026-11-23T20-15-00-2.db');
  });
});

describe.runIf(process.env.BALCAO_TEST_DB === 'postgres')('npm run backup (PostgreSQL)', () => {
  it('writes a pg_dump custom-format file that pg_restore can read', async () => {
    const copy = printed((await backup()).stdout);
    expect(path.basename(copy.file)).toMatch(/^balcao-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.dump$/);
    const { stdout } = await run('pg_restore', ['--list', copy.file]);
    expect(stdout).toMatch(/TABLE public orders /);
  });
});
