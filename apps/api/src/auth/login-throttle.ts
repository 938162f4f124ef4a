import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { ApiError } from '../http/api-error.ts';

// Login limits (issue #23, docs/api-foundation.md "Login limits"). Every refusal names one
// username: an address is never refused as a whole, so the desks of a venue behind one NAT address
// keep signing in whatever someone else at that address does.

/** Password checks one username gets from one address before the waits begin. */
export const FREE_ATTEMPTS = 5;
/** Password checks one username gets from all addresses together before the waits begin. */
export const FREE_ACCOUNT_ATTEMPTS = 10;
/** The wait before the first attempt past the free ones; it doubles with each further attempt. */
export const FIRST_WAIT_SECONDS = 30;
/**
 * Failed logins one address may have across usernames before it loses its free attempts (a spray
 * of usernames): past this, each username gets one free try at that address instead of five.
 */
export const MAX_ADDRESS_FAILURES = 30;
export const THROTTLE_WINDOW_SECONDS = 15 * 60;

export interface ThrottleKeys {
  /** The username (case-insensitive) at one address: where guessing is slowed down first. */
  pair: string;
  /** The username from every address: distributed guessing. */
  account: string;
  address: string;
}

export function throttleKeys(username: string, address: string): ThrottleKeys {
  const name = username.trim().toLowerCase();
  return { pair: `pair:${name}|${address}`, account: `account:${name}`, address: `ip:${address}` };
}

/** The rows one attempt added; a successful login removes them. */
export interface CountedAttempt {
  keys: ThrottleKeys;
  ids: number[];
}

const windowStart = (now: Date): string =>
  new Date(now.getTime() - THROTTLE_WINDOW_SECONDS * 1000).toISOString();

const secondsUntil = (instant: number, now: Date): number =>
  Math.max(1, Math.ceil((instant - now.getTime()) / 1000));

/**
 * Counts a login attempt (or a check of a signed-in user's password or code) BEFORE it is checked,
 * and refuses it with 429 when it is over a limit. The rows are written first and counted after, so
 * of any number of simultaneous attempts the k-th to be written counts at least k: no burst, from
 * one address or many, gets more checks than the limits. Refused attempts take their rows back (a
 * refusal costs no check, so it is not counted). The rows live in the database, so every API
 * instance behind a load balancer sees them.
 * (The table keeps its first name, login_failures: its rows are attempts not yet forgiven.)
 */
export async function countLoginAttempt(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  now: Date,
): Promise<CountedAttempt> {
  const stamp = now.toISOString();
  await db.deleteFrom('login_failures').where('failed_at', '<=', windowStart(now)).execute();
  const rows = await db
    .insertInto('login_failures')
    .values(
      [keys.pair, keys.account, keys.address].map((key) => ({
        throttle_key: key,
        failed_at: stamp,
      })),
    )
    .returning('id')
    .execute();
  const attempt = { keys, ids: rows.map((row) => row.id) };
  const spraying = (await countOthers(db, keys.address, attempt.ids)) >= MAX_ADDRESS_FAILURES;
  const waits = [
    await waitSeconds(db, keys.pair, attempt.ids, spraying ? 1 : FREE_ATTEMPTS, now),
    await waitSeconds(db, keys.account, attempt.ids, FREE_ACCOUNT_ATTEMPTS, now),
  ];
  const wait = Math.max(...waits);
  if (wait > 0) {
    await forget(db, attempt.ids);
    throw tooManyAttempts(wait);
  }
  return attempt;
}

/**
 * A success forgives the username at that address and the attempt itself. The account's other
 * failures stay counted for their window: whoever made them, they were guesses at this account.
 */
export async function forgiveLoginAttempt(
  db: Kysely<Database>,
  attempt: CountedAttempt,
): Promise<void> {
  await db.deleteFrom('login_failures').where('throttle_key', '=', attempt.keys.pair).execute();
  await forget(db, attempt.ids);
}

/**
 * A check of a signed-in user's own secret (current password, TOTP code) counted like a login
 * attempt of that username at that address: a stolen session guesses no faster than a login could.
 * `check` answers undefined when the secret is wrong; the attempt then stays counted.
 */
export async function throttledCheck<T>(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  now: Date,
  check: () => Promise<T | undefined>,
  wrong: () => ApiError,
): Promise<T> {
  const attempt = await countLoginAttempt(db, keys, now);
  const outcome = await check();
  if (outcome === undefined) throw wrong();
  await forgiveLoginAttempt(db, attempt);
  return outcome;
}

async function forget(db: Kysely<Database>, ids: number[]): Promise<void> {
  await db.deleteFrom('login_failures').where('id', 'in', ids).execute();
}

async function countOthers(db: Kysely<Database>, key: string, ids: number[]): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('throttle_key', '=', key)
    .where('id', 'not in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Seconds this attempt must still wait under one key: past `free` attempts, each one waits 30 s,
 * 1 min, 2 min... after the latest (at most the window); 0 when it may go on.
 */
async function waitSeconds(
  db: Kysely<Database>,
  key: string,
  ids: number[],
  free: number,
  now: Date,
): Promise<number> {
  const others = await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('throttle_key', '=', key)
    .where('id', 'not in', ids)
    .orderBy('failed_at', 'desc')
    .execute();
  if (others.length < free) return 0;
  const wait = Math.min(THROTTLE_WINDOW_SECONDS, FIRST_WAIT_SECONDS * 2 ** (others.length - free));
  const freeAt = new Date(others[0]!.failed_at).getTime() + wait * 1000;
  return freeAt > now.getTime() ? secondsUntil(freeAt, now) : 0;
}

function tooManyAttempts(retryAfter: number): ApiError {
  return new ApiError(
    429,
    'too_many_requests',
    'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.',
    { 'retry-after': String(retryAfter) },
  );
}
