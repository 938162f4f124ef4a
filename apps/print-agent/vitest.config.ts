import { defineConfig } from 'vitest/config';

// The tests start real processes (the agent's command, a private cupsd): on two busy cores a
// start alone can pass vitest's 5 s default, which then fails a test that was only waiting.
export default defineConfig({
  test: { testTimeout: 30_000, hookTimeout: 60_000 },
});
