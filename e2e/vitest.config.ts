import { defineConfig } from 'vitest/config';

// Browser tests drive Debian's Chromium against the real server (scripts/start.mjs) on a
// temporary SQLite database; one server for the whole run, one browser context per test.
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/server.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
