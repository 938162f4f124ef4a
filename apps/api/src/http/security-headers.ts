import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's defaults (nosniff, frame and referrer policies, ...) with our CSP. The camera QR
 * scanner needs 'wasm-unsafe-eval' and blob: workers; no CDN is allowed, the venue may be offline.
 * useDefaults is off so upgrade-insecure-requests cannot break a plain-HTTP venue network.
 */
export const securityHeaders: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      // A print with no mapped printer shows its PDF in a hidden blob: frame (ui/print-frame.ts).
      frameSrc: ["'self'", 'blob:'],
      mediaSrc: ["'self'", 'blob:', 'data:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
};

/** The headers helmet sets with these options, worked out once (they never vary per request). */
export function securityHeaderValues(
  options: HelmetOptions = securityHeaders,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/**
 * What an /api answer carries instead (JSON, a CSV, a PDF or PNG; never a page the browser opens):
 * the set of OWASP's REST Security Cheat Sheet. Not kept by any cache (answers are per user and
 * per moment), not framed, not sniffed into another type, not readable by another origin. The
 * page headers above (script and style sources, opener, referrer and DNS-prefetch policies...)
 * govern documents; the SPA fetches these answers, so they never become one, and sending all 13
 * where 6 do cost the desks' hottest call a tenth of its CPU (issue #45, bench:cpf-check).
 */
function apiHeaderValues(): Record<string, string> {
  const page = securityHeaderValues();
  return {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'strict-transport-security': page['strict-transport-security']!,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

const isApiUrl = (url: string): boolean =>
  url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');

/**
 * Sets the security headers on every answer: the API's on /api (a 404 there included), the
 * pages' on the rest. @fastify/helmet built helmet's middleware anew on each request (parsing
 * the CSP again) in two hooks: about 6 % of a desk call's time (issue 15).
 */
export function addSecurityHeaders(app: FastifyInstance): void {
  const page = securityHeaderValues();
  const api = apiHeaderValues();
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(isApiUrl(request.url) ? api : page);
    done();
  });
}
