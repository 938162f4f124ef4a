import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

// 11 digits, bare or masked (529.982.247-25), not inside a longer number.
const CPF = /(?<!\d)\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\d)/g;

/** A CPF is personal data (LGPD): request URLs carry them (`check?cpf=`, `/participants/name/`). */
export const maskCpfs = (text: string): string => text.replace(CPF, '***.***.***-**');

const ENCODED_RUN = /(?:%[0-9a-f]{2})+/gi;
/** A URL encoded twice (`%252E`) is read too; past this many decodings the rest is dropped. */
const MAX_DECODINGS = 4;

/** Percent-decoding that never throws: bytes that are not UTF-8 become U+FFFD, the rest is read. */
const decodeOnce = (text: string): string =>
  text.replace(ENCODED_RUN, (run) => Buffer.from(run.replaceAll('%', ''), 'hex').toString('utf8'));

/**
 * The URL as the server reads it (percent-decoding, `+` as a space in the query), so that the
 * CPF mask sees `100%2E000%2E040-06` and `%2052998224725` as CPFs.
 */
export function decodedUrl(url: string): string {
  const query = url.indexOf('?');
  let text =
    query < 0 ? url : `${url.slice(0, query + 1)}${url.slice(query + 1).replaceAll('+', ' ')}`;
  for (let decodings = 0; decodings < MAX_DECODINGS; decodings++) {
    const next = decodeOnce(text);
    if (next === text) return text;
    text = next;
  }
  // Still encoded after that many layers: what it hides is not logged.
  return text.replace(ENCODED_RUN, '%…');
}

// The PSP's webhook carries its secret as a path segment (docs/pix.md, 'The webhook').
const WEBHOOK_SECRET = /(\/pix\/webhook\/)[^/?#]+/gi;

/** A request URL as the log keeps it: decoded, with CPFs and the webhook's secret masked. */
const loggedUrl = (url: string): string =>
  maskCpfs(decodedUrl(url)).replace(WEBHOOK_SECRET, '$1[oculto]');

/** Fastify's request serializer: the URL decoded, with CPFs and the webhook's secret masked. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's pino options; `stream` replaces stdout (tests read the log from it). */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return { level, stream, serializers: { req: serializeRequest } };
}

/**
 * One compact line per answered request at info, in place of Fastify's two (incoming, completed)
 * that cost as much CPU as a trivial route (issue 29): method, URL with CPFs masked, status, time
 * and the signed-in user. The incoming line stays, at debug.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: loggedUrl(request.url) }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: loggedUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      user: request.auth?.user.id,
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request');
  }
}
