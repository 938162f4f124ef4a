import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { ApiError } from '../http/api-error.ts';

/** Password checks one username gets from one address before the waits begin. */
export const FREE_ATTEMPTS = 5;
/** The wait before the first attempt past the free ones; it doubles with each further attempt. */
export const FIRST_WAIT_SECONDS = 30;
/** Failed logins one address may have across usernames: a venue's desks share one NAT address. */
export const MAX_ADDRESS_FAILURES = 30;
export const THROTTLE_WINDOW_SECONDS = 15 * 60;

export interface ThrottleKeys {
  /** The username (case-insensitive) at one address: where guessing is slowed down. */
  pair: string;
  address: string;
}

export function throttleKeys(username: string, address: string): ThrottleKeys {
  return { pair: `pair:${username.trim().toLowerCase()}|${address}`, address: `ip:${address}` };
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
 * Counts a login attempt BEFORE its password is checked, and refuses it with 429 when it is over
 * a limit. The row is written first and the rows counted after, so of any number of simultaneous
 * attempts the k-th to be written counts at least k: no burst gets more checks than the limits.
 * Refused attempts take their rows back (a refusal costs no password check, so it is not counted).
 * The rows live in the database, so every API instance behind a load balancer sees them.
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
    .values([
      { throttle_key: keys.pair, failed_at: stamp },
      { throttle_key: keys.address, failed_at: stamp },
    ])
    .returning('id')
    .execute();
  const attempt = { keys, ids: rows.map((row) => row.id) };
  const refusal = (await pairRefusal(db, attempt, now)) ?? (await addressRefusal(db, keys, now));
  if (refusal) {
    await forget(db, attempt.ids);
    throw refusal;
  }
  return attempt;
}

/** A successful login forgives the username at that address, and its attempt at the address. */
export async function forgiveLoginAttempt(
  db: Kysely<Database>,
  attempt: CountedAttempt,
): Promise<void> {
  await db.deleteFrom('login_failures').where('throttle_key', '=', attempt.keys.pair).execute();
  await forget(db, attempt.ids);
}

async function forget(db: Kysely<Database>, ids: number[]): Promise<void> {
  await db.deleteFrom('login_failures').where('id', 'in', ids).execute();
}

/** Past the free attempts, each one must wait 30 s, 1 min, 2 min... (at most the window). */
async function pairRefusal(
  db: Kysely<Database>,
  { keys, ids }: CountedAttempt,
  now: Date,
): Promise<ApiError | undefined> {
  const others = await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('throttle_key', '=', keys.pair)
    .where('id', 'not in', ids)
    .orderBy('failed_at', 'desc')
    .execute();
  if (others.length < FREE_ATTEMPTS) return undefined;
  const waitSeconds = Math.min(
    THROTTLE_WINDOW_SECONDS,
    FIRST_WAIT_SECONDS * 2 ** (others.length - FREE_ATTEMPTS),
  );
  const freeAt = new Date(others[0]!.failed_at).getTime() + waitSeconds * 1000;
  return freeAt > now.getTime() ? tooManyAttempts(secondsUntil(freeAt, now)) : undefined;
}

async function addressRefusal(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  now: Date,
): Promise<ApiError | undefined> {
  const counted = await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('throttle_key', '=', keys.address)
    .orderBy('failed_at', 'asc')
    .execute();
  if (counted.length <= MAX_ADDRESS_FAILURES) return undefined;
  const freeAt = new Date(counted[0]!.failed_at).getTime() + THROTTLE_WINDOW_SECONDS * 1000;
  return tooManyAttempts(secondsUntil(freeAt, now));
}

function tooManyAttempts(retryAfter: number): ApiError {
  return new ApiError(
    429,
    'too_many_requests',
    'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.',
    { 'retry-after': String(retryAfter) },
  );
}
