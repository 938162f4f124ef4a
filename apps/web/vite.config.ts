import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [react(), zxingWasm()],
  server: { proxy },
  preview: { proxy },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
  },
});
