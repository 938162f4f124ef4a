import { createAction } from '@reduxjs/toolkit';
import type { TokenResponse } from '@balcao/contract';
import { failure } from './api-error';

/**
 * The bearer token as the API client needs it: read from the session's state, refreshed through
 * these actions (the session slice, app/session/slice.ts, keeps what they change).
 */

/** SPEC.md section 3's Token. */
export type StoredToken = Omit<TokenResponse, 'username' | 'name'>;

/** What the token selectors read; the app's RootState has it. */
interface TokenState {
  session: { token: StoredToken | null; refreshing: boolean };
}

export const tokenRefreshRequested = createAction<{ quiet: boolean }>(
  'session/tokenRefreshRequested',
);
export const tokenRefreshSucceeded = createAction<TokenResponse>('session/tokenRefreshSucceeded');
export const tokenRefreshFailed = createAction('session/tokenRefreshFailed', failure);
/** Another tab of this browser renewed the login: this tab goes on with its newer token. */
export const tokenShared = createAction<StoredToken>('session/tokenShared');

export const selectToken = (state: TokenState) => state.session.token;
export const selectRefreshing = (state: TokenState) => state.session.refreshing;

/** SPEC.md section 3: expired when issue_date plus expires_in is in the past. */
export function isTokenExpired(token: StoredToken, now: number): boolean {
  const issued = Date.parse(token.issue_date);
  if (Number.isNaN(issued)) return true;
  return issued + token.expires_in * 1000 <= now;
}
