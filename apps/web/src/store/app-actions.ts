import { createAction } from '@reduxjs/toolkit';
import type { OrderDto } from '@balcao/contract';

/** Dispatched once by main.tsx: loads the configuration, then revalidates a stored session. */
export const appStarted = createAction('app/started');

export type SessionEndReason = 'logout' | 'expired';

/**
 * Logout or a failed token refresh: the session slice drops the token and shows the login, and
 * every area's slice resets to its initial state.
 */
export const sessionEnded = createAction<{ reason: SessionEndReason }>('session/sessionEnded');

/**
 * An order changed by another area than the desk showing it (a coupon applied at the cashier):
 * the desks holding it take the new one.
 */
export const orderChanged = createAction<OrderDto>('orders/changed');

/**
 * A call could not reach the server (status 0), or one reached it again: app/connection keeps
 * the state for the top bar, and the offline desk (features/offline) works from its replica.
 */
export const connectionLost = createAction('connection/lost');
export const connectionRestored = createAction('connection/restored');
