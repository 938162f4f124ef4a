import { createAction } from '@reduxjs/toolkit';

/** Dispatched once by main.tsx: loads the configuration, then revalidates a stored session. */
export const appStarted = createAction('app/started');

export type SessionEndReason = 'logout' | 'expired';

/**
 * Logout or a failed token refresh: the session slice drops the token and shows the login, and
 * every area's slice resets to its initial state.
 */
export const sessionEnded = createAction<{ reason: SessionEndReason }>('session/sessionEnded');
