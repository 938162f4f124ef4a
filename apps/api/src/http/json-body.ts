import type { FastifyInstance } from 'fastify';
import { invalidRequest, type ApiError } from './api-error.ts';

/**
 * How deep a JSON body may nest objects and arrays: our deepest body needs a handful of levels.
 * Without a limit, a 6 KB body of 3,000 nested arrays overflowed the stack of the checks that
 * walk every body (clean-text.ts): a 500 for anyone, before any token was asked for.
 */
export const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP = `O JSON enviado passa de ${MAX_JSON_DEPTH} níveis de aninhamento.`;

export const jsonTooDeep = (): ApiError => invalidRequest(JSON_TOO_DEEP);

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether JSON text nests past MAX_JSON_DEPTH: one pass over the characters, strings skipped. */
export function nestsTooDeep(text: string): boolean {
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      for (at++; at < text.length; at++) {
        const inside = text.charCodeAt(at);
        if (inside === BACKSLASH) at++;
        else if (inside === QUOTE) break;
      }
    } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      if (++depth > MAX_JSON_DEPTH) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/**
 * Every JSON body but the imports' (which sheet-body.ts reads as it streams, with the same limit):
 * Fastify's own parser (prototype poisoning refused), behind the depth check, so nothing after it
 * ever walks a deeper body.
 */
export function limitJsonDepth(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsTooDeep(text)) done(jsonTooDeep(), undefined);
    else parseJson(request, text, done);
  });
}
