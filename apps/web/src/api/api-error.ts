import axios from 'axios';
import type { ApiErrorBody, FieldError } from '@balcao/contract';
import type { Draft, PayloadAction } from '@reduxjs/toolkit';

/** A failed call as the SPA sees it: HTTP status (0 when the server was not reached) and the body. */
export interface ApiError {
  status: number;
  error: string;
  description: string;
  /** The table editor protocol's per-field validation messages (docs/table-protocol.md). */
  fieldErrors?: FieldError[];
}

export const NETWORK_ERROR_DESCRIPTION = 'Não foi possível contactar o servidor.';
export const GENERIC_ERROR_DESCRIPTION = 'Ocorreu um erro. Por favor, tente novamente.';

/**
 * Code of the error a call gets when its token could not be refreshed. The refresh failure already
 * explained itself once, so the dialog skips the callers' copies of it.
 */
export const SESSION_ENDED_ERROR = 'session_ended';

/** What callApi throws; sagas turn it into a `*Failed` action with `toApiError`. */
export class ApiCallError extends Error {
  readonly apiError: ApiError;

  constructor(apiError: ApiError) {
    super(apiError.description);
    this.name = 'ApiCallError';
    this.apiError = apiError;
  }
}

function readFieldErrors(body: unknown): FieldError[] | undefined {
  const list = (body as { fieldErrors?: unknown }).fieldErrors;
  if (!Array.isArray(list)) return undefined;
  return list.filter(
    (item): item is FieldError =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as FieldError).name === 'string' &&
      typeof (item as FieldError).status === 'string',
  );
}

function isApiErrorBody(body: unknown): body is ApiErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as ApiErrorBody).error === 'string' &&
    typeof (body as ApiErrorBody).error_description === 'string'
  );
}

export function toApiError(thrown: unknown): ApiError {
  if (thrown instanceof ApiCallError) return thrown.apiError;
  if (axios.isAxiosError(thrown)) {
    const response = thrown.response;
    if (!response)
      return { status: 0, error: 'network_error', description: NETWORK_ERROR_DESCRIPTION };
    if (isApiErrorBody(response.data)) {
      const fieldErrors = readFieldErrors(response.data);
      return {
        status: response.status,
        error: response.data.error,
        description: response.data.error_description,
        ...(fieldErrors ? { fieldErrors } : {}),
      };
    }
    return { status: response.status, error: 'http_error', description: GENERIC_ERROR_DESCRIPTION };
  }
  return { status: 0, error: 'client_error', description: GENERIC_ERROR_DESCRIPTION };
}

export interface FailureMeta {
  /** True when the failure must not open the 'Ocorreu um erro' dialog. */
  hideError: boolean;
}

/** `prepare` for every `*Failed` action: the ApiError as payload and the dialog flag as meta. */
export function failure(error: ApiError, options: { hideError?: boolean } = {}) {
  return { payload: error, meta: { hideError: options.hideError ?? false } satisfies FailureMeta };
}

/**
 * A slice's `*Failed` case: prepared by `failure`, and `apply` is what the slice does with the
 * error (by default nothing: the errors saga shows it in the one dialog). `hideError` keeps the
 * dialog closed for the errors the page shows itself; a saga may still say so per call.
 */
export function failedCase<State>(
  apply: (state: Draft<State>, error: ApiError, meta: FailureMeta) => void = () => {},
  { hideError = false }: { hideError?: boolean | ((error: ApiError) => boolean) } = {},
) {
  return {
    prepare: (error: ApiError, options: { hideError?: boolean } = {}) =>
      failure(error, {
        hideError:
          options.hideError ?? (typeof hideError === 'function' ? hideError(error) : hideError),
      }),
    reducer: (state: Draft<State>, action: PayloadAction<ApiError, string, FailureMeta>) =>
      apply(state, action.payload, action.meta),
  };
}
