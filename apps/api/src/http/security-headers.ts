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
 * Sets the security headers on every answer. @fastify/helmet built helmet's middleware anew on
 * each request (parsing the CSP again) in two hooks: about 6 % of a desk call's time (issue 15).
 */
export function addSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaderValues();
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
