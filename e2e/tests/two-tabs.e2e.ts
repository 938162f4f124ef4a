import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tools/chromium.mjs';
import { newAppContext } from '../support/browser.ts';
import { ownServer } from '../support/own-server.ts';
import { openMenu, signIn } from '../support/screens.ts';

/**
 * Issue #47, 1: two tabs of one browser are one session. The second tab's start-up renews the
 * login; the first, used past the token's lifetime and the server's 10 s grace, must not renew
 * with the token the second already spent (the server takes that as theft and ends the login in
 * both). A server of its own with a 15 s access token, so that the first tab, idle, renews only
 * after it has expired.
 */
const PASSWORD = 'duas-abas-123';
const server = ownServer('tabs', PASSWORD, () => ({ ACCESS_TOKEN_TTL: '15' }));
let browser: Browser;

beforeAll(async () => {
  await server.start();
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server.remove();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a page from the menu and checks the session is still on. */
async function use(page: Page, menu: string): Promise<void> {
  await openMenu(page, menu);
  expect(await page.getByText('Sessão expirada. Entre novamente.').count()).toBe(0);
  await page.getByText('Olá, admin').waitFor();
}

describe('two tabs of one browser', () => {
  it('stay signed in together past the access token lifetime', async () => {
    const context = await newAppContext(browser);
    const first = await context.newPage();
    await first.goto(server.url);
    await signIn(first, 'admin', PASSWORD);

    const second = await context.newPage();
    await second.goto(server.url); // its start-up renews the login
    await second.getByText('Olá, admin').waitFor();
    await pause(17_000); // the first tab's token has expired, and the grace is long past

    await use(first, 'Eventos');
    await use(second, 'Usuários');
    await pause(16_000);
    await use(second, 'Eventos');
    await use(first, 'Usuários');
    await first.reload();
    await first.getByRole('heading', { level: 1, name: 'Usuários' }).waitFor();
    await use(second, 'Usuários');
    await context.close();
  }, 120_000);
});
