import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Instant, BoolWithDefault, Dated } from './columns.ts';

/** Users, profiles, permissions, tokens and login failures (auth/, session, password, totp, login-locks). */

export interface PermissionTable {
  id: Generated<number>;
  name: string;
}

export interface ProfileTable extends Dated {
  id: Generated<number>;
  name: string;
}

export interface ProfilePermissionTable {
  profile_id: number;
  permission_id: number;
}

export interface UserTable extends Dated {
  id: Generated<number>;
  username: string;
  name: string;
  password_hash: string;
  active: BoolWithDefault;
  center_id: number | null;
  /** Bumped with every change to the user's permissions; see auth/permission-cache.ts. */
  auth_version: Generated<number>;
  /** The confirmed TOTP secret (base32): two-factor login is on while set (auth/totp.ts). */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The secret shown while enrolling, until a code from it is confirmed. */
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last TOTP time step a code was accepted at: no code is accepted twice. */
  totp_last_step: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** The largest discount percent (whole, 0–100) the user may give an order line. */
  max_discount_percent: ColumnType<number, number | undefined, number>;
}

/** One-time recovery codes of a user's two-factor login, hashed like passwords. */
export interface UserRecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Instant | null;
}

/** One row (id 1) at most: the administrator's security settings. */
export interface SecuritySettingsTable {
  id: number;
  require_totp_for_system: BoolWithDefault;
  updated_by: number | null;
  updated_at: Instant | null;
}

export interface UserProfileTable {
  user_id: number;
  profile_id: number;
}

export interface UserPermissionTable {
  user_id: number;
  permission_id: number;
}

export interface UserProductCategoryTable {
  user_id: number;
  category_id: number;
}

/** One row per issued access/refresh pair; a login's pairs share family_id. Secrets stored as SHA-256. */
export interface TokenTable {
  id: Generated<number>;
  family_id: string;
  user_id: number;
  access_hash: string;
  refresh_hash: string;
  issued_at: Instant;
  access_expires_at: Instant;
  refresh_expires_at: Instant;
  /** Set when the refresh token was exchanged; presenting it again is a reuse. */
  rotated_at: Instant | null;
  revoked_at: Instant | null;
  /**
   * The pair this refresh token was exchanged for, sealed under a key derived from the refresh
   * token itself (auth/tokens.ts): a duplicate exchange within the grace window gets it again.
   */
  successor_sealed: string | null;
  /** A System user's login while TOTP is required and not yet enrolled: only enrolment may run. */
  totp_enrolment_only: BoolWithDefault;
}

/** Append-only failed logins keyed by 'user:<name>' or 'ip:<address>'; shared by all API instances. */
export interface LoginFailureTable {
  id: Generated<number>;
  throttle_key: string;
  failed_at: Instant;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Token = Selectable<TokenTable>;
export type NewToken = Insertable<TokenTable>;
export type Profile = Selectable<ProfileTable>;
