import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { TokenResponse, TotpConfirmation, TotpEnrolment, TotpStatus } from '@balcao/contract';
import {
  FREE_ACCOUNT_ATTEMPTS,
  FREE_ATTEMPTS,
  THROTTLE_WINDOW_SECONDS,
} from '../src/auth/login-throttle.ts';
import { randomBytes } from 'node:crypto';
import { resealTotpSecrets } from '../src/auth/totp-key-rotation.ts';
import { openTotpSecret, sealTotpSecret } from '../src/totp-secret-box.ts';
import { up as sealSecrets } from '../src/db/migrations/20261125100000_totp_secret_sealed.ts';
import { bearer, createUser, login, postToken, type CreatedUser } from './helpers/fixtures.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

// Issue #17: optional TOTP per user, recovery codes, required of System users by a setting.
let t: TestContext;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The authenticator's code for the test clock's instant (plus `offset` seconds). */
const codeFor = (secret: string, offset = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offset });

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const withCode = (user: CreatedUser, totp_code: string, remoteAddress?: string) =>
  postToken(
    t.app,
    { grant_type: 'password', username: user.username, password: user.password, totp_code },
    remoteAddress,
  );

/** Enrols `user` through the API; returns the secret and the recovery codes. */
async function enrol(user: CreatedUser) {
  const { access_token: token } = await login(t.app, user);
  const started = await call('POST', '/api/account/totp/enrol', token);
  expect(started.statusCode, started.body).toBe(200);
  const enrolment = started.json<TotpEnrolment>();
  const confirmed = await call('POST', '/api/account/totp/confirm', token, {
    code: await codeFor(enrolment.secret),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  t.clock.advance(30); // the next login uses the next code: one code is never accepted twice
  return { token, secret: enrolment.secret, ...confirmed.json<TotpConfirmation>() };
}

describe('TOTP enrolment', () => {
  it('shows the secret and a QR code, confirms with a code and gives 10 recovery codes', async () => {
    const user = await createUser(t.db);
    const { access_token: token } = await login(t.app, user);
    const status = await call('GET', '/api/account/totp', token);
    expect(status.json<TotpStatus>()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
    });
    const enrolment = (await call('POST', '/api/account/totp/enrol', token)).json<TotpEnrolment>();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(enrolment.otpauthUrl).toContain('otpauth://totp/');
    expect(enrolment.otpauthUrl).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/);

    const wrong = await call('POST', '/api/account/totp/confirm', token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_description).toMatch(/Código inválido/);

    const confirmed = await call('POST', '/api/account/totp/confirm', token, {
      code: await codeFor(enrolment.secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = confirmed.json<TotpConfirmation>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Stored hashed, never as given.
    const stored = await t.db
      .selectFrom('user_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.code_hash)).not.toContain(recoveryCodes[0]);
    expect(stored[0]!.code_hash).toMatch(/^\$argon2id\$/);
    expect((await call('GET', '/api/account/totp', token)).json<TotpStatus>()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    const again = await call('POST', '/api/account/totp/enrol', token);
    expect(again.statusCode).toBe(400);
    // The audit log says it was turned on, never with the secret.
    const logged = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity', '=', 'users')
      .where('entity_id', '=', String(user.id))
      .execute();
    expect(logged).toEqual([{ action: 'ativar_2fa', after: '{"totp":true}' }]);
  });
});

describe('TOTP login', () => {
  it('asks an old client for the code with a clear pt-BR error, after the password only', async () => {
    const user = await createUser(t.db);
    await enrol(user);
    const noCode = await postToken(t.app, {
      grant_type: 'password',
      username: user.username,
      password: user.password,
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toEqual({
      error: 'totp_required',
      error_description:
        'Este usuário usa autenticação em dois fatores: informe o código do aplicativo autenticador ou um código de recuperação.',
    });
    // A wrong password says nothing about the second factor.
    const wrongPassword = await postToken(t.app, {
      grant_type: 'password',
      username: user.username,
      password: 'errada-123',
    });
    expect(wrongPassword.json().error).toBe('invalid_grant');
  });

  it('signs in with the current code, refuses a wrong one and the same code twice', async () => {
    const user = await createUser(t.db);
    const { secret } = await enrol(user);
    const wrong = await withCode(user, '123456');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Código de autenticação inválido ou já usado.',
    });
    const code = await codeFor(secret);
    const ok = await withCode(user, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<TokenResponse>().totp_enrolment_required).toBe(false);
    const replay = await withCode(user, code);
    expect(replay.statusCode).toBe(400);
  });

  it('accepts each recovery code once, then disables with a code', async () => {
    const user = await createUser(t.db);
    const { recoveryCodes, secret } = await enrol(user);
    const first = await withCode(user, recoveryCodes[3]!.toUpperCase());
    expect(first.statusCode, first.body).toBe(200);
    const reused = await withCode(user, recoveryCodes[3]!);
    expect(reused.statusCode).toBe(400);
    const token = first.json<TokenResponse>().access_token;
    expect(
      (await call('GET', '/api/account/totp', token)).json<TotpStatus>().recoveryCodesLeft,
    ).toBe(9);

    const disabled = await call('POST', '/api/account/totp/disable', token, {
      code: await codeFor(secret),
    });
    expect(disabled.statusCode, disabled.body).toBe(204);
    expect((await login(t.app, user)).access_token).toBeTruthy();
  });

  it('counts code attempts in the login throttle', async () => {
    const user = await createUser(t.db);
    const { secret } = await enrol(user);
    for (let i = 0; i < FREE_ATTEMPTS; i++) {
      expect((await withCode(user, '000000', '10.9.9.9')).statusCode).toBe(400);
    }
    const throttled = await withCode(user, await codeFor(secret), '10.9.9.9');
    expect(throttled.statusCode).toBe(429);
  });
});

describe('guessing the code to disable TOTP (issue #23)', () => {
  it('is throttled per account, from any address', async () => {
    const user = await createUser(t.db);
    const { token, secret } = await enrol(user);
    const disable = (code: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/totp/disable',
        headers: bearer(token),
        payload: { code },
        remoteAddress,
      });
    for (let i = 0; i < FREE_ACCOUNT_ATTEMPTS; i++) {
      expect((await disable('000000', `198.51.100.${i + 1}`)).statusCode).toBe(400);
    }
    expect((await disable('000000', '198.51.100.100')).statusCode).toBe(429);
    expect((await disable(await codeFor(secret), '198.51.100.200')).statusCode).toBe(429);
    t.clock.advance(THROTTLE_WINDOW_SECONDS);
  });
});

const storedSecret = (userId: number) =>
  t.db.selectFrom('users').select('totp_secret').where('id', '=', userId).executeTakeFirstOrThrow();

describe('TOTP secrets at rest', () => {
  it('are stored sealed (AES-256-GCM), and the login with a code still works', async () => {
    const user = await createUser(t.db);
    const { secret } = await enrol(user);
    const stored = await storedSecret(user.id);
    expect(stored.totp_secret).toMatch(/^v1\./);
    expect(stored.totp_secret).not.toContain(secret);
    expect(openTotpSecret([t.config.totpKey], stored.totp_secret!)).toBe(secret);
    expect((await withCode(user, await codeFor(secret))).statusCode).toBe(200);
  });

  it('the migration seals a secret stored in plain text, and its login keeps working', async () => {
    const user = await createUser(t.db);
    const { secret } = await enrol(user);
    await t.db
      .updateTable('users')
      .set({ totp_secret: secret })
      .where('id', '=', user.id)
      .execute();
    await sealSecrets(t.db, t.dialect, {
      sealTotpSecret: (plain) => sealTotpSecret(t.config.totpKey, plain),
    });
    const stored = await storedSecret(user.id);
    expect(stored.totp_secret).toMatch(/^v1\./);
    expect((await withCode(user, await codeFor(secret))).statusCode).toBe(200);
  });
});

describe('Rotating BALCAO_TOTP_KEY (BALCAO_TOTP_PREVIOUS_KEYS)', () => {
  const sealUnder = (userId: number, key: Buffer, secret: string) =>
    t.db
      .updateTable('users')
      .set({ totp_secret: sealTotpSecret(key, secret) })
      .where('id', '=', userId)
      .execute();

  it("seals a previous key's secrets under the current one at startup; their logins go on", async () => {
    const previousKey = randomBytes(32);
    const rotated = await createUser(t.db);
    const { secret } = await enrol(rotated);
    await sealUnder(rotated.id, previousKey, secret);
    const lost = await createUser(t.db);
    await sealUnder(lost.id, randomBytes(32), (await enrol(lost)).secret);

    const { unreadable } = await resealTotpSecrets(t.db, t.config.totpKey, [previousKey]);
    expect(unreadable).toEqual([lost.id]);
    const stored = await storedSecret(rotated.id);
    expect(openTotpSecret([t.config.totpKey], stored.totp_secret!)).toBe(secret);
    expect((await withCode(rotated, await codeFor(secret))).statusCode).toBe(200);
    await t.db.updateTable('users').set({ totp_secret: null }).where('id', '=', lost.id).execute();
  });

  it('once a real key is set, leaves no secret under the development key', async () => {
    const user = await createUser(t.db);
    const { secret } = await enrol(user); // under the test app's key: the development one
    const realKey = randomBytes(32);
    await resealTotpSecrets(t.db, realKey, []);
    const stored = await storedSecret(user.id);
    expect(openTotpSecret([realKey], stored.totp_secret!)).toBe(secret);
    expect(() => openTotpSecret([t.config.totpKey], stored.totp_secret!)).toThrow();
    // Back under the test app's key (as a rotation back would), for the tests that follow.
    await resealTotpSecrets(t.db, t.config.totpKey, [realKey]);
    expect((await withCode(user, await codeFor(secret))).statusCode).toBe(200);
  });
});

describe('POST /api/users/{id}/totp/reset (System)', () => {
  it("turns a locked-out user's TOTP off, ends their logins and is audited", async () => {
    const user = await createUser(t.db);
    const { token: oldToken } = await enrol(user);
    const admin = await createUser(t.db, { permissions: ['System'] });
    const { access_token: adminToken } = await login(t.app, admin);
    const clerk = await createUser(t.db, { permissions: ['Event'] });
    const { access_token: clerkToken } = await login(t.app, clerk);

    const refused = await call('POST', `/api/users/${user.id}/totp/reset`, clerkToken);
    expect(refused.statusCode).toBe(403);
    const reset = await call('POST', `/api/users/${user.id}/totp/reset`, adminToken);
    expect(reset.statusCode, reset.body).toBe(204);

    expect((await call('GET', '/api/account/totp', oldToken)).statusCode).toBe(401);
    const signedIn = await postToken(t.app, {
      grant_type: 'password',
      username: user.username,
      password: user.password,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { access_token: newToken } = signedIn.json<TokenResponse>();
    expect((await call('GET', '/api/account/totp', newToken)).json<TotpStatus>()).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['username', 'action', 'before', 'after'])
      .where('entity', '=', 'users')
      .where('entity_id', '=', String(user.id))
      .where('action', '=', 'redefinir_2fa')
      .executeTakeFirstOrThrow();
    expect(audited).toMatchObject({ username: admin.username });
    expect(JSON.parse(audited.after!)).toEqual({ totp: false });
    const csv = await call('GET', '/api/audit/csv?entidade=users', adminToken);
    expect(csv.body).toContain('Redefinição da autenticação em dois fatores');

    const again = await call('POST', `/api/users/${user.id}/totp/reset`, adminToken);
    expect(again.statusCode).toBe(400);
    expect(again.json().error_description).toBe(
      'A autenticação em dois fatores deste usuário não está ativa.',
    );
    const own = await call('POST', `/api/users/${admin.id}/totp/reset`, adminToken);
    expect(own.statusCode).toBe(400);
    const unknown = await call('POST', '/api/users/999999/totp/reset', adminToken);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('TOTP required for System users', () => {
  it('sends a System user without TOTP to enrol before anything else', async () => {
    const admin = await createUser(t.db, { permissions: ['System'] });
    const adminToken = (await login(t.app, admin)).access_token;
    const clerk = await createUser(t.db, { permissions: ['Report'] });
    const other = await createUser(t.db, { permissions: ['System'] });
    const otherToken = (await login(t.app, other)).access_token;

    const refused = await call(
      'PUT',
      '/api/security/settings',
      (await login(t.app, clerk)).access_token,
      {
        requireTotpForSystem: true,
      },
    );
    expect(refused.statusCode).toBe(403);
    const turnedOn = await call('PUT', '/api/security/settings', adminToken, {
      requireTotpForSystem: true,
    });
    expect(turnedOn.json()).toEqual({ requireTotpForSystem: true });
    // Other System users without TOTP are signed out; the one who turned it on is not.
    expect((await call('GET', '/api/account/totp', otherToken)).statusCode).toBe(401);
    expect((await call('GET', '/api/security/settings', adminToken)).statusCode).toBe(200);

    const answer = await login(t.app, other);
    expect(answer.totp_enrolment_required).toBe(true);
    const blocked = await call('GET', '/api/security/settings', answer.access_token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe('totp_enrolment_required');
    const status = await call('GET', '/api/account/totp', answer.access_token);
    expect(status.json<TotpStatus>()).toMatchObject({ enabled: false, required: true });
    const enrolment = (
      await call('POST', '/api/account/totp/enrol', answer.access_token)
    ).json<TotpEnrolment>();
    const confirmed = await call('POST', '/api/account/totp/confirm', answer.access_token, {
      code: await codeFor(enrolment.secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The same login now reaches everything; disabling is refused while required.
    expect((await call('GET', '/api/security/settings', answer.access_token)).statusCode).toBe(200);
    t.clock.advance(30);
    const disable = await call('POST', '/api/account/totp/disable', answer.access_token, {
      code: await codeFor(enrolment.secret),
    });
    expect(disable.statusCode).toBe(400);
    expect(disable.json().error_description).toMatch(/obrigatória/);

    // A user without System is not affected.
    expect((await login(t.app, clerk)).totp_enrolment_required).toBe(false);
    await call('PUT', '/api/security/settings', adminToken, { requireTotpForSystem: false });
  });
});
