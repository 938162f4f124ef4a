import {
  EXTRA_PAGES,
  isKiosk,
  LAND_PAGES,
  MENU,
  type AdminPage,
  type LandPage,
} from '@balcao/contract';
import { initialSessionState, type SessionState, type SessionUser } from './slice';
import { type StoredToken } from '../../api/token';

/** SPEC.md section 9: the session is stored locally as JSON under one key. */
export const SESSION_STORAGE_KEY = 'balcao.session';

/** The stored JSON: SPEC.md's persisted session plus the last page of each username. */
export interface PersistedSession {
  user: SessionUser | null;
  token: StoredToken | null;
  landPage: LandPage;
  adminPage: AdminPage | null;
  cameraId: string | null;
  lastPages: Record<string, AdminPage>;
}

const ADMIN_PAGES: readonly string[] = [...MENU.map((item) => item.page), ...EXTRA_PAGES];

function isAdminPage(value: unknown): value is AdminPage {
  return typeof value === 'string' && ADMIN_PAGES.includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readUser(value: unknown): SessionUser | null {
  if (!isRecord(value) || typeof value.username !== 'string' || value.username === '') return null;
  if (typeof value.id !== 'number' || !Array.isArray(value.permissions)) return null;
  return {
    id: value.id,
    username: value.username,
    name: typeof value.name === 'string' ? value.name : value.username,
    permissions: value.permissions.filter((p): p is string => typeof p === 'string'),
    centerName: typeof value.centerName === 'string' ? value.centerName : null,
  };
}

function readToken(value: unknown): StoredToken | null {
  if (!isRecord(value)) return null;
  const { access_token, refresh_token, issue_date, expires_in } = value;
  if (typeof access_token !== 'string' || typeof refresh_token !== 'string') return null;
  if (typeof issue_date !== 'string' || typeof expires_in !== 'number') return null;
  return value as unknown as StoredToken;
}

function readLastPages(value: unknown): Record<string, AdminPage> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(([, page]) => isAdminPage(page)),
  ) as Record<string, AdminPage>;
}

/** Reads the stored JSON, dropping anything malformed. */
export function parsePersistedSession(text: string | null): PersistedSession | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(raw)) return null;
  return {
    user: readUser(raw.user),
    token: readToken(raw.token),
    landPage: (LAND_PAGES as readonly unknown[]).includes(raw.landPage)
      ? (raw.landPage as LandPage)
      : 'LOGIN',
    adminPage: isAdminPage(raw.adminPage) ? raw.adminPage : null,
    cameraId: typeof raw.cameraId === 'string' && raw.cameraId !== '' ? raw.cameraId : null,
    lastPages: readLastPages(raw.lastPages),
  };
}

/**
 * The session state to start with. A stored user, token and admin page are kept for revalidation
 * (`restoring`; a kiosk needs none); anything less is dropped and login shows, keeping the camera and the last pages.
 */
export function sessionFromStorage(persisted: PersistedSession | null): SessionState {
  if (!persisted) return initialSessionState;
  const { user, token, adminPage, landPage, cameraId, lastPages } = persisted;
  const base = { ...initialSessionState, cameraId, lastPages };
  // A kiosk has no admin page: its screen is outside the shell (issue #43).
  if (!user || !token || (!adminPage && !isKiosk(user.permissions))) return base;
  return { ...base, user, token, adminPage, landPage, restoring: true };
}

export function toPersisted(session: SessionState): PersistedSession {
  const { user, token, landPage, adminPage, cameraId, lastPages } = session;
  return { user, token, landPage, adminPage, cameraId, lastPages };
}

export function loadSession(storage: Storage | undefined = globalThis.localStorage): SessionState {
  try {
    return sessionFromStorage(parsePersistedSession(storage?.getItem(SESSION_STORAGE_KEY) ?? null));
  } catch {
    return initialSessionState;
  }
}

export function saveSession(
  session: SessionState,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(toPersisted(session)));
  } catch {
    // Private mode or a full storage: the session simply is not remembered.
  }
}
