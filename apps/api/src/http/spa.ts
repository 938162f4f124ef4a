import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CERTIFICATE_VERIFY_PAGE } from '@balcao/contract';
import { handleNotFound } from './error-handler.ts';

const NO_CACHE = 'no-cache';
// Vite puts content-hashed bundles under assets/: a new build gets new names, so they never go stale.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The public verification pages (issue #44): for anyone who holds a code, never for a search engine. */
const isUnindexedPage = (pathname: string): boolean =>
  pathname === CERTIFICATE_VERIFY_PAGE || pathname.startsWith(`${CERTIFICATE_VERIFY_PAGE}/`);

const isApiPath = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Serves the built SPA when `webDist/index.html` exists. The SPA has no URL routes, but any
 * non-/api GET that is not a file gets index.html, so a reload or a bookmarked path still works.
 * Returns whether the SPA is served.
 */
export async function serveSpa(app: FastifyInstance, webDist: string): Promise<boolean> {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.setNotFoundHandler(handleNotFound);
    return false;
  }

  await app.register(fastifyStatic, {
    root: webDist,
    cacheControl: false,
    // The build writes file.br and file.gz beside each file (apps/web/vite.config.ts): the one the
    // browser's Accept-Encoding takes is sent, without compressing anything per request.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const relative = path.relative(webDist, filePath);
      res.setHeader(
        'cache-control',
        relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : NO_CACHE,
      );
      // One URL, several encodings: a shared cache must key on what the browser accepts.
      res.setHeader('vary', 'accept-encoding');
    },
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing script or image must stay a 404, not turn into HTML the browser would choke on.
    const looksLikeFile = path.posix.extname(pathname) !== '';
    if (isApiPath(request.url) || !wantsPage || looksLikeFile)
      return handleNotFound(request, reply);
    if (isUnindexedPage(pathname)) reply.header('x-robots-tag', 'noindex, nofollow');
    return reply.header('cache-control', NO_CACHE).sendFile('index.html');
  });
  return true;
}
