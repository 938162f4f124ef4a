import type { Permission } from './permissions.ts';
import type { FieldError } from './tables.ts';

/** Every non-2xx body (DESIGN.md "Contracts that must hold"). */
export interface ApiErrorBody {
  error: string;
  error_description: string;
  /** Table editor validation failures (docs/table-protocol.md), one per failing field. */
  fieldErrors?: FieldError[];
}

export const TOKEN_INVALID: ApiErrorBody = {
  error: 'invalid_grant',
  error_description: 'Token is invalid',
};

export interface CenterRef {
  id: number;
  name: string;
}

/** POST /api/token answer: SPEC.md section 3's Token plus the signed-in user. */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  /** ISO 8601 instant the token was issued. */
  issue_date: string;
  /** Seconds from issue_date until the access token expires. */
  expires_in: number;
  user_id: number;
  accept_header: string;
  username: string;
  name: string;
  permissions: Permission[];
  center: CenterRef | null;
}

export type TokenRequest =
  | { grant_type: 'password'; username: string; password: string }
  | { grant_type: 'refresh_token'; refresh_token: string };

/** Wire shape of an event (SPEC.md section 3). Money as reais with 2 decimals, dates DD/MM/YYYY HH:mm. */
export interface EventDto {
  id: number;
  name: string;
  selected: boolean;
  endereco: string | null;
  local: string | null;
  valor: number;
  inicio: string | null;
  fim: string | null;
  linkCourseware: boolean;
  printEnabled: boolean;
  course: { id: number } | null;
  dateCreated: string;
  dateUpdated: string;
}

export interface PasswordUpdateRequest {
  currentPassword: string;
  newPassword: string;
  newPasswordConfirmation: string;
}

/** GET /api/config: public facts the SPA needs before login. */
export interface AppConfig {
  appMode: 'production' | 'FULL_SGE';
}
