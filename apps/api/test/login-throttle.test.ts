import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { createUser, postToken, uniqueName } from './helpers/fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const TOO_MANY = {
  error: 'too_many_requests',
  error_description: 'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.',
};
const WINDOW_SECONDS = 15 * 60;

const attempt = (username: string, password: string, address: string) =>
  postToken(t.app, { grant_type: 'password', username, password }, address);

let addressCounter = 0;
const newAddress = (): string => `192.0.2.${++addressCounter}`;

describe('login throttling', () => {
  it('locks a username after 5 failures from anywhere, then lets it in when the window passes', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i++) {
      expect((await attempt(user.username, 'errada-123', newAddress())).statusCode).toBe(400);
    }

    const locked = await attempt(user.username, user.password, newAddress());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(TOO_MANY);
    expect(Number(locked.headers['retry-after'])).toBe(WINDOW_SECONDS);

    t.clock.advance(WINDOW_SECONDS - 1);
    expect((await attempt(user.username, user.password, newAddress())).statusCode).toBe(429);

    t.clock.advance(1);
    expect((await attempt(user.username, user.password, newAddress())).statusCode).toBe(200);
  });

  it('counts usernames case-insensitively', async () => {
    const user = await createUser(t.db, { username: uniqueName('Caixa') });
    for (let i = 0; i < 5; i++) {
      await attempt(user.username.toUpperCase(), 'errada-123', newAddress());
    }
    expect((await attempt(user.username, user.password, newAddress())).statusCode).toBe(429);
    t.clock.advance(WINDOW_SECONDS);
  });

  it('locks a client address after 5 failures across usernames; other addresses still sign in', async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      await attempt(uniqueName('tentativa'), 'errada-123', address);
    }
    const user = await createUser(t.db);

    expect((await attempt(user.username, user.password, address)).json()).toEqual(TOO_MANY);
    expect((await attempt(user.username, user.password, newAddress())).statusCode).toBe(200);

    t.clock.advance(WINDOW_SECONDS);
    expect((await attempt(user.username, user.password, address)).statusCode).toBe(200);
  });

  it('forgives a username’s failures after a successful login', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 4; i++) await attempt(user.username, 'errada-123', newAddress());
    expect((await attempt(user.username, user.password, newAddress())).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await attempt(user.username, 'errada-123', newAddress());
    expect((await attempt(user.username, user.password, newAddress())).statusCode).toBe(200);
  });

  it('applies the lock on every API instance sharing the database', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i++) await attempt(user.username, 'errada-123', newAddress());
    const secondInstance = await buildApp({ config: t.config, db: t.db });
    try {
      const response = await postToken(
        secondInstance,
        { grant_type: 'password', username: user.username, password: user.password },
        newAddress(),
      );
      expect(response.statusCode).toBe(429);
    } finally {
      await secondInstance.close();
    }
  });
});
