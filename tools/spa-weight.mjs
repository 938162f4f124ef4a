// What the first screen costs: the files index.html makes the browser fetch before it shows
// anything, and their sizes raw, gzip and brotli (as the build precompresses them). The SPA
// benchmark prints them; the end-to-end run holds the login page's JS to its budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export const WEB_DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));

/** The budget of the login page's compressed JS (brotli), in bytes. */
export const LOGIN_JS_BUDGET = 150 * 1024;

/** The entry script, the module preloads and the stylesheets index.html names. */
export function initialAssets(dist = WEB_DIST) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const attribute = (pattern) => [...html.matchAll(pattern)].map((match) => match[1]);
  return {
    js: [
      ...attribute(/<script[^>]+src="([^"]+)"/g),
      ...attribute(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ],
    css: attribute(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g),
  };
}

/** Files' total size raw, gzip (level 9) and brotli (quality 11). */
export function weightOf(files, dist = WEB_DIST) {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const content = readFileSync(join(dist, file.replace(/^\//, '')));
    total.raw += content.length;
    total.gzip += gzipSync(content, { level: 9 }).length;
    total.brotli += brotliCompressSync(content, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
    }).length;
  }
  return total;
}
