import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The SPA calls same-origin /api; in dev and preview Vite forwards it to the API server.
const apiTarget = process.env.BALCAO_API_PROXY ?? 'http://localhost:8080';
const proxy = { '/api': { target: apiTarget, changeOrigin: true } };

export default defineConfig({
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
  },
});
