import { TOKEN_INVALID, type ApiErrorBody, type FieldError } from '@balcao/contract';

/** The one error type handlers throw; the error handler turns it into `{error, error_description}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
    /** Per-field failures of a table editor form (docs/table-protocol.md). */
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(description);
    this.name = 'ApiError';
  }

  get body(): ApiErrorBody {
    const body: ApiErrorBody = { error: this.code, error_description: this.description };
    if (this.fieldErrors.length > 0) body.fieldErrors = [...this.fieldErrors];
    return body;
  }
}

export const invalidRequest = (description: string): ApiError =>
  new ApiError(400, 'invalid_request', description);

/** 400 naming every failing field; the description joins their messages. */
export const fieldErrors = (errors: readonly FieldError[]): ApiError =>
  new ApiError(400, 'invalid_request', errors.map((error) => error.status).join(' '), {}, errors);

export const conflict = (description: string): ApiError =>
  new ApiError(409, 'conflict', description);

export const notFound = (description: string): ApiError =>
  new ApiError(404, 'not_found', description);

export const tokenInvalid = (): ApiError =>
  new ApiError(401, TOKEN_INVALID.error, TOKEN_INVALID.error_description, {
    'www-authenticate': 'Bearer',
  });

export const forbidden = (): ApiError =>
  new ApiError(403, 'forbidden', 'Você não tem permissão para esta ação.');
