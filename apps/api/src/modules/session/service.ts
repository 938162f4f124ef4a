import type { Kysely } from 'kysely';
import { TOTP_REQUIRED_ERROR, type TokenResponse } from '@balcao/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { ApiError, invalidRequest } from '../../http/api-error.ts';
import {
  countLoginAttempt,
  failedAttempt,
  forgiveLoginAttempt,
  throttleKeys,
} from '../../auth/login-throttle.ts';
import { verifyAgainstDecoy, verifyPassword } from '../../auth/passwords.ts';
import { loadPermissions, loadSignedInUser } from '../../auth/signed-in-user.ts';
import { totpRequiredForSystem, useSecondFactor } from '../../auth/totp.ts';
import { openTotpSecret, totpKeys } from '../../totp-secret-box.ts';
import {
  issueTokens,
  purgeExpiredTokens,
  revokeFamily,
  rotateRefreshToken,
  type IssuedTokens,
} from '../../auth/tokens.ts';

export interface TokenRequestBody {
  grant_type?: string;
  username?: string;
  password?: string;
  refresh_token?: string;
  /** The second factor: the authenticator's 6 digits or a recovery code. */
  totp_code?: string;
}

type TokenSettings = Pick<Config, 'accessTokenTtl' | 'refreshTokenTtl' | 'now' | 'totpKey'>;

// Same text for unknown user, wrong password and inactive user: nothing to learn by probing.
const badCredentials = (): ApiError =>
  new ApiError(400, 'invalid_grant', 'Usuário ou senha inválidos.');
const sessionExpired = (): ApiError =>
  new ApiError(400, 'invalid_grant', 'Sessão expirada. Entre novamente.');
// Said only once the password was right. A client that knows no second step shows this text.
const totpRequired = (): ApiError =>
  new ApiError(
    400,
    TOTP_REQUIRED_ERROR,
    'Este usuário usa autenticação em dois fatores: informe o código do aplicativo autenticador ou um código de recuperação.',
  );
const badTotpCode = (): ApiError =>
  new ApiError(400, 'invalid_grant', 'Código de autenticação inválido ou já usado.');

/** POST /api/token: the password grant signs in, the refresh_token grant renews a login. */
export async function grantTokens(
  db: Kysely<Database>,
  settings: TokenSettings,
  body: TokenRequestBody,
  clientAddress: string,
): Promise<TokenResponse> {
  const grantType = body.grant_type ?? (body.refresh_token ? 'refresh_token' : 'password');
  if (grantType === 'password') return passwordGrant(db, settings, body, clientAddress);
  if (grantType === 'refresh_token') return refreshGrant(db, settings, body.refresh_token);
  throw invalidRequest("O campo 'grant_type' deve ser password ou refresh_token.");
}

async function passwordGrant(
  db: Kysely<Database>,
  settings: TokenSettings,
  { username, password, totp_code: totpCode }: TokenRequestBody,
  clientAddress: string,
): Promise<TokenResponse> {
  if (!username) throw invalidRequest("O campo 'username' é obrigatório.");
  if (!password) throw invalidRequest("O campo 'password' é obrigatório.");
  const now = settings.now();
  const attempt = await countLoginAttempt(db, throttleKeys(username, clientAddress), now);

  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'active', 'totp_secret', 'totp_last_step'])
    .where('username', '=', username)
    .executeTakeFirst();
  const passwordMatches = user
    ? await verifyPassword(user.password_hash, password)
    : await verifyAgainstDecoy(password).then(() => false);
  // The attempt stays counted.
  if (!user || !passwordMatches || !user.active) throw failedAttempt(attempt, badCredentials);
  // The second step is the same call with the code added; each try is a counted attempt too.
  const { totp_secret: totpSecret } = user;
  if (totpSecret !== null) {
    if (!totpCode?.trim()) throw totpRequired();
    const secret = openTotpSecret(totpKeys(settings.totpKey), totpSecret);
    if (!(await useSecondFactor(db, { ...user, totp_secret: secret }, totpCode, now))) {
      throw failedAttempt(attempt, badTotpCode);
    }
  }

  await forgiveLoginAttempt(db, attempt);
  await purgeExpiredTokens(db, now);
  const enrolmentOnly = totpSecret === null && (await mustEnrolTotp(db, user.id));
  const tokens = await issueTokens(db, user.id, settings, now, undefined, enrolmentOnly);
  return tokenResponse(db, user.id, tokens, settings.accessTokenTtl, badCredentials);
}

/** A System user without TOTP while the administrator requires it: the login may only enrol. */
async function mustEnrolTotp(db: Kysely<Database>, userId: number): Promise<boolean> {
  if (!(await totpRequiredForSystem(db))) return false;
  return (await loadPermissions(db, userId)).includes('System');
}

async function refreshGrant(
  db: Kysely<Database>,
  settings: TokenSettings,
  refreshToken: string | undefined,
): Promise<TokenResponse> {
  if (!refreshToken) throw invalidRequest("O campo 'refresh_token' é obrigatório.");
  const outcome = await rotateRefreshToken(db, refreshToken, settings, settings.now());
  if (outcome.kind !== 'rotated') throw sessionExpired();
  return tokenResponse(db, outcome.userId, outcome.tokens, settings.accessTokenTtl, sessionExpired);
}

async function tokenResponse(
  db: Kysely<Database>,
  userId: number,
  tokens: IssuedTokens,
  expiresIn: number,
  whenUserGone: () => ApiError,
): Promise<TokenResponse> {
  const user = await loadSignedInUser(db, userId);
  if (!user) throw whenUserGone(); // deactivated between the check and now
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    token_type: 'Bearer',
    issue_date: tokens.issuedAt.toISOString(),
    expires_in: expiresIn,
    user_id: user.id,
    accept_header: 'application/json',
    username: user.username,
    name: user.name,
    permissions: user.permissions,
    center: user.center,
    totp_enrolment_required: tokens.totpEnrolmentOnly,
  };
}

/** POST /api/token/revoke: ends the caller's login, every token of it. */
export function revokeLogin(db: Kysely<Database>, familyId: string, now: Date): Promise<void> {
  return revokeFamily(db, familyId, now);
}
