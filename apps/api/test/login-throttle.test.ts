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
const WRONG = 'errada-123';

const attempt = (username: string, password: string, address: string) =>
  postToken(t.app, { grant_type: 'password', username, password }, address);

let addressCounter = 0;
const newAddress = (): string => `192.0.2.${++addressCounter}`;

/** Moves past every window so one test's attempts cannot touch the next. */
const forget = () => t.clock.advance(WINDOW_SECONDS);

describe('login throttling by username and address', () => {
  it('gives 5 free tries, then growing waits, to one username from one address', async () => {
    const user = await createUser(t.db);
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      expect((await attempt(user.username, WRONG, address)).statusCode).toBe(400);
    }
    const locked = await attempt(user.username, user.password, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(TOO_MANY);
    expect(locked.headers['retry-after']).toBe('30');

    t.clock.advance(30);
    expect((await attempt(user.username, WRONG, address)).statusCode).toBe(400);
    const longer = await attempt(user.username, user.password, address);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('60');

    t.clock.advance(59);
    expect((await attempt(user.username, user.password, address)).statusCode).toBe(429);
    t.clock.advance(1);
    expect((await attempt(user.username, user.password, address)).statusCode).toBe(200);
    forget();
  });

  it('lets the right password in from another address while someone fails on the username', async () => {
    const user = await createUser(t.db);
    const attacker = newAddress();
    for (let i = 0; i < 12; i++) await attempt(user.username, WRONG, attacker);
    expect((await attempt(user.username, user.password, attacker)).statusCode).toBe(429);
    expect((await attempt(user.username, user.password, newAddress())).statusCode).toBe(200);
    forget();
  });

  it('counts usernames case-insensitively', async () => {
    const user = await createUser(t.db, { username: uniqueName('Caixa') });
    const address = newAddress();
    for (let i = 0; i < 5; i++) await attempt(user.username.toUpperCase(), WRONG, address);
    expect((await attempt(user.username, user.password, address)).statusCode).toBe(429);
    forget();
  });

  it('lets desks behind one address make typos: 30 failures across usernames lock the address', async () => {
    const venue = newAddress();
    const desks = await Promise.all([createUser(t.db), createUser(t.db)]);
    for (let i = 0; i < 5; i++) await attempt(desks[0].username, WRONG, venue);
    expect((await attempt(desks[1].username, desks[1].password, venue)).statusCode).toBe(200);

    for (let i = 0; i < 25; i++) await attempt(uniqueName('tentativa'), WRONG, venue);
    const locked = await attempt(desks[1].username, desks[1].password, venue);
    expect(locked.json()).toEqual(TOO_MANY);
    expect(Number(locked.headers['retry-after'])).toBe(WINDOW_SECONDS);
    expect((await attempt(desks[1].username, desks[1].password, newAddress())).statusCode).toBe(
      200,
    );

    forget();
    expect((await attempt(desks[1].username, desks[1].password, venue)).statusCode).toBe(200);
  });

  it('forgives the failures of a username at an address after it signs in there', async () => {
    const user = await createUser(t.db);
    const address = newAddress();
    for (let i = 0; i < 4; i++) await attempt(user.username, WRONG, address);
    expect((await attempt(user.username, user.password, address)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await attempt(user.username, WRONG, address);
    expect((await attempt(user.username, user.password, address)).statusCode).toBe(200);
    forget();
  });

  it('applies the limits on every API instance sharing the database', async () => {
    const user = await createUser(t.db);
    const address = newAddress();
    for (let i = 0; i < 5; i++) await attempt(user.username, WRONG, address);
    const secondInstance = await buildApp({ config: t.config, db: t.db });
    try {
      const response = await postToken(
        secondInstance,
        { grant_type: 'password', username: user.username, password: user.password },
        address,
      );
      expect(response.statusCode).toBe(429);
    } finally {
      await secondInstance.close();
    }
    forget();
  });
});

describe('a burst of simultaneous logins', () => {
  it('30 wrong passwords at once get at most 5 password checks', async () => {
    const user = await createUser(t.db);
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => attempt(user.username, WRONG, address)),
    );
    const checked = answers.filter((answer) => answer.statusCode === 400).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(30 - checked);
    forget();
  });

  it('refuses the right password sent at once after 19 wrong ones', async () => {
    const user = await createUser(t.db);
    const address = newAddress();
    const burst = await Promise.all([
      ...Array.from({ length: 19 }, () => attempt(user.username, WRONG, address)),
      attempt(user.username, user.password, address),
    ]);
    const right = burst.at(-1)!;
    expect(right.statusCode).toBe(429);
    forget();
  });
});
