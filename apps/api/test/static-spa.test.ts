import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

const INDEX = '<!doctype html><title>Balcão</title><div id="root"></div>';
const BUNDLE = `console.log("balcão");\n`.repeat(100);
const CSP =
  "default-src 'self';script-src 'self' 'wasm-unsafe-eval';style-src 'self' 'unsafe-inline';" +
  "img-src 'self' data: blob:;connect-src 'self';frame-src 'self' blob:;media-src 'self' blob: data:;" +
  "worker-src 'self' blob:;object-src 'none';frame-ancestors 'none';base-uri 'self';form-action 'self'";

let t: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'balcao-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), INDEX);
  await writeFile(path.join(webDist, 'assets', 'index-Ab12Cd34.js'), 'console.log("balcão")');
  // As the build leaves them: each file beside its brotli and gzip forms.
  const bundle = path.join(webDist, 'assets', 'main-Ef56Gh78.js');
  await writeFile(bundle, BUNDLE);
  await writeFile(`${bundle}.br`, brotliCompressSync(BUNDLE));
  await writeFile(`${bundle}.gz`, gzipSync(BUNDLE));
  await writeFile(path.join(webDist, 'index.html.br'), brotliCompressSync(INDEX));
  await writeFile(path.join(webDist, 'beep.mp3'), 'ID3');
  t = await startTestApp({ config: { webDist } });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('single-page app', () => {
  it('serves index.html at the root, never cached, with the security headers', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toBe(CSP);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('falls back to index.html for any other page path', async () => {
    for (const url of ['/admin', '/qualquer/caminho?aba=2']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toBe(CSP);
    }
  });

  it("asks search engines not to index the certificates' verification pages, and only those", async () => {
    for (const url of ['/verificar', '/verificar/K7QM-3XRT-9HWA-PZ4C-E2NB', '/verificar/?c=1']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
    for (const url of ['/', '/verificarx', '/admin/verificar']) {
      expect((await get(url)).headers['x-robots-tag'], url).toBeUndefined();
    }
  });

  it('lets hashed bundles be cached for good, other files revalidated', async () => {
    const bundle = await get('/assets/index-Ab12Cd34.js');
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body).toBe('console.log("balcão")');
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/beep.mp3')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the brotli or gzip form the browser accepts, still cached for good', async () => {
    const fetchAs = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/main-Ef56Gh78.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });

    const brotli = await fetchAs('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BUNDLE);
    expect(brotli.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);

    const gzipped = await fetchAs('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(BUNDLE);
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await fetchAs();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('compresses index.html too, never cached, and falls back to it compressed', async () => {
    for (const url of ['/', '/admin']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('never lets an /api answer be cached', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for a missing file instead of HTML', async () => {
    const response = await get('/assets/sumiu-123.js');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });

  it('keeps unknown /api paths as JSON 404s', async () => {
    const response = await get('/api/desconhecida');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('not_found');
  });

  it("sends an API answer the REST set of security headers, and a page's only to pages", async () => {
    for (const url of ['/api/health', '/api/desconhecida', '/api?x=1']) {
      const response = await get(url);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
      expect(response.headers['referrer-policy'], url).toBeUndefined();
    }
    // A page path that merely starts with the letters is a page.
    const page = await get('/apiario');
    expect(page.headers['content-security-policy']).toBe(CSP);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });
});
