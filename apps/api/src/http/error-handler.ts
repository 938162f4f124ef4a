import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isTransactionRace } from '../db/errors.ts';
import { ApiError, conflict, invalidRequest, notFound } from './api-error.ts';
import { describeValidationError } from './validation-messages.ts';

const SERVER_ERROR = new ApiError(500, 'server_error', 'Erro interno do servidor.');

/** PostgreSQL aborted the transaction for racing another one (deadlock, serialization): nothing changed. */
const TRANSACTION_RACE = conflict(
  'Outra operação alterou estes dados ao mesmo tempo. Nada foi gravado; tente novamente.',
);

/** Fastify's own client errors (body parsing, content type), in pt-BR. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'O corpo da requisição não é um JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'O corpo da requisição está vazio, mas foi declarado como JSON.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de conteúdo não suportado.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'O corpo da requisição é grande demais.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'O tamanho declarado do corpo não confere.',
  // The router's, through Fastify's frameworkErrors (a path Fastify cannot decode or too long).
  FST_ERR_BAD_URL: 'O endereço da requisição tem uma codificação inválida.',
  FST_ERR_MAX_PARAM_LENGTH: 'Um parâmetro do endereço da requisição é longo demais.',
};

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any route runs (headers or
 * URL past the size limit, a malformed request line), in the same `{error, error_description}`.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, description] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'O endereço ou os cabeçalhos da requisição são grandes demais.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'A requisição demorou demais para chegar.']
        : [400, 'Requisição malformada.'];
  const body = JSON.stringify({ error: 'invalid_request', error_description: description });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The one error handler: every non-2xx body is `{error, error_description}`; 5xx hide their details. */
export function handleError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const apiError = toApiError(error);
  if (apiError.status >= 500) request.log.error({ err: error }, 'Erro inesperado');
  void reply.status(apiError.status).headers(apiError.headers).send(apiError.body);
}

function toApiError(error: FastifyError): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation) return invalidRequest(describeValidationError(error.validation));
  if (isTransactionRace(error)) return TRANSACTION_RACE;
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const description = FRAMEWORK_MESSAGES[error.code] ?? 'Requisição inválida.';
    return new ApiError(status, 'invalid_request', description);
  }
  return SERVER_ERROR;
}

/** Unknown `/api` paths (and, without the SPA, everything else). */
export function handleNotFound(request: FastifyRequest, reply: FastifyReply): void {
  const error = notFound(`Recurso não encontrado: ${request.method} ${request.url.split('?')[0]}.`);
  void reply.status(404).send(error.body);
}
