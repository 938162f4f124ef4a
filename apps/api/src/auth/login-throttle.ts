import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { ApiError } from '../http/api-error.ts';

/** Failed logins allowed per username and per client address within the window. */
export const MAX_FAILED_LOGINS = 5;
export const THROTTLE_WINDOW_SECONDS = 15 * 60;

export interface ThrottleKeys {
  user: string;
  address: string;
}

/** Usernames are compared case-insensitively here so 'Admin' and 'admin' share one counter. */
export function throttleKeys(username: string, address: string): ThrottleKeys {
  return { user: `user:${username.trim().toLowerCase()}`, address: `ip:${address}` };
}

const windowStart = (now: Date): string =>
  new Date(now.getTime() - THROTTLE_WINDOW_SECONDS * 1000).toISOString();

/**
 * Refuses with 429 while either key has MAX_FAILED_LOGINS failures inside the window. The state
 * lives in the database, so every API instance behind a load balancer sees the same counts.
 */
export async function assertLoginAllowed(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  now: Date,
): Promise<void> {
  const since = windowStart(now);
  for (const key of [keys.user, keys.address]) {
    const failures = await db
      .selectFrom('login_failures')
      .select('failed_at')
      .where('throttle_key', '=', key)
      .where('failed_at', '>', since)
      .orderBy('failed_at', 'desc')
      .limit(MAX_FAILED_LOGINS)
      .execute();
    const oldest = failures.at(MAX_FAILED_LOGINS - 1);
    if (oldest) throw tooManyAttempts(oldest.failed_at, now);
  }
}

export async function recordLoginFailure(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  now: Date,
): Promise<void> {
  const stamp = now.toISOString();
  await db.deleteFrom('login_failures').where('failed_at', '<=', windowStart(now)).execute();
  await db
    .insertInto('login_failures')
    .values([
      { throttle_key: keys.user, failed_at: stamp },
      { throttle_key: keys.address, failed_at: stamp },
    ])
    .execute();
}

/** A successful login forgives the username's failures (the address keeps its own count). */
export async function clearLoginFailures(db: Kysely<Database>, keys: ThrottleKeys): Promise<void> {
  await db.deleteFrom('login_failures').where('throttle_key', '=', keys.user).execute();
}

function tooManyAttempts(oldestCountedFailure: string, now: Date): ApiError {
  const freeAt = new Date(oldestCountedFailure).getTime() + THROTTLE_WINDOW_SECONDS * 1000;
  const retryAfter = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  return new ApiError(
    429,
    'too_many_requests',
    'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.',
    { 'retry-after': String(retryAfter) },
  );
}
