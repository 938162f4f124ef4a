import type { Method, ResponseType } from 'axios';
import { call, put, select, take } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { apiClient } from './client';
import { ApiCallError, SESSION_ENDED_ERROR, toApiError, type ApiError } from './api-error';
import { connectionLost, connectionRestored, sessionEnded } from '../store/app-actions';
import {
  isTokenExpired,
  selectRefreshing,
  selectToken,
  tokenRefreshFailed,
  tokenRefreshRequested,
  tokenRefreshSucceeded,
  type StoredToken,
} from './token';

export interface ApiRequest {
  method?: Method;
  url: string;
  data?: unknown;
  params?: Record<string, unknown>;
  responseType?: ResponseType;
  /** Extra headers, e.g. a payment's Idempotency-Key (kept on the retry after a token refresh). */
  headers?: Record<string, string>;
  /** False for the public calls (login, config); every other call carries the bearer token. */
  auth?: boolean;
  /** A failed token refresh ends the session without the error dialog (logout, startup). */
  quiet?: boolean;
  /** The share of the body sent so far (0 to 1), for uploads. */
  onUploadProgress?: (fraction: number) => void;
  /** Milliseconds before giving up as unreachable (status 0); the client's default otherwise. */
  timeout?: number;
}

/** One HTTP round trip; failures become ApiCallError. */
export async function sendRequest<T>(request: ApiRequest, accessToken: string | null): Promise<T> {
  try {
    const response = await apiClient.request<T>({
      method: request.method ?? 'GET',
      url: request.url,
      data: request.data,
      params: request.params,
      responseType: request.responseType,
      ...(request.timeout === undefined ? {} : { timeout: request.timeout }),
      onUploadProgress: request.onUploadProgress
        ? (event) => {
            if (event.total) request.onUploadProgress?.(event.loaded / event.total);
          }
        : undefined,
      headers: {
        ...request.headers,
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      },
    });
    return response.data;
  } catch (thrown) {
    throw new ApiCallError(toApiError(thrown));
  }
}

function isInvalidToken(thrown: unknown): boolean {
  const error = toApiError(thrown);
  return error.status === 401 && error.error === 'invalid_grant';
}

function sessionEndedError(cause: ApiError): ApiCallError {
  return new ApiCallError({
    status: 401,
    error: SESSION_ENDED_ERROR,
    description: cause.description,
  });
}

/**
 * A token newer than `stale`. Calls that fail together share one refresh: the first asks for it,
 * the others wait for its outcome, and a call that finds the token already replaced just uses it.
 */
function* freshToken(stale: StoredToken, quiet: boolean): SagaIterator<StoredToken> {
  const current: StoredToken | null = yield select(selectToken);
  if (!current) {
    throw sessionEndedError({
      status: 401,
      error: 'invalid_grant',
      description: 'Token is invalid',
    });
  }
  if (current.access_token !== stale.access_token) return current;
  const refreshing: boolean = yield select(selectRefreshing);
  if (!refreshing) yield put(tokenRefreshRequested({ quiet }));
  const outcome: ReturnType<typeof tokenRefreshSucceeded> | ReturnType<typeof tokenRefreshFailed> =
    yield take([tokenRefreshSucceeded.type, tokenRefreshFailed.type]);
  if (tokenRefreshSucceeded.match(outcome)) {
    const refreshed: StoredToken | null = yield select(selectToken);
    if (refreshed) return refreshed;
  }
  const cause = outcome.payload as ApiError;
  // A network failure leaves the session alone: the call fails with the network message.
  if (cause.status === 0) throw new ApiCallError(cause);
  throw sessionEndedError(cause);
}

/**
 * The saga every API call goes through: adds the bearer token, refreshes it once on
 * 401 invalid_grant (or before sending when it is known to be expired) and retries.
 * Returns the response body; throws ApiCallError (read it with `toApiError`).
 */
export function* callApi<T>(request: ApiRequest): SagaIterator<T> {
  try {
    const data: T = yield call(authorizedCall<T>, request);
    const online: boolean = yield select(selectOnline);
    if (!online) yield put(connectionRestored());
    return data;
  } catch (thrown) {
    // Out of reach (status 0): the top bar says so, and the offline desk takes over.
    if (toApiError(thrown).status === 0) {
      const online: boolean = yield select(selectOnline);
      if (online) yield put(connectionLost());
    }
    throw thrown;
  }
}

/** The shell's connection state (app/connection), read without knowing the app above. */
const selectOnline = (state: { connection?: { online: boolean } }): boolean =>
  state.connection?.online ?? true;

function* authorizedCall<T>(request: ApiRequest): SagaIterator<T> {
  if (request.auth === false) {
    const data: T = yield call(sendRequest<T>, request, null);
    return data;
  }
  const quiet = request.quiet ?? false;
  const stored: StoredToken | null = yield select(selectToken);
  if (!stored) {
    throw sessionEndedError({
      status: 401,
      error: 'invalid_grant',
      description: 'Token is invalid',
    });
  }
  const token: StoredToken = isTokenExpired(stored, Date.now())
    ? yield call(freshToken, stored, quiet)
    : stored;
  try {
    const data: T = yield call(sendRequest<T>, request, token.access_token);
    return data;
  } catch (thrown) {
    if (!isInvalidToken(thrown)) throw thrown;
  }
  const refreshed: StoredToken = yield call(freshToken, token, quiet);
  try {
    const data: T = yield call(sendRequest<T>, request, refreshed.access_token);
    return data;
  } catch (thrown) {
    if (isInvalidToken(thrown)) {
      yield put(sessionEnded({ reason: 'expired' }));
      throw sessionEndedError(toApiError(thrown));
    }
    throw thrown;
  }
}

/**
 * A saga worker whose failure is put as `failed(error)`: the one catch of the app's API calls, so
 * a worker says only what it does when all goes well.
 */
export function failingTo<Args extends unknown[]>(
  failed: (error: ApiError) => Action,
  worker: (...args: Args) => SagaIterator,
): (...args: Args) => SagaIterator {
  return function* (...args: Args): SagaIterator {
    try {
      return yield* worker(...args);
    } catch (thrown) {
      yield put(failed(toApiError(thrown)));
    }
  };
}
