// The one place the e2e tests (e2e/support/browser.ts) and the SPA benchmark (bench/src/spa.ts)
// take Chromium from: Debian's, launched headless through playwright-core; nothing downloads a
// browser.

/** Debian's Chromium, or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a quiet headless run in a container: no sandbox, GPU, updates or first-run pages. */
export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]);
