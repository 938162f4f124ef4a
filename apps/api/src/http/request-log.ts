import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  destination,
  stdSerializers,
  symbols,
  type DestinationStream,
  type Logger,
  type LoggerOptions,
} from 'pino';
import { hideCpfs } from '@balcao/contract';

// A CPF is personal data (LGPD): request URLs carry them (`check?cpf=`, `/participants/name/`),
// spelled any way the server reads one (`parseCpf`: spaces, tabs, doubled dots, a moved dash).
// `hideCpfs` hides whatever that reading would find.

/**
 * A logged value with CPFs hidden in every string of its plain objects and arrays; anything else
 * (a request, an error) is left to its serializer, which hides them in what it keeps. Copied only
 * where something is hidden: a line with no CPF in it (the request line, nearly every other) is
 * given back as it is, so pino's formatter costs a walk over its fields and no new objects.
 */
function hideCpfsIn(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return hideCpfs(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const hidden = hideCpfsIn(value[i], depth + 1);
      if (hidden !== value[i]) (copy ??= [...value])[i] = hidden;
    }
    return copy ?? value;
  }
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const fields = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(fields)) {
    const hidden = hideCpfsIn(fields[key], depth + 1);
    if (hidden !== fields[key]) (copy ??= { ...fields })[key] = hidden;
  }
  return copy ?? value;
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
  if (!url.includes('%') && !url.includes('+')) return url; // nothing to decode: most URLs
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

/** Whether a URL may hold either: a quick test spares nearly every URL the two replacements. */
const MAY_HOLD_SECRET = /webhook|bp1\./i;

/** A request URL as the log keeps it: decoded, with CPFs and the webhook's secret masked. */
function loggedUrl(url: string): string {
  const masked = hideCpfs(decodedUrl(url));
  if (!MAY_HOLD_SECRET.test(masked)) return masked;
  return masked.replace(WEBHOOK_SECRET, '$1[oculto]').replace(PASS_SIGNATURE, '$1[oculto]');
}

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

/** Bytes held before a write, and the longest a line waits for one. */
const LOG_BATCH_BYTES = 16 * 1024;
const LOG_FLUSH_MS = 1000;

/** Where the server's lines go: pino writes to it, the shutdown and the exit flush it. */
export interface BatchedLog extends DestinationStream {
  /** Writes whatever is held, now. */
  flushSync(): void;
}

/**
 * Where the running server logs: stdout (a file, a pipe to journald), or the file named, in
 * batches of 16 KiB, or after a second at most, instead of one write per line: with stdout on a
 * file each line was its own write on libuv's thread pool, which doubled a trivial request's CPU
 * at a desk's pace (issue #45, bench:request-log). Lines are held here, in an array joined once
 * per batch; SonicBoom writes each batch from the app's thread (`sync: true`: handing it to
 * libuv's pool cost more than the write itself) and deals with partial writes and a busy pipe.
 * SonicBoom's own batching (`minLength`) was not used: it appends each line to one string and
 * measures that whole string's UTF-8 length again on every line, which cost more than pino's
 * line itself (bench/README.md). The price of writing synchronously: if whatever reads stdout
 * stops reading (a full pipe), the server waits for it, as with any synchronous log; a file on a
 * disk does not (a full disk is an error, not a wait). What is held is written when the process
 * exits, a fatal error's exit included; `flushSync` on shutdown does the same sooner.
 */
export function batchedLog(dest: number | string = 1): BatchedLog {
  const stream = destination({ dest, sync: true });
  let held: string[] = [];
  let heldLength = 0;
  const flushSync = (): void => {
    if (held.length === 0) return;
    const batch = held.join('');
    held = [];
    heldLength = 0;
    // A destination that failed for good takes nothing more; the lines are not kept for it.
    if (!(stream as { destroyed?: boolean }).destroyed) stream.write(batch);
  };
  setInterval(flushSync, LOG_FLUSH_MS).unref();
  // The lines of a stop after the server closed ('Servidor encerrado') and of a forced exit.
  process.on('exit', () => {
    try {
      flushSync();
    } catch {
      // Nothing is left to tell: the process is ending and its log is what failed.
    }
  });
  return {
    write(line: string) {
      held.push(line);
      heldLength += line.length; // UTF-16 units: near enough to bytes for a batch's size
      if (heldLength >= LOG_BATCH_BYTES) flushSync();
    },
    flushSync,
  };
}

/** A line's fields as a plain object with no `err` (an error gives the line its message). */
const isPlainLine = (value: unknown): value is object =>
  value !== null &&
  typeof value === 'object' &&
  Object.getPrototypeOf(value) === Object.prototype &&
  (value as { err?: unknown }).err === undefined;

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
        // The request line's shape (fields, then a fixed message): no error to take a message from.
        if (args.length === 2 && typeof args[1] === 'string' && isPlainLine(args[0])) {
          method.call(this, args[0], hideCpfs(args[1]));
          return;
        }
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

/** Whether the request's logger (pino: `loggerOptions`) writes lines at this level. */
const logsAt = (request: FastifyRequest, level: string): boolean =>
  (request.log as unknown as Logger).isLevelEnabled(level);

/**
 * One compact line per answered request at info, in place of Fastify's two (incoming, completed)
 * that cost as much CPU as a trivial route (issue 29): method, URL with CPFs masked, status, time
 * and the signed-in user. The incoming line stays, at debug.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!logsAt(request, 'debug')) return; // the URL's masking is not free
    request.log.debug({ method: request.method, url: loggedUrl(request.url) }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!logsAt(request, error ? 'error' : 'info')) return;
    const line = {
      method: request.method,
      url: loggedUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      user: request.auth?.user.id,
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else writeRequestLine(request.log as unknown as Logger, line);
  }
}

/**
 * The request line, written straight to the request logger's destination in the shape pino
 * gives a line: its level and time as configured, the logger's bindings (pid, hostname, reqId),
 * the fields, the message. Through `info` it also went through the CPF-hiding hook and formatter
 * and the serializers' lookup, for fields already clean (the URL is masked above, the rest are a
 * method and numbers): half of what the log cost a trivial route over HTTP (bench:request-log,
 * issue #45). A destination that wants pino's metadata (a multistream) gets the line from pino.
 */
function writeRequestLine(
  log: Logger,
  line: { method: string; url: string; status: number; ms: number; user: number | undefined },
): void {
  const logger = log as unknown as Record<symbol, unknown>;
  const stream = logger[symbols.streamSym] as DestinationStream & Record<symbol, unknown>;
  if (stream[symbols.needsMetadataGsym]) {
    log.info(line, 'request');
    return;
  }
  const start = (logger[symbols.lsCacheSym] as Record<number, string>)[log.levels.values.info!];
  const time = (logger[symbols.timeSym] as () => string)();
  const user = line.user === undefined ? '' : `,"user":${line.user}`;
  stream.write(
    `${start}${time}${logger[symbols.chindingsSym] as string},"method":${JSON.stringify(line.method)}` +
      `,"url":${JSON.stringify(line.url)},"status":${line.status},"ms":${line.ms}${user}` +
      ',"msg":"request"}\n',
  );
}
