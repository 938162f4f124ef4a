import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { buildApp, type App } from '@balcao/api/src/app.ts';
import { loadConfig } from '@balcao/api/src/config.ts';
import { openDatabase } from '@balcao/api/src/db/database.ts';
import { migrateToLatest } from '@balcao/api/src/db/migrate.ts';
import { seed } from '@balcao/api/src/db/seed.ts';
import type { Database } from '@balcao/api/src/db/types.ts';

export const ADMIN_PASSWORD = 'bench-admin-password';

export interface BenchApp {
  app: App;
  db: Kysely<Database>;
  /** The seeded admin's access token (every permission). */
  token: string;
  newEvent(name: string): Promise<number>;
  close(): Promise<void>;
}

export interface BenchAppOptions {
  /** A built SPA to serve beside the API (apps/web/dist); none by default. */
  webDist?: string;
}

/** The real app on a fresh, migrated and seeded temporary SQLite file. */
export async function startBenchApp(options: BenchAppOptions = {}): Promise<BenchApp> {
  const folder = await mkdtemp(path.join(tmpdir(), 'balcao-bench-'));
  const databaseUrl = `sqlite:${path.join(folder, 'bench.db')}`;
  const config = {
    ...loadConfig({}),
    databaseUrl,
    adminPassword: ADMIN_PASSWORD,
    logLevel: 'silent',
    webDist: options.webDist ?? path.join(folder, 'no-spa'),
  };
  const { db, dialect } = openDatabase(databaseUrl);
  await migrateToLatest(db, dialect);
  await seed(db, { adminUser: 'admin', adminPassword: ADMIN_PASSWORD, now: new Date() });
  const app = await buildApp({ config, db });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/token',
    payload: { grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD },
  });
  const stamp = new Date().toISOString();
  return {
    app,
    db,
    token: login.json<{ access_token: string }>().access_token,
    newEvent: async (name) =>
      (
        await db
          .insertInto('events')
          .values({ name, date_created: stamp, date_updated: stamp })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    async close() {
      await app.close();
      await db.destroy();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

export const MiB = 1024 * 1024;
