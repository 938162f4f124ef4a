import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { stdSerializers, type DestinationStream, type LoggerOptions } from 'pino';
import { hideCpfs } from '@balcao/contract';

// A CPF is personal data (LGPD): request URLs carry them (`check?cpf=`, `/participants/name/`),
// spelled any way the server reads one (`parseCpf`: spaces, tabs, doubled dots, a moved dash).
// `hideCpfs` hides whatever that reading would find.

/**
 * A logged value with CPFs hidden in every string of its plain objects and arrays; anything else
 * (a request, an error) is left to its serializer, which hides them in what it keeps.
 */
function hideCpfsIn(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return hideCpfs(value);
  if (Array.isArray(value)) return value.map((item) => hideCpfsIn(item, depth + 1));
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) copy[key] = hideCpfsIn(field, depth + 1);
  return copy;
}

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
// A scanned pass (`check?pass=`, docs/passes-api.md) admits its holder: its signature is not kept.
const PASS_SIGNATURE = /(BP1\.\d+\.\d+\.\d+\.)[A-Z2-7]+/gi;

/** A request URL as the log keeps it: decoded, with CPFs and the webhook's secret masked. */
const loggedUrl = (url: string): string =>
  hideCpfs(decodedUrl(url))
    .replace(WEBHOOK_SECRET, '$1[oculto]')
    .replace(PASS_SIGNATURE, '$1[oculto]');

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
  return {
    level,
    stream,
    serializers: {
      req: serializeRequest,
      err: (error: Error) =>
        Object.fromEntries(
          Object.entries(stdSerializers.err(error)).map(([key, field]) => [key, hideCpfsIn(field)]),
        ),
    },
    // Whatever else a line carries, and its message, with CPFs hidden too.
    formatters: { log: (line) => hideCpfsIn(line) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        // An error logged without a message gives its own as the line's message.
        const error = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
        const message = error instanceof Error && typeof rest[0] !== 'string' ? error.message : [];
        const hidden = [first, ...[message].flat(), ...rest].map((arg) =>
          typeof arg === 'string' ? hideCpfs(arg) : arg,
        );
        method.apply(this, hidden as typeof args);
      },
    },
  };
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
