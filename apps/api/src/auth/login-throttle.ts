import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { ApiError } from '../http/api-error.ts';
import { waitAsLongAsACheck } from './passwords.ts';

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
/**
 * While an account is locked, an address that has not failed on it still gets its password
 * checked (the owner signs in), but one such check per account in this many seconds: the owner
 * waits at most this long, a guesser with many addresses gets one guess per this many seconds.
 */
export const CLEAN_CHECK_SECONDS = 2;

export interface ThrottleKeys {
  /** The username (case-insensitive) at one address: where guessing is slowed down first. */
  pair: string;
  /** The username from every address: distributed guessing. */
  account: string;
  address: string;
  /** The checks of a locked account from addresses that had not failed on it. */
  clean: string;
}

const normalized = (username: string): string => username.trim().toLowerCase();

export function throttleKeys(username: string, address: string): ThrottleKeys {
  const name = normalized(username);
  return {
    pair: `pair:${name}|${address}`,
    account: `account:${name}`,
    address: `ip:${address}`,
    clean: `clean:${name}`,
  };
}

/** The rows one attempt added; a successful login removes them. */
export interface CountedAttempt {
  keys: ThrottleKeys;
  ids: number[];
  /**
   * Set when the account was locked and this address had not failed on it: the secret is checked,
   * and a wrong one answers the lock's 429 (with these seconds), as a refused attempt does.
   */
  lockedFor?: number;
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
 *
 * Past the account's free attempts (issue #41), the account's waits refuse only the addresses that
 * failed on it: an address that has not is checked, one at a time per CLEAN_CHECK_SECONDS, so the
 * owner's right password goes in while a guesser needs a new address for each guess; its wrong
 * guess answers the same 429 as a refusal, after as long as a check, so neither the answer nor its
 * time tells a checked guess from a refused one.
 * (The table keeps its first name, login_failures: its rows are attempts not yet forgiven.)
 */
export async function countLoginAttempt(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  now: Date,
): Promise<CountedAttempt> {
  await db.deleteFrom('login_failures').where('failed_at', '<=', windowStart(now)).execute();
  const attempt: CountedAttempt = {
    keys,
    ids: await addRows(db, [keys.pair, keys.account, keys.address], now),
  };
  const refuse = async (wait: number): Promise<never> => {
    await forget(db, attempt.ids);
    await waitAsLongAsACheck();
    throw tooManyAttempts(wait);
  };
  const spraying = (await countOthers(db, keys.address, attempt.ids)) >= MAX_ADDRESS_FAILURES;
  const pairWait = await waitSeconds(db, keys.pair, attempt.ids, spraying ? 1 : FREE_ATTEMPTS, now);
  if (pairWait > 0) return refuse(pairWait);
  const accountWait = await waitSeconds(db, keys.account, attempt.ids, FREE_ACCOUNT_ATTEMPTS, now);
  if (accountWait === 0) return attempt;
  if ((await countOthers(db, keys.pair, attempt.ids)) > 0) return refuse(accountWait);
  attempt.ids.push(...(await addRows(db, [keys.clean], now)));
  const lastCheck = await latestOther(db, keys.clean, attempt.ids);
  const spacing = lastCheck + CLEAN_CHECK_SECONDS * 1000 - now.getTime();
  if (spacing > 0) return refuse(secondsUntil(now.getTime() + spacing, now));
  attempt.lockedFor = accountWait;
  return attempt;
}

/**
 * The error a wrong secret answers: the caller's own (400), or the lock's 429 when the account was
 * locked and only checked because this address had not failed on it.
 */
export function failedAttempt(attempt: CountedAttempt, wrong: () => ApiError): ApiError {
  return attempt.lockedFor === undefined ? wrong() : tooManyAttempts(attempt.lockedFor);
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
  if (outcome === undefined) throw failedAttempt(attempt, wrong);
  await forgiveLoginAttempt(db, attempt);
  return outcome;
}

async function addRows(db: Kysely<Database>, keys: string[], now: Date): Promise<number[]> {
  const stamp = now.toISOString();
  const rows = await db
    .insertInto('login_failures')
    .values(keys.map((key) => ({ throttle_key: key, failed_at: stamp })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The instant (ms) of the latest row under a key but these, or -Infinity when there is none. */
async function latestOther(db: Kysely<Database>, key: string, ids: number[]): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('throttle_key', '=', key)
    .where('id', 'not in', ids)
    .orderBy('failed_at', 'desc')
    .executeTakeFirst();
  return row ? new Date(row.failed_at).getTime() : -Infinity;
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

/** An account some limit holds: the admin sees it in 'Usuários' and may clear it. */
export interface AccountLock {
  /** The username as the limits count it (trimmed, lower case). */
  name: string;
  /** Failed attempts on the account in the last 15 minutes, from every address. */
  failures: number;
}

const PAIR = /^pair:(.*)\|[^|]*$/;

/**
 * The accounts a limit holds now: past the account's free attempts, or with an address past its
 * own (that address waits).
 */
export async function accountLocks(db: Kysely<Database>, now: Date): Promise<AccountLock[]> {
  const rows = await db
    .selectFrom('login_failures')
    .select(['throttle_key', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('failed_at', '>', windowStart(now))
    .where((eb) =>
      eb.or([eb('throttle_key', 'like', 'account:%'), eb('throttle_key', 'like', 'pair:%')]),
    )
    .groupBy('throttle_key')
    .execute();
  const failures = new Map<string, number>();
  const held = new Set<string>();
  for (const row of rows) {
    const count = Number(row.count);
    const pair = PAIR.exec(row.throttle_key);
    if (pair) {
      if (count >= FREE_ATTEMPTS) held.add(pair[1]!);
    } else {
      const name = row.throttle_key.slice('account:'.length);
      failures.set(name, count);
      if (count >= FREE_ACCOUNT_ATTEMPTS) held.add(name);
    }
  }
  return [...held].sort().map((name) => ({ name, failures: failures.get(name) ?? 0 }));
}

/** Forgets every attempt on a username (its account, each address, the checks): it is unlocked. */
export async function clearAccountLock(db: Kysely<Database>, username: string): Promise<void> {
  const keys = throttleKeys(username, '');
  const pairPrefix = keys.pair; // 'pair:<name>|' with the address left empty
  await db
    .deleteFrom('login_failures')
    .where((eb) =>
      eb.or([
        eb('throttle_key', 'in', [keys.account, keys.clean]),
        eb(sql<string>`substr(throttle_key, 1, ${pairPrefix.length})`, '=', pairPrefix),
      ]),
    )
    .execute();
}
