import type { FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

// 11 digits, bare or masked (529.982.247-25), not inside a longer number.
const CPF = /(?<!\d)\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\d)/g;

/** A CPF is personal data (LGPD): request URLs carry them (`check?cpf=`, `/participants/name/`). */
export const maskCpfs = (text: string): string => text.replace(CPF, '***.***.***-**');

/** Fastify's request serializer, with CPFs masked in the URL. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskCpfs(request.url),
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
