import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Helmet's defaults (nosniff, frame and referrer policies, ...) with our CSP. The camera QR
 * scanner needs 'wasm-unsafe-eval' and blob: workers; no CDN is allowed, the venue may be offline.
 * useDefaults is off so upgrade-insecure-requests cannot break a plain-HTTP venue network.
 */
export const securityHeaders: FastifyHelmetOptions = {
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
