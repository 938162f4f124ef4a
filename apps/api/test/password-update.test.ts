import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_INVALID } from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { FREE_ACCOUNT_ATTEMPTS, THROTTLE_WINDOW_SECONDS } from '../src/auth/login-throttle.ts';
import { bearer, createUser, login, postToken } from './helpers/fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const update = (accessToken: string, payload: Record<string, string>, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/password/update',
    headers: bearer(accessToken),
    payload,
    remoteAddress,
  });

const invalid = (description: string) => ({
  error: 'invalid_request',
  error_description: description,
});

describe('password update', () => {
  it('refuses a wrong current password', async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user);
    const response = await update(token.access_token, {
      currentPassword: 'nao-e-essa',
      newPassword: 'nova-senha-1',
      newPasswordConfirmation: 'nova-senha-1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid('Senha atual incorreta.'));
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user);
    const response = await update(token.access_token, {
      currentPassword: user.password,
      newPassword: 'curta7!',
      newPasswordConfirmation: 'curta7!',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid('A nova senha deve ter pelo menos 8 caracteres.'));
  });

  it('refuses a confirmation that differs', async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user);
    const response = await update(token.access_token, {
      currentPassword: user.password,
      newPassword: 'nova-senha-1',
      newPasswordConfirmation: 'nova-senha-2',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid('A confirmação não confere com a nova senha.'));
  });

  it('names a missing field', async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user);
    const response = await update(token.access_token, { currentPassword: user.password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid("O campo 'newPassword' é obrigatório."));
  });

  it('changes the password, ends the other logins and keeps this one', async () => {
    const user = await createUser(t.db);
    const here = await login(t.app, user);
    const elsewhere = await login(t.app, user);

    const response = await update(here.access_token, {
      currentPassword: user.password,
      newPassword: 'nova-senha-segura',
      newPasswordConfirmation: 'nova-senha-segura',
    });

    expect(response.statusCode).toBe(204);
    const listWith = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/events/list', headers: bearer(token) });
    expect((await listWith(here.access_token)).statusCode).toBe(200);
    expect((await listWith(elsewhere.access_token)).json()).toEqual(TOKEN_INVALID);
    const refreshElsewhere = await postToken(t.app, {
      grant_type: 'refresh_token',
      refresh_token: elsewhere.refresh_token,
    });
    expect(refreshElsewhere.statusCode).toBe(400);

    const oldPassword = await postToken(t.app, {
      grant_type: 'password',
      username: user.username,
      password: user.password,
    });
    expect(oldPassword.statusCode).toBe(400);
    await login(t.app, { username: user.username, password: 'nova-senha-segura' });
  });
});

describe('guessing the current password (issue #23)', () => {
  it('is throttled per account like a login, from any address, with a pt-BR 429', async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user);
    const change = (currentPassword: string, address: string) =>
      update(
        token.access_token,
        { currentPassword, newPassword: 'nova-senha-1', newPasswordConfirmation: 'nova-senha-1' },
        address,
      );
    for (let i = 0; i < FREE_ACCOUNT_ATTEMPTS; i++) {
      const guess = await change(`chute-${i}`, `198.51.100.${i + 1}`);
      expect(guess.json()).toEqual(invalid('Senha atual incorreta.'));
    }
    const refused = await change('mais-um-chute', '198.51.100.100');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'too_many_requests',
      error_description: 'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.',
    });
    expect(refused.headers['retry-after']).toBe('30');

    // The right password waits too, then changes it.
    const waiting = await change(user.password, '198.51.100.200');
    expect(waiting.statusCode).toBe(429);
    t.clock.advance(Number(waiting.headers['retry-after']));
    expect((await change(user.password, '198.51.100.200')).statusCode).toBe(204);
    t.clock.advance(THROTTLE_WINDOW_SECONDS);
  });

  it('lets at most 10 of 30 simultaneous guesses from 30 addresses be checked', async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        update(
          token.access_token,
          {
            currentPassword: `chute-${i}`,
            newPassword: 'nova-senha-1',
            newPasswordConfirmation: 'nova-senha-1',
          },
          `198.51.100.${i + 1}`,
        ),
      ),
    );
    const checked = guesses.filter((answer) => answer.statusCode === 400).length;
    expect(checked).toBeLessThanOrEqual(FREE_ACCOUNT_ATTEMPTS);
    expect(guesses.filter((answer) => answer.statusCode === 429)).toHaveLength(30 - checked);
    t.clock.advance(THROTTLE_WINDOW_SECONDS);
  });
});
