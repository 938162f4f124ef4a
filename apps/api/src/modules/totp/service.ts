import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type {
  SecuritySettings,
  TotpConfirmation,
  TotpEnrolment,
  TotpStatus,
} from '@balcao/contract';
import type { Auth } from '../../auth/access-control.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import { throttleKeys, throttledCheck } from '../../auth/login-throttle.ts';
import {
  hashRecoveryCode,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  totpRequiredForSystem,
  totpUri,
  useSecondFactor,
} from '../../auth/totp.ts';
import { revokeUserLogins } from '../../auth/tokens.ts';
import { openTotpSecret, sealTotpSecret, totpKeys } from '../../totp-secret-box.ts';
import type { Database } from '../../db/types.ts';
import { invalidRequest, notFound } from '../../http/api-error.ts';

type Db = Kysely<Database>;

const ALREADY_ENABLED =
  'A autenticação em dois fatores já está ativa. Desative-a antes de cadastrar outro aparelho.';
const NOT_ENROLLING = "Comece o cadastro com 'Ativar' antes de confirmar o código.";
const NOT_ENABLED = 'A autenticação em dois fatores não está ativa.';
const WRONG_CODE = 'Código inválido. Confira o horário do celular e digite o código atual.';
const REQUIRED =
  'A autenticação em dois fatores é obrigatória para usuários com a permissão Sistema e não pode ser desativada.';

const isRequiredFor = async (db: Db, auth: Auth): Promise<boolean> =>
  auth.user.permissions.includes('System') && (await totpRequiredForSystem(db));

async function totpRow(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'totp_secret', 'totp_pending_secret', 'totp_last_step'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** GET /account/totp */
export async function totpStatus(db: Db, auth: Auth): Promise<TotpStatus> {
  const user = await totpRow(db, auth.user.id);
  const left = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', auth.user.id)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    enabled: user.totp_secret !== null,
    recoveryCodesLeft: user.totp_secret === null ? 0 : Number(left.count),
    required: await isRequiredFor(db, auth),
  };
}

/**
 * POST /account/totp/enrol: a new pending secret, as text and QR code; the old one is dropped.
 * Stored sealed under `key` (config.totpKey), like the confirmed one.
 */
export async function startEnrolment(db: Db, auth: Auth, key: Buffer): Promise<TotpEnrolment> {
  const user = await totpRow(db, auth.user.id);
  if (user.totp_secret !== null) throw invalidRequest(ALREADY_ENABLED);
  const secret = newTotpSecret();
  await db
    .updateTable('users')
    .set({ totp_pending_secret: sealTotpSecret(key, secret) })
    .where('id', '=', auth.user.id)
    .execute();
  const otpauthUrl = totpUri(user.username, secret);
  return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1 }) };
}

/** Code checks outside the token call are counted like login attempts (auth/login-throttle.ts). */
const throttled = <T>(
  db: Db,
  auth: Auth,
  address: string,
  now: Date,
  check: () => Promise<T | undefined>,
): Promise<T> =>
  throttledCheck(db, throttleKeys(auth.user.username, address), now, check, () =>
    invalidRequest(WRONG_CODE),
  );

/**
 * POST /account/totp/confirm {code}: a code of the pending secret turns two-factor login on, gives
 * ten new recovery codes (shown this once, stored hashed) and lifts an enrolment-only login.
 */
export async function confirmEnrolment(
  db: Db,
  auth: Auth,
  actor: AuditActor,
  code: string,
  address: string,
  now: Date,
  key: Buffer,
): Promise<TotpConfirmation> {
  const user = await totpRow(db, auth.user.id);
  if (user.totp_secret !== null) throw invalidRequest(ALREADY_ENABLED);
  const pending = user.totp_pending_secret;
  if (pending === null) throw invalidRequest(NOT_ENROLLING);
  const secret = openTotpSecret(totpKeys(key), pending);
  const step = await throttled(db, auth, address, now, () =>
    matchingStep(secret, code.trim(), now),
  );
  const recoveryCodes = newRecoveryCodes();
  const hashes = await Promise.all(recoveryCodes.map(hashRecoveryCode));
  await db.transaction().execute(async (trx) => {
    const enabled = await trx
      .updateTable('users')
      .set({ totp_secret: pending, totp_pending_secret: null, totp_last_step: step })
      .where('id', '=', auth.user.id)
      .where('totp_secret', 'is', null)
      .where('totp_pending_secret', '=', pending)
      .executeTakeFirst();
    if (enabled.numUpdatedRows === 0n) throw invalidRequest(NOT_ENROLLING);
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', auth.user.id).execute();
    await trx
      .insertInto('user_recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: auth.user.id, code_hash })))
      .execute();
    await trx
      .updateTable('tokens')
      .set({ totp_enrolment_only: false })
      .where('user_id', '=', auth.user.id)
      .where('totp_enrolment_only', '=', true)
      .execute();
    await recordAudit(trx, actor, {
      entity: 'users',
      entityId: auth.user.id,
      action: 'ativar_2fa',
      after: { totp: true },
      at: now,
    });
  });
  return { recoveryCodes };
}

/** POST /account/totp/disable {code}: a current code or a recovery code turns it off. */
export async function disableTotp(
  db: Db,
  auth: Auth,
  actor: AuditActor,
  code: string,
  address: string,
  now: Date,
  key: Buffer,
): Promise<void> {
  const user = await totpRow(db, auth.user.id);
  if (user.totp_secret === null) throw invalidRequest(NOT_ENABLED);
  if (await isRequiredFor(db, auth)) throw invalidRequest(REQUIRED);
  const secret = openTotpSecret(totpKeys(key), user.totp_secret);
  await throttled(db, auth, address, now, async () =>
    (await useSecondFactor(db, { ...user, totp_secret: secret }, code, now)) ? true : undefined,
  );
  await db.transaction().execute(async (trx) => {
    await turnTotpOff(trx, actor, auth.user.id, 'desativar_2fa', now);
  });
}

/** Drops a user's secrets and recovery codes, audited as `action`. */
async function turnTotpOff(trx: Db, actor: AuditActor, userId: number, action: string, now: Date) {
  await trx
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null })
    .where('id', '=', userId)
    .execute();
  await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await recordAudit(trx, actor, {
    entity: 'users',
    entityId: userId,
    action,
    before: { totp: true },
    after: { totp: false },
    at: now,
  });
}

const USER_NOT_FOUND = 'Usuário não encontrado.';
const USER_NOT_ENABLED = 'A autenticação em dois fatores deste usuário não está ativa.';
const OWN_RESET =
  "Para redefinir a sua própria autenticação em dois fatores, use 'Autenticação em dois fatores' no topo da tela.";

/**
 * POST /users/{id}/totp/reset (System): for a user who lost the phone and the recovery codes.
 * Their secret and recovery codes go, their logins end (the phone may be in other hands), and
 * they sign in with the password alone (or are sent to enrol, when TOTP is required of them).
 */
export async function resetUserTotp(
  db: Db,
  auth: Auth,
  actor: AuditActor,
  userId: number,
  now: Date,
): Promise<void> {
  if (userId === auth.user.id) throw invalidRequest(OWN_RESET);
  const user = await db
    .selectFrom('users')
    .select(['id', 'totp_secret', 'totp_pending_secret'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound(USER_NOT_FOUND);
  if (user.totp_secret === null) throw invalidRequest(USER_NOT_ENABLED);
  await db.transaction().execute(async (trx) => {
    await turnTotpOff(trx, actor, userId, 'redefinir_2fa', now);
    await revokeUserLogins(trx, userId, now);
  });
}

/** GET /security/settings (System) */
export async function securitySettings(db: Db): Promise<SecuritySettings> {
  return { requireTotpForSystem: await totpRequiredForSystem(db) };
}

/**
 * PUT /security/settings (System). Turning the requirement on ends the logins of the System users
 * without TOTP (but the caller's own), so each is sent to enrol at their next sign-in.
 */
export async function updateSecuritySettings(
  db: Db,
  auth: Auth,
  actor: AuditActor,
  settings: SecuritySettings,
  now: Date,
): Promise<SecuritySettings> {
  const before = await securitySettings(db);
  const values = {
    require_totp_for_system: settings.requireTotpForSystem,
    updated_by: auth.user.id,
    updated_at: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('security_settings')
      .values({ id: 1, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
    await recordAudit(trx, actor, {
      entity: 'security_settings',
      entityId: 1,
      action: 'update',
      before: { ...before },
      after: { ...settings },
      at: now,
    });
    if (!settings.requireTotpForSystem) return;
    for (const { id } of await systemUsersWithoutTotp(trx)) {
      await revokeUserLogins(trx, id, now, id === auth.user.id ? auth.familyId : undefined);
    }
  });
  return securitySettings(db);
}

function systemUsersWithoutTotp(db: Db) {
  const direct = db
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
    .select('user_permissions.user_id as id')
    .where('permissions.name', '=', 'System');
  const fromProfiles = db
    .selectFrom('user_profiles')
    .innerJoin('profile_permissions', 'profile_permissions.profile_id', 'user_profiles.profile_id')
    .innerJoin('permissions', 'permissions.id', 'profile_permissions.permission_id')
    .select('user_profiles.user_id as id')
    .where('permissions.name', '=', 'System');
  return db
    .selectFrom('users')
    .select('id')
    .where('totp_secret', 'is', null)
    .where('id', 'in', direct.union(fromProfiles))
    .execute();
}
