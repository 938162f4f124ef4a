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
  /**
   * True when TOTP is required of this System user and not enrolled yet: the login may only enrol
   * (docs/api-foundation.md, 'Autenticação em dois fatores'); every other call answers 403.
   */
  totp_enrolment_required: boolean;
}

export type TokenRequest =
  | {
      grant_type: 'password';
      username: string;
      password: string;
      /** The authenticator's 6 digits, or a recovery code, for a user with two-factor login. */
      totp_code?: string;
    }
  | { grant_type: 'refresh_token'; refresh_token: string };

/** The token call's refusal when the password was right and a TOTP code is needed (400). */
export const TOTP_REQUIRED_ERROR = 'totp_required';
/** The refusal of any other call while a login may only enrol TOTP (403). */
export const TOTP_ENROLMENT_REQUIRED_ERROR = 'totp_enrolment_required';
/** How many one-time recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;

/** GET /api/account/totp: the signed-in user's two-factor login. */
export interface TotpStatus {
  enabled: boolean;
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number;
  /** Required of this user (System) by the administrator's setting: it cannot be disabled. */
  required: boolean;
}

/** POST /api/account/totp/enrol: the secret to add to an authenticator app, as text and QR code. */
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
  /** A PNG data URL of otpauthUrl. */
  qrCode: string;
}

/** POST /api/account/totp/confirm: the recovery codes, shown this once. */
export interface TotpConfirmation {
  recoveryCodes: string[];
}

/** GET /api/users/login-locks (System): a user whose sign-ins a login limit holds now. */
export interface LoginLock {
  userId: number;
  username: string;
  /** Failed attempts on the account in the last 15 minutes, from every address. */
  failures: number;
}

/** GET and PUT /api/security/settings (System). */
export interface SecuritySettings {
  requireTotpForSystem: boolean;
}

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
  /**
   * The event's IANA time zone (EVENT_TIME_ZONE, e.g. 'America/Sao_Paulo'): every date and time
   * on screen shows in it, as the PDFs and 'Lista de Presença' do, whatever the browser's zone.
   */
  timeZone: string;
}
