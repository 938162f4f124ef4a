import type { FastifyReply, FastifyRequest } from 'fastify';
import { invalidRequest } from './api-error.ts';

export const INVALID_TEXT = 'O texto enviado contém caracteres inválidos.';

// NUL and UTF-16 halves without their pair: neither is valid UTF-8, so SQLite would store bytes
// its own lower() and the app's disagree on (broken unique indexes) and PostgreSQL refuses them.
// With the u flag a paired surrogate is one code point, so only lone halves match \p{Cs}.
const INVALID = /[\0\p{Cs}]/u;

/** Whether this text carries a NUL or a lone surrogate (what INVALID_TEXT refuses). */
export const isInvalidText = (text: string): boolean => INVALID.test(text);

/**
 * Whether any value in a parsed body, query or path (or, with `keyTest`, any key) passes the test.
 * A file's bytes (an import's sheet) are skipped: they are checked cell by cell when read
 * (imports/sheet-rows.ts).
 */
function anyIn(
  value: unknown,
  test: (leaf: unknown) => boolean,
  keyTest?: (key: string) => boolean,
): boolean {
  // Plain loops: this runs on every request's query, path and body (no arrays of entries made).
  if (Array.isArray(value)) {
    for (const item of value) if (anyIn(item, test, keyTest)) return true;
    return false;
  }
  if (ArrayBuffer.isView(value)) return false;
  if (typeof value === 'object' && value !== null) {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (keyTest?.(key) || anyIn((value as Record<string, unknown>)[key], test, keyTest)) {
        return true;
      }
    }
    return false;
  }
  return test(value);
}

const hasInvalidText = (value: unknown): boolean =>
  anyIn(value, (leaf) => typeof leaf === 'string' && isInvalidText(leaf), isInvalidText);

/**
 * Refuses (400) any request whose body, query or path carries such text: one check for every
 * route and both body formats (JSON can spell "\ud800"; a form, %00), before any handler sees it.
 */
export function refuseInvalidText(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const invalid =
    hasInvalidText(request.params) || hasInvalidText(request.query) || hasInvalidText(request.body);
  done(invalid ? invalidRequest(INVALID_TEXT) : undefined);
}

export const NUMBER_TOO_LARGE = 'O número enviado é grande demais.';

const hasNonFiniteNumber = (value: unknown): boolean =>
  anyIn(value, (leaf) => typeof leaf === 'number' && !Number.isFinite(leaf));

/**
 * Refuses (400) a validated request holding Infinity. JSON cannot spell it, but the validator
 * coerces the text "1e309" to Infinity for an integer or number field and then skips its
 * minimum/maximum (Ajv checks limits on finite numbers only), so PostgreSQL got it (a 500).
 * Runs after validation (preHandler), on every route.
 */
export function refuseNonFiniteNumbers(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const invalid =
    hasNonFiniteNumber(request.params) ||
    hasNonFiniteNumber(request.query) ||
    hasNonFiniteNumber(request.body);
  done(invalid ? invalidRequest(NUMBER_TOO_LARGE) : undefined);
}
