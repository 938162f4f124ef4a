import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { configDefaults, defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import purgeCss from '@fullhuman/postcss-purgecss';

// The SPA calls same-origin /api; in dev and preview Vite forwards it to the API server.
const apiTarget = process.env.BALCAO_API_PROXY ?? 'http://localhost:8080';
const proxy = { '/api': { target: apiTarget, changeOrigin: true } };

/**
 * The QR scanner's zxing WebAssembly decoder, served from our own origin (ui/qr-scanner.tsx):
 * copied from node_modules into public/ (git-ignored) when the dev server or a build starts.
 */
function zxingWasm(): Plugin {
  const source = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  const publicDir = fileURLToPath(new URL('./public/', import.meta.url));
  const target = `${publicDir}zxing_reader.wasm`;
  return {
    name: 'balcao-zxing-wasm',
    buildStart() {
      if (existsSync(target) && statSync(target).size === statSync(source).size) return;
      mkdirSync(publicDir, { recursive: true });
      copyFileSync(source, target);
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|wasm|txt|ttf)$/;

/**
 * Writes `file.br` and `file.gz` beside every compressible file of the build, at the highest
 * levels (done once per build, not per request); the API server sends the one the browser
 * accepts (apps/api/src/http/spa.ts). Venue Wi-Fi is slow: brotli saves a fifth more than gzip.
 */
function precompress(): Plugin {
  let outDir = '';
  const toBrotli = promisify(brotliCompress);
  const toGzip = promisify(gzip);
  return {
    name: 'balcao-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) =>
        COMPRESSIBLE.test(file),
      );
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(path.join(outDir, file));
          if (content.length < 1024) return;
          const brotli = await toBrotli(content, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          });
          const gzipped = await toGzip(content, { level: zlib.Z_BEST_COMPRESSION });
          await writeFile(path.join(outDir, `${file}.br`), brotli);
          await writeFile(path.join(outDir, `${file}.gz`), gzipped);
        }),
      );
    },
  };
}

/**
 * Only the Bootstrap the app uses: the build drops every rule whose classes appear nowhere in the
 * app's source. react-bootstrap composes component classes at run time (`btn-${variant}`), so
 * components keep all their rules; what goes is mostly the unused utility classes.
 */
const unusedBootstrap = purgeCss({
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  safelist: {
    standard: [
      /^(btn|alert|badge|bg|text-bg|spinner|modal|form|input-group|nav|navbar|card|table|col|row)/,
      /^(progress|page|pagination|dropdown|list-group|accordion|tab|fade|show|collaps|close)/,
      // The folded menu (Offcanvas): its placement and transition classes are composed too.
      /^(offcanvas|showing|hiding)/,
      /^(invalid|valid|is-invalid|is-valid|was-validated|visually-hidden|container|btn-close)/,
    ],
    greedy: [/data-bs-theme/],
  },
});

/**
 * The app opens without the server (issue #26, docs/offline-desk.md): a service worker keeps every
 * file of the build and answers the page itself. A new build's worker waits until the app lets it
 * take over between two guests (app/updates.ts); /api is never cached.
 */
const offlineApp = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    name: 'Balcão',
    short_name: 'Balcão',
    description: 'Balcão: back-office de eventos',
    lang: 'pt-BR',
    start_url: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#212529',
    icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  },
  workbox: {
    // The badge's PDF background is drawn by pdf.js's worker (.mjs) when printing offline, its
    // text in the documents' font (.ttf, ui/layout-drawing/layout-font.ts).
    globPatterns: ['**/*.{js,mjs,css,html,svg,wasm,woff2,ttf}'],
    // The camera scanner's decoder is about 1 MB.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    cleanupOutdatedCaches: true,
  },
});

/**
 * Every module the first screen needs (the entry's static imports, `$initial`) in one chunk beside
 * the entry: left to the automatic splitting, the pieces they share with lazy pages (a button,
 * jsx-runtime, prop-types...) came as a dozen preloads, most under 1 KB, each a request and its
 * headers on a phone's first visit (issue #45). The service worker's two small chunks, loaded
 * together once the page is idle, are one too.
 */
const firstScreenInOneChunk = {
  groups: [
    { name: 'first-screen', tags: ['$initial' as const], priority: 2 },
    {
      name: 'service-worker',
      test: /workbox-window|[\\/]app[\\/]updates[\\/]service-worker/,
      priority: 1,
    },
  ],
};

// pages.test.tsx checks what a page's chunk brings when first loaded; replica-database.test.ts
// reads IndexedDB right after writing it, and another file's leftover work in a shared worker
// (a desk or kiosk wiping or syncing its replica) once emptied it in between.
const OWN_MODULES = ['src/pages.test.tsx', 'src/features/accreditation/replica-database.test.ts'];

export default defineConfig(({ command }) => ({
  plugins: [react(), zxingWasm(), offlineApp, precompress()],
  css: { postcss: { plugins: command === 'build' ? [unusedBootstrap] : [] } },
  build: { rolldownOptions: { output: { codeSplitting: firstScreenInOneChunk } } },
  server: { proxy },
  preview: { proxy },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    // Whole-app tests load several lazy pages; on busy CI cores 5 s was not always enough.
    testTimeout: 15_000,
    restoreMocks: true,
    // Files share their worker's modules and jsdom (setup.ts resets the DOM, storage and msw after
    // each test): loading the app once per worker instead of once per file makes the suite ~5×
    // faster, and it passes in any order (--sequence.shuffle).
    isolate: false,
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: { name: 'web', exclude: [...configDefaults.exclude, ...OWN_MODULES] },
      },
      // These files run alone in their worker's modules and jsdom (OWN_MODULES says why).
      { extends: true, test: { name: 'web:own-modules', include: OWN_MODULES, isolate: true } },
    ],
  },
}));
