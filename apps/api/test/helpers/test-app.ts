import { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DestinationStream } from 'pino';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type SqlDialect } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seed } from '../../src/auth/seed.ts';
import type { Database } from '../../src/db/types.ts';
import { createTestDatabase } from './test-database.ts';

export const ADMIN_PASSWORD = 'senha-do-admin-1';

/** A clock tests move by hand, to cross token expiry and throttle windows without sleeping. */
export class TestClock {
  #now = new Date('2025-03-10T12:00:00.000Z');

  readonly now = (): Date => new Date(this.#now);

  advance(seconds: number): void {
    this.#now = new Date(this.#now.getTime() + seconds * 1000);
  }
}

export interface TestContext {
  app: App;
  db: Kysely<Database>;
  dialect: SqlDialect;
  config: Config;
  clock: TestClock;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  /** Where the app's log goes (set `config.logLevel` too); pino's stdout otherwise. */
  logStream?: DestinationStream;
  /** Runs before the app is ready, e.g. to add a test-only route. */
  extend?: (app: App) => void;
}

/** The real app on a fresh, migrated and seeded database (SQLite or PostgreSQL per project). */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const clock = new TestClock();
  const config: Config = {
    ...loadConfig({}),
    databaseUrl: database.url,
    adminPassword: ADMIN_PASSWORD,
    logLevel: 'silent',
    webDist: '/nonexistent/balcao-web-dist',
    // Off unless a test turns it on: two busy CPUs must not make other tests' requests 503.
    maxEventLoopDelay: 0,
    // Tests sweep PSP charges when they mean to (sweepCharges), never behind another test's back.
    pixSweepInterval: 0,
    // Reports fold the sales before they read; report-fold.test.ts turns the background fold on.
    reportFoldInterval: 0,
    now: clock.now,
    ...options.config,
  };
  const { db, dialect } = openDatabase(config.databaseUrl);
  await migrateToLatest(db, dialect, config.totpKey);
  await seed(db, {
    adminUser: config.adminUser,
    adminPassword: config.adminPassword,
    now: clock.now(),
  });
  const app = await buildApp({ config, db, logStream: options.logStream });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    db,
    dialect,
    config,
    clock,
    async close() {
      await app.close();
      await db.destroy();
      await database.drop();
    },
  };
}

/** Another API instance on the test's database with its own pool: two desks behind a balancer. */
export interface SecondInstance {
  app: App;
  db: Kysely<Database>;
  close(): Promise<void>;
}

/** On PostgreSQL, a second instance of `t`'s app; none on SQLite (its file is one process's). */
export async function secondInstance(t: TestContext): Promise<SecondInstance | undefined> {
  if (t.dialect !== 'postgres') return undefined;
  const { db } = openDatabase(t.config.databaseUrl);
  const app = await buildApp({ config: t.config, db });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

/** A log stream for `startTestApp({ logStream })` that keeps every line it is written. */
export function collectedLog(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, lines };
}
