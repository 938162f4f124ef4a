import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.ts';
import { migrationsFor } from '../../src/db/migrations/index.ts';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file: a temporary SQLite file, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  return process.env.BALCAO_TEST_DB === 'postgres'
    ? createPostgresDatabase()
    : createSqliteDatabase();
}

export type OpenDatabase = ReturnType<typeof openDatabase> & { close(): Promise<void> };

/**
 * A database of its own migrated only up to `migration` (included), as an install that has not
 * updated yet: a migration's test stores the old rows, then runs the rest (`migrateToLatest`).
 */
export async function openMigratedTo(migration: string): Promise<OpenDatabase> {
  const database = await createTestDatabase();
  const opened = openDatabase(database.url);
  const close = async () => {
    await opened.db.destroy();
    await database.drop();
  };
  const migrator = new Migrator({
    db: opened.db,
    // The migrations the tests stop after seal no TOTP secret.
    provider: {
      getMigrations: async () =>
        migrationsFor(opened.dialect, { sealTotpSecret: (secret) => secret }),
    },
  });
  const { error } = await migrator.migrateTo(migration);
  if (error) {
    await close();
    throw error;
  }
  return { ...opened, close };
}

async function createSqliteDatabase(): Promise<TestDatabase> {
  const folder = await mkdtemp(path.join(tmpdir(), 'balcao-test-'));
  return {
    url: `sqlite:${path.join(folder, 'balcao.db')}`,
    drop: () => rm(folder, { recursive: true, force: true }),
  };
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL_TEST;
  if (!serverUrl) throw new Error('DATABASE_URL_TEST não definida para o projeto postgres.');
  const name = `balcao_test_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropDatabase(serverUrl, name),
  };
}

/**
 * Drops a test database once the app's pool has let go of it. Forcing at once could kill a
 * connection the pool is still closing, whose error would then surface in another test.
 */
async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await runOnServer(serverUrl, `drop database if exists ${name}`);
      return;
    } catch (error) {
      const inUse = (error as { code?: unknown }).code === '55006';
      if (!inUse) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
}

async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
