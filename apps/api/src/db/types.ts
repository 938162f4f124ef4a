import type { ColumnType, Generated, Insertable, Selectable, SqlBool, Updateable } from 'kysely';

/**
 * An instant as ISO-8601 UTC text ('2025-03-01T12:00:00.000Z'): the same in SQLite and
 * PostgreSQL, and its fixed width makes text order equal time order.
 */
export type Instant = string;

/** SQLite answers 0/1, PostgreSQL true/false; writes take booleans (see sqlite-booleans.ts). */
type BoolWithDefault = ColumnType<SqlBool, boolean | undefined, boolean>;

interface Dated {
  date_created: Instant;
  date_updated: Instant;
}

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

export type ProductType = 'Produto' | 'Curso';

export interface ProductCategoryTable extends Dated {
  id: Generated<number>;
  name: string;
  type: ProductType;
}

export interface CenterTable extends Dated {
  id: Generated<number>;
  name: string;
  serial: number;
  api_token: string;
}

export interface EventTable extends Dated {
  id: Generated<number>;
  name: string;
  selected: BoolWithDefault;
  endereco: string | null;
  local: string | null;
  valor_cents: ColumnType<number, number | undefined, number>;
  inicio: Instant | null;
  fim: Instant | null;
  link_courseware: BoolWithDefault;
  print_enabled: BoolWithDefault;
  course_id: number | null;
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
}

/** Append-only failed logins keyed by 'user:<name>' or 'ip:<address>'; shared by all API instances. */
export interface LoginFailureTable {
  id: Generated<number>;
  throttle_key: string;
  failed_at: Instant;
}

export interface Database {
  permissions: PermissionTable;
  profiles: ProfileTable;
  profile_permissions: ProfilePermissionTable;
  users: UserTable;
  user_profiles: UserProfileTable;
  user_permissions: UserPermissionTable;
  user_product_categories: UserProductCategoryTable;
  product_categories: ProductCategoryTable;
  centers: CenterTable;
  events: EventTable;
  tokens: TokenTable;
  login_failures: LoginFailureTable;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Event = Selectable<EventTable>;
export type NewEvent = Insertable<EventTable>;
export type EventUpdate = Updateable<EventTable>;
export type Token = Selectable<TokenTable>;
export type NewToken = Insertable<TokenTable>;
export type Center = Selectable<CenterTable>;
export type NewCenter = Insertable<CenterTable>;
export type Profile = Selectable<ProfileTable>;
export type ProductCategory = Selectable<ProductCategoryTable>;
