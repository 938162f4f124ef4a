import { TOKEN_INVALID, type ApiErrorBody } from '@balcao/contract';

/** The one error type handlers throw; the error handler turns it into `{error, error_description}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = 'ApiError';
  }

  get body(): ApiErrorBody {
    return { error: this.code, error_description: this.description };
  }
}

export const invalidRequest = (description: string): ApiError =>
  new ApiError(400, 'invalid_request', description);

export const notFound = (description: string): ApiError =>
  new ApiError(404, 'not_found', description);

export const tokenInvalid = (): ApiError =>
  new ApiError(401, TOKEN_INVALID.error, TOKEN_INVALID.error_description, {
    'www-authenticate': 'Bearer',
  });

export const forbidden = (): ApiError =>
  new ApiError(403, 'forbidden', 'Você não tem permissão para esta ação.');
