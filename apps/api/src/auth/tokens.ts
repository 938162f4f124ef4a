import { hash, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { compiledOnce } from '../db/compiled-query.ts';
import type { Database } from '../db/types.ts';
import { centerRef, type SignedInUser } from './signed-in-user.ts';
import { openTotpSecret, sealTotpSecret } from '../totp-secret-box.ts';

export interface TokenLifetimes {
  accessTokenTtl: number;
  refreshTokenTtl: number;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  issuedAt: Date;
  familyId: string;
  totpEnrolmentOnly: boolean;
}

/** Who an access token belongs to; the family is the login it came from. */
export interface AccessGrant {
  tokenId: number;
  familyId: string;
  user: Omit<SignedInUser, 'permissions'>;
  /** The user's `auth_version`: which cached permissions are still good (auth/permission-cache.ts). */
  authVersion: number;
  /** The login may only enrol TOTP (required of System users and not enrolled yet). */
  totpEnrolmentOnly: boolean;
}

export type RefreshOutcome =
  | { kind: 'rotated'; userId: number; tokens: IssuedTokens }
  /** Unknown, expired, revoked, or the user is gone or inactive. */
  | { kind: 'rejected' }
  /** A refresh token presented again past the grace window: someone else may hold it; the login was ended. */
  | { kind: 'reused' };

/** 256 random bits, URL-safe. Only its SHA-256 is stored, so a database leak yields no usable token. */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex'); // one call: no Hash object per request
}

const plusSeconds = (instant: Date, seconds: number): string =>
  new Date(instant.getTime() + seconds * 1000).toISOString();

/** A fresh pair of secrets, not yet stored. */
function newPair(): { accessToken: string; refreshToken: string } {
  return { accessToken: newSecret(), refreshToken: newSecret() };
}

/** Starts a login (new family) or continues one (familyId given) with a fresh token pair. */
export async function issueTokens(
  db: Kysely<Database>,
  userId: number,
  lifetimes: TokenLifetimes,
  now: Date,
  familyId: string = randomUUID(),
  totpEnrolmentOnly = false,
  { accessToken, refreshToken } = newPair(),
): Promise<IssuedTokens> {
  await db
    .insertInto('tokens')
    .values({
      family_id: familyId,
      user_id: userId,
      access_hash: hashSecret(accessToken),
      refresh_hash: hashSecret(refreshToken),
      issued_at: now.toISOString(),
      access_expires_at: plusSeconds(now, lifetimes.accessTokenTtl),
      refresh_expires_at: plusSeconds(now, lifetimes.refreshTokenTtl),
      totp_enrolment_only: totpEnrolmentOnly,
    })
    .execute();
  return { accessToken, refreshToken, issuedAt: now, familyId, totpEnrolmentOnly };
}

const accessGrantQuery = compiledOnce(2, (db: Kysely<Database>, accessHash, now) =>
  db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .leftJoin('centers', 'centers.id', 'users.center_id')
    .select([
      'tokens.id as tokenId',
      'tokens.family_id as familyId',
      'users.id as userId',
      'users.username',
      'users.name',
      'users.auth_version as authVersion',
      'tokens.totp_enrolment_only as totpEnrolmentOnly',
      'centers.id as centerId',
      'centers.name as centerName',
    ])
    .where('tokens.access_hash', '=', accessHash)
    .where('tokens.revoked_at', 'is', null)
    .where('tokens.access_expires_at', '>', now)
    .where('users.active', '=', true),
);

/**
 * The grant behind a live access token of an active user, with the user's own fields, or
 * undefined: the one query a signed-in request costs (permissions come from the cache it stamps).
 */
export async function findAccessGrant(
  db: Kysely<Database>,
  accessToken: string,
  now: Date,
): Promise<AccessGrant | undefined> {
  const [row] = await accessGrantQuery(db, hashSecret(accessToken), now.toISOString());
  if (!row) return undefined;
  return {
    tokenId: row.tokenId,
    familyId: row.familyId,
    authVersion: Number(row.authVersion),
    totpEnrolmentOnly: Boolean(row.totpEnrolmentOnly),
    user: {
      id: row.userId,
      username: row.username,
      name: row.name,
      center: centerRef(row.centerId, row.centerName),
    },
  };
}

/**
 * How long after its exchange a refresh token presented again still gets the pair that exchange
 * made: two tabs renewing at the same moment, or a retry after a lost answer. Past it, a second
 * exchange is a reuse (someone else may hold the token) and ends the login.
 */
export const REFRESH_GRACE_SECONDS = 10;

/**
 * The key the pair an exchange made is sealed under on the old token's row: derived from the old
 * refresh token, which only its holder has (the database keeps its SHA-256, a different value).
 */
const successorKey = (refreshToken: string): Buffer =>
  Buffer.from(hkdfSync('sha256', refreshToken, '', 'balcao-refresh-successor', 32));

function refreshRow(db: Kysely<Database>, refreshToken: string) {
  return db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select([
      'tokens.id',
      'tokens.family_id',
      'tokens.user_id',
      'tokens.refresh_expires_at',
      'tokens.rotated_at',
      'tokens.revoked_at',
      'tokens.successor_sealed',
      'tokens.totp_enrolment_only',
      'users.active',
    ])
    .where('tokens.refresh_hash', '=', hashSecret(refreshToken))
    .executeTakeFirst();
}

type RefreshRow = NonNullable<Awaited<ReturnType<typeof refreshRow>>>;

/**
 * Exchanges a refresh token for a new pair in the same family. The old refresh token is marked
 * used, with the new pair sealed beside it, by a conditional update, so of concurrent exchanges
 * (on any instance) exactly one makes a pair; the others, and any exchange within the grace
 * window, get that same pair. Later, presenting it again is a reuse and ends the login.
 */
export async function rotateRefreshToken(
  db: Kysely<Database>,
  refreshToken: string,
  lifetimes: TokenLifetimes,
  now: Date,
): Promise<RefreshOutcome> {
  const stamp = now.toISOString();
  const row = await refreshRow(db, refreshToken);
  if (!row || row.revoked_at !== null) return { kind: 'rejected' };
  if (row.rotated_at !== null) return sameSuccessor(db, row, refreshToken, now);
  if (row.refresh_expires_at <= stamp || !row.active) {
    await revokeFamily(db, row.family_id, now);
    return { kind: 'rejected' };
  }

  const pair = newPair();
  const sealed = sealTotpSecret(successorKey(refreshToken), JSON.stringify(pair)); // the same box
  const tokens = await db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('tokens')
      .set({ rotated_at: stamp, successor_sealed: sealed })
      .where('id', '=', row.id)
      .where('rotated_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (marked.numUpdatedRows === 0n) return undefined; // another exchange won
    const enrolmentOnly = Boolean(row.totp_enrolment_only);
    return issueTokens(trx, row.user_id, lifetimes, now, row.family_id, enrolmentOnly, pair);
  });
  if (tokens) return { kind: 'rotated', userId: row.user_id, tokens };
  const winner = await refreshRow(db, refreshToken);
  if (!winner || winner.revoked_at !== null) return { kind: 'rejected' };
  return sameSuccessor(db, winner, refreshToken, now);
}

/** A refresh token already exchanged: the same pair within the grace window, else a reuse. */
async function sameSuccessor(
  db: Kysely<Database>,
  row: RefreshRow,
  refreshToken: string,
  now: Date,
): Promise<RefreshOutcome> {
  const rotatedAt = new Date(row.rotated_at!).getTime();
  const withinGrace = now.getTime() - rotatedAt <= REFRESH_GRACE_SECONDS * 1000;
  if (!withinGrace || row.successor_sealed === null) {
    await revokeFamily(db, row.family_id, now);
    return { kind: 'reused' };
  }
  const pair = JSON.parse(
    openTotpSecret([successorKey(refreshToken)], row.successor_sealed),
  ) as ReturnType<typeof newPair>;
  const successor = await db
    .selectFrom('tokens')
    .select(['issued_at', 'revoked_at', 'totp_enrolment_only'])
    .where('access_hash', '=', hashSecret(pair.accessToken))
    .executeTakeFirst();
  if (!successor || successor.revoked_at !== null) return { kind: 'rejected' };
  return {
    kind: 'rotated',
    userId: row.user_id,
    tokens: {
      ...pair,
      issuedAt: new Date(successor.issued_at),
      familyId: row.family_id,
      totpEnrolmentOnly: Boolean(successor.totp_enrolment_only),
    },
  };
}

/** Ends one login: every token of the family stops working. */
export async function revokeFamily(
  db: Kysely<Database>,
  familyId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('tokens')
    .set({ revoked_at: now.toISOString() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every login of a user (disabled, or their password reset by an administrator), or every
 * login but one (the login changing its own password keeps working).
 */
export async function revokeUserLogins(
  db: Kysely<Database>,
  userId: number,
  now: Date,
  keepFamilyId?: string,
): Promise<void> {
  let query = db
    .updateTable('tokens')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepFamilyId !== undefined) query = query.where('family_id', '!=', keepFamilyId);
  await query.execute();
}

/** Drops pairs whose refresh token has expired: they can neither sign in nor be reused. */
export async function purgeExpiredTokens(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('tokens').where('refresh_expires_at', '<', now.toISOString()).execute();
}

/** A printer's or print agent's API key ('Token da API' in the places and printers tables). */
export const newApiToken = (): string => randomBytes(24).toString('base64url');
