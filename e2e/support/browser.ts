import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tools/chromium.mjs';

export const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;

/**
 * Gives each test a fresh page on the app (the shared server's, unless a test runs its own);
 * a failing test leaves a screenshot in e2e/artifacts.
 */
export function usePage(baseUrl: string = inject('baseUrl')): {
  page: () => Page;
  baseUrl: string;
} {
  let browser: Browser;
  let current: Page;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  });
  afterAll(async () => browser?.close());

  beforeEach(async () => {
    const browserContext = await newAppContext(browser);
    current = await browserContext.newPage();
    await current.goto(baseUrl);
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      mkdirSync(ARTIFACTS, { recursive: true });
      const name = context.task.name.replace(/[^\w-]+/g, '_').slice(0, 80);
      await current.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
      // CI keeps only the log: what a dialog on screen said is often the whole story.
      for (const dialog of await current.getByRole('dialog').all()) {
        const text = await dialog.innerText().catch(() => '');
        if (text)
          console.error(`[${context.task.name}] diálogo na tela: ${text.replace(/\s+/g, ' ')}`);
      }
    }
    await current.context().close();
  });

  return { page: () => current, baseUrl };
}

/**
 * A browser context as a desk's: pt-BR, a clock on UTC, a laptop's screen, and print() marked instead of shown.
 * Headless Chromium's renderer crashes printing a PDF, where a desk shows the system's print
 * dialog: every document's print() only leaves a mark that expectPrinted (screens.ts) reads. The
 * tab counts them too (printCount): the next print removes a frame already printed.
 */
export async function newAppContext(browser: Browser): Promise<BrowserContext> {
  const browserContext = await browser.newContext({
    locale: 'pt-BR',
    // A laptop on UTC at a venue in Brazil: every time on screen is still the event's zone.
    timezoneId: 'UTC',
    viewport: { width: 1280, height: 800 },
  });
  browserContext.setDefaultTimeout(10_000);
  await browserContext.addInitScript(() => {
    window.print = () => {
      document.documentElement.setAttribute('data-printed', '');
      const tab = window.top as (Window & { balcaoPrints?: number }) | null;
      if (tab) tab.balcaoPrints = (tab.balcaoPrints ?? 0) + 1;
    };
  });
  return browserContext;
}

export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Usuário').fill(username);
  await page.getByLabel('Usuário').press('Enter');
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Senha', { exact: true }).press('Enter');
}

/** How many documents the page has printed so far (frames' print() included). */
export function printCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as Window & { balcaoPrints?: number }).balcaoPrints ?? 0);
}
