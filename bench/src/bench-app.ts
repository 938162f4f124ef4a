import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp, type App, type AppDependencies } from '@balcao/api/src/app.ts';
import { loadConfig } from '@balcao/api/src/config.ts';
import { openDatabase } from '@balcao/api/src/db/database.ts';
import { migrateToLatest } from '@balcao/api/src/db/migrate.ts';
import { seed } from '@balcao/api/src/auth/seed.ts';
import type { Database } from '@balcao/api/src/db/types.ts';

export const ADMIN_PASSWORD = 'bench-admin-password';

export interface BenchApp {
  app: App;
  db: Kysely<Database>;
  /** The seeded admin's access token (every permission). */
  token: string;
  newEvent(name: string): Promise<number>;
  /** The event of that name a kept database (`keep`) already holds, or a new one. */
  eventNamed(name: string): Promise<{ id: number; kept: boolean }>;
  close(): Promise<void>;
}

/** A fresh database: a temporary SQLite file, or a new database on a PostgreSQL server. */
export async function benchDatabase(folder: string, postgresServer?: string, keep?: string) {
  if (!postgresServer) {
    return { url: `sqlite:${keep ?? path.join(folder, 'bench.db')}`, drop: async () => {} };
  }
  const name = keep ?? `balcao_bench_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresServer });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  if (keep !== undefined) {
    await onServer(`create database ${name}`).catch((error: { code?: string }) => {
      if (error.code !== '42P04') throw error; // 42P04: it exists already, reused
    });
    return { url: url.toString(), drop: async () => {} };
  }
  await onServer(`create database ${name}`);
  return {
    url: url.toString(),
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}

/**
 * The real app on a fresh, migrated and seeded database: a temporary SQLite file, or, given a
 * PostgreSQL server URL, a new database there (dropped on close).
 */
export interface BenchAppOptions {
  /** A PostgreSQL server URL: the app runs on a new database there instead of SQLite. */
  postgresServer?: string;
  /** A built SPA to serve beside the API (apps/web/dist); none by default. */
  webDist?: string;
  /**
   * A database kept after the run and reused by the next one (migrated to the latest schema):
   * a SQLite file path, or a database name on the PostgreSQL server. A new one by default.
   */
  keep?: string;
  /** The log level (silent by default) and where the log goes (stdout by default). */
  logLevel?: string;
  logStream?: AppDependencies['logStream'];
}

export async function startBenchApp(options: BenchAppOptions = {}): Promise<BenchApp> {
  const folder = await mkdtemp(path.join(tmpdir(), 'balcao-bench-'));
  const database = await benchDatabase(folder, options.postgresServer, options.keep);
  const databaseUrl = database.url;
  const config = {
    ...loadConfig({}),
    databaseUrl,
    adminPassword: ADMIN_PASSWORD,
    logLevel: options.logLevel ?? 'silent',
    // No overload guard: on a shared machine a slow startup would answer the first calls 503.
    maxEventLoopDelay: 0,
    webDist: options.webDist ?? path.join(folder, 'no-spa'),
  };
  const { db, dialect } = openDatabase(databaseUrl);
  await migrateToLatest(db, dialect);
  await seed(db, { adminUser: 'admin', adminPassword: ADMIN_PASSWORD, now: new Date() });
  const app = await buildApp({ config, db, logStream: options.logStream });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/token',
    payload: { grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD },
  });
  const stamp = new Date().toISOString();
  const newEvent = async (name: string) =>
    (
      await db
        .insertInto('events')
        .values({ name, date_created: stamp, date_updated: stamp })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return {
    app,
    db,
    token: login.json<{ access_token: string }>().access_token,
    newEvent,
    async eventNamed(name) {
      const kept = await db
        .selectFrom('events')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirst();
      return kept ? { id: kept.id, kept: true } : { id: await newEvent(name), kept: false };
    },
    async close() {
      await app.close();
      await db.destroy();
      await database.drop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

export const MiB = 1024 * 1024;
