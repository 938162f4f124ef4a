import type { FastifyRequest, preSerializationHookHandler } from 'fastify';
import { maskCpf } from '@balcao/contract';

/** The permission that sees participants' CPFs in full (issue #17, LGPD). */
export const FULL_CPF_PERMISSION = 'Participant';

/** Whether the request's user sees CPFs in full; a print agent or anonymous caller does not. */
export function seesFullCpf(request: FastifyRequest): boolean {
  return request.auth?.user.permissions.includes(FULL_CPF_PERMISSION) ?? false;
}

/** The CPF as this request's user may see it. */
export function cpfFor(request: FastifyRequest, cpf: string): string {
  return seesFullCpf(request) ? cpf : maskCpf(cpf);
}

const isCpfKey = (key: string): boolean => /cpf/i.test(key);

/** A copy of a JSON answer with every string under a CPF key ('cpf', 'participant_cpf'...) masked. */
export function maskCpfFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskCpfFields);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (Buffer.isBuffer(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    copy[key] =
      isCpfKey(key) && typeof field === 'string' && field !== ''
        ? maskCpf(field)
        : maskCpfFields(field);
  }
  return copy;
}

/**
 * Every JSON answer of a signed-in user without the Participant permission leaves with its CPFs
 * masked ('***.456.789-**'): one place for every list, desk and report, so no route can forget.
 * Desks still take a typed or scanned CPF as input; only what goes out is masked.
 */
export const maskCpfsForRequest: preSerializationHookHandler<unknown> = (
  request,
  _reply,
  payload,
  done,
) => {
  if (request.auth === null || seesFullCpf(request)) {
    done(null, payload);
    return;
  }
  done(null, maskCpfFields(payload));
};
