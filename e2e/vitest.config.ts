import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The fresh-install test sees the empty database only if it runs first; the rest by name. */
class FreshInstallFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) =>
      file.moduleId.endsWith('fresh-install.e2e.ts') ? '0' : `1${file.moduleId}`;
    return [...files].sort((a, b) => rank(a).localeCompare(rank(b)));
  }
}

// Browser tests drive Debian's Chromium against the real server (scripts/start.mjs) on a
// temporary SQLite database; one server per run (e2e/run.mjs starts one run per shard), one
// browser context per test.
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/server.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // As long as a locator waits (support/browser.ts): a loaded CI machine answered a selection
    // after the default 1 s and the poll gave up before the screen caught up.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
    sequence: { sequencer: FreshInstallFirst },
  },
});
