import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '@balcao/contract';
import type { Database } from '../db/types.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

// Two-factor login (issue #17): RFC 6238 TOTP (SHA-1, 6 digits, 30 s) as every authenticator
// app reads it, and one-time recovery codes hashed like passwords.

export const TOTP_ISSUER = 'Balcão';
/** One step either side of now is accepted: a phone's clock a little off still signs in. */
const TOLERANCE_SECONDS = 30;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i to misread

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(username: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: username, secret });
}

/** The time step a 6-digit code matches for this secret, or undefined. */
export async function matchingStep(
  secret: string,
  code: string,
  now: Date,
  afterStep?: number,
): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === undefined ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined; // a TOTP result
}

/**
 * Accepts a code of the user's confirmed secret once: the step it matched is stored with a
 * conditional update, so neither a replay nor two simultaneous requests use one code twice.
 */
export async function useTotpCode(
  db: Kysely<Database>,
  user: { id: number; totp_secret: string; totp_last_step: number | string | null },
  code: string,
  now: Date,
): Promise<boolean> {
  const last = user.totp_last_step === null ? undefined : Number(user.totp_last_step);
  const step = await matchingStep(user.totp_secret, code, now, last);
  if (step === undefined) return false;
  const marked = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', user.id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return marked.numUpdatedRows > 0n;
}

/** Ten fresh codes like 'k7m2p-x9qrt'; the caller stores their hashes and shows them once. */
export function newRecoveryCodes(): string[] {
  const part = () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
      '',
    );
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

const normalizeRecoveryCode = (code: string): string =>
  code.trim().toLowerCase().replace(/[\s-]/g, '');

export function hashRecoveryCode(code: string): Promise<string> {
  return hashPassword(normalizeRecoveryCode(code));
}

/** Uses one of the user's unused recovery codes: true once per code, false for anything else. */
export async function useRecoveryCode(
  db: Kysely<Database>,
  userId: number,
  code: string,
  now: Date,
): Promise<boolean> {
  const plain = normalizeRecoveryCode(code);
  if (!/^[a-z0-9]{10}$/.test(plain)) return false;
  const unused = await db
    .selectFrom('user_recovery_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  const matches = await Promise.all(unused.map((row) => verifyPassword(row.code_hash, plain)));
  const found = unused.find((_row, index) => matches[index]);
  if (!found) return false;
  const marked = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('id', '=', found.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return marked.numUpdatedRows > 0n;
}

/** A login's second factor: the authenticator's 6 digits, or else a recovery code. */
export async function useSecondFactor(
  db: Kysely<Database>,
  user: { id: number; totp_secret: string; totp_last_step: number | string | null },
  code: string,
  now: Date,
): Promise<boolean> {
  const text = code.trim();
  return /^\d{6}$/.test(text)
    ? useTotpCode(db, user, text, now)
    : useRecoveryCode(db, user.id, text, now);
}

/** Whether the administrator requires TOTP of users with the System permission. */
export async function totpRequiredForSystem(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('security_settings')
    .select('require_totp_for_system')
    .where('id', '=', 1)
    .executeTakeFirst();
  return Boolean(row?.require_totp_for_system);
}
