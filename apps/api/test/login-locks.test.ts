import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { LoginLock } from '@balcao/contract';
import { buildApp, type App } from '../src/app.ts';
import { FREE_ACCOUNT_ATTEMPTS, THROTTLE_WINDOW_SECONDS } from '../src/auth/login-throttle.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/types.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createUser, login, postToken, type CreatedUser } from './helpers/fixtures.ts';

// The admin sees and clears the login limits' locks (issue #41), on two API instances over one
// database, as behind a load balancer: what one instance locked, the other shows and clears.
let t: TestContext;
let otherDb: Kysely<Database>;
let other: App;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  otherDb = openDatabase(t.config.databaseUrl).db;
  other = await buildApp({ config: t.config, db: otherDb });
  await other.ready();
  const admin = await createUser(t.db, { permissions: ['System'] });
  adminHeaders = bearer((await login(t.app, admin)).access_token);
});
afterAll(async () => {
  await other.close();
  await otherDb.destroy();
  await t.close();
});

const WRONG = 'errada-123';
let addressCounter = 0;
const newAddress = (): string => `198.51.100.${++addressCounter}`;

/** 10 wrong passwords from 10 addresses, on the first instance: the account is locked. */
async function lockAccount(user: CreatedUser): Promise<string[]> {
  const addresses = Array.from({ length: FREE_ACCOUNT_ATTEMPTS }, newAddress);
  for (const address of addresses) {
    const answer = await postToken(
      t.app,
      { grant_type: 'password', username: user.username, password: WRONG },
      address,
    );
    expect(answer.statusCode).toBe(400);
  }
  return addresses;
}

const locks = async (app: App) => {
  const answer = await app.inject({
    method: 'GET',
    url: '/api/users/login-locks',
    headers: adminHeaders,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ data: LoginLock[] }>().data;
};

const unlock = (app: App, userId: number, headers = adminHeaders) =>
  app.inject({ method: 'DELETE', url: `/api/users/${userId}/login-lock`, headers });

describe('seeing and clearing a locked account', () => {
  it('lists the locked account on the other instance, and clearing it lets its addresses in', async () => {
    const user = await createUser(t.db);
    const addresses = await lockAccount(user);
    const signIn = (app: App) =>
      postToken(
        app,
        { grant_type: 'password', username: user.username, password: user.password },
        addresses[0],
      );
    expect((await signIn(other)).statusCode).toBe(429);

    expect(await locks(other)).toContainEqual({
      userId: user.id,
      username: user.username,
      failures: FREE_ACCOUNT_ATTEMPTS,
    });
    expect((await unlock(other, user.id)).statusCode).toBe(204);

    expect((await locks(t.app)).map((lock) => lock.userId)).not.toContain(user.id);
    expect((await signIn(t.app)).statusCode).toBe(200);
    const logged = await t.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity', '=', 'users')
      .where('entity_id', '=', String(user.id))
      .execute();
    expect(logged).toEqual([
      {
        action: 'desbloquear_login',
        before: JSON.stringify({ bloqueado: true, falhas: FREE_ACCOUNT_ATTEMPTS }),
        after: JSON.stringify({ bloqueado: false, falhas: 0 }),
      },
    ]);
    t.clock.advance(THROTTLE_WINDOW_SECONDS);
  });

  it('shows a user whose one address is past its free tries; forgets a lock after 15 minutes', async () => {
    const user = await createUser(t.db);
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      await postToken(
        t.app,
        { grant_type: 'password', username: user.username, password: WRONG },
        address,
      );
    }
    expect(await locks(t.app)).toContainEqual({
      userId: user.id,
      username: user.username,
      failures: 5,
    });
    t.clock.advance(THROTTLE_WINDOW_SECONDS);
    expect((await locks(t.app)).map((lock) => lock.userId)).not.toContain(user.id);
  });

  it('refuses a user that is not locked (400), an unknown id (404) and anyone but System (403)', async () => {
    const user = await createUser(t.db);
    const free = await unlock(t.app, user.id);
    expect(free.statusCode).toBe(400);
    expect(free.json().error_description).toBe('O acesso deste usuário não está bloqueado.');
    const missing = await unlock(t.app, 2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_description).toBe('Usuário não encontrado.');

    await lockAccount(user);
    const clerk = await createUser(t.db, { permissions: ['Participant', 'Report', 'Checkout'] });
    const headers = bearer((await login(t.app, clerk)).access_token);
    expect((await unlock(t.app, user.id, headers)).statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/users/login-locks', headers });
    expect(list.statusCode).toBe(403);
    expect((await locks(t.app)).map((lock) => lock.userId)).toContain(user.id);
    t.clock.advance(THROTTLE_WINDOW_SECONDS);
  });
});
