/**
 * The SPA's weight, from a real production build: the initial JS and CSS that index.html loads
 * (raw, gzip, brotli, as the build precompressed them), then, in Debian's Chromium with an empty
 * cache, the bytes on the wire of a first visit to the login page and to 'Credenciamento', and
 * the Largest Contentful Paint of each. Prints numbers; asserts nothing.
 *
 *   npm run bench:spa --workspace bench
 *   BENCH_SKIP_BUILD=1 npm run bench:spa --workspace bench   # measure the build already there
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ADMIN_PASSWORD, startBenchApp } from './bench-app.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tools/chromium.mjs';
import { WEB_DIST, initialAssets, weightOf } from '../../tools/spa-weight.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Counts every response's bytes on the wire (headers included) while `visit` runs. */
async function wireBytes(context: BrowserContext, page: Page, visit: () => Promise<void>) {
  const cdp = await context.newCDPSession(page);
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
    requests += 1;
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await visit();
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return { bytes, requests };
}

/** The page's Largest Contentful Paint so far, in ms since navigation (browser code, as text). */
const LCP_SO_FAR = `new Promise((resolve) => {
  new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? NaN))
    .observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve(NaN), 3000);
})`;
const largestContentfulPaint = (page: Page): Promise<number> => page.evaluate<number>(LCP_SO_FAR);

/** A menu item of the group of the same name ('Credenciamento'), opening the group if closed. */
async function menuButton(page: Page, label: string) {
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  const group = menu.getByRole('button', { name: `Grupo ${label}`, exact: true });
  if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
  return menu.getByRole('button', { name: label, exact: true });
}

async function logIn(page: Page): Promise<void> {
  await page.getByLabel('Usuário').fill('admin');
  await page.getByLabel('Usuário').press('Enter');
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByLabel('Senha', { exact: true }).press('Enter');
}

async function measureInBrowser(browser: Browser, baseUrl: string): Promise<void> {
  const fresh = () =>
    browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 800 } });

  const loginContext = await fresh();
  const loginPage = await loginContext.newPage();
  const login = await wireBytes(loginContext, loginPage, async () => {
    await loginPage.goto(baseUrl);
    await loginPage.getByLabel('Usuário').waitFor();
  });
  const loginLcp = await largestContentfulPaint(loginPage);
  console.log(
    `Primeira visita à página de login: ${kb(login.bytes)} na rede, ` +
      `${login.requests} respostas, LCP ${loginLcp.toFixed(0)} ms`,
  );

  // Signing in and opening the desk from the menu, as a clerk does on a new computer.
  const desk = await wireBytes(loginContext, loginPage, async () => {
    await logIn(loginPage);
    await (await menuButton(loginPage, 'Credenciamento')).click();
    await loginPage.getByLabel('CPF', { exact: true }).waitFor();
  });
  console.log(
    `Login e abertura do 'Credenciamento' em seguida: mais ${kb(desk.bytes)} na rede, ` +
      `${desk.requests} respostas (login + desk: ${kb(login.bytes + desk.bytes)})`,
  );

  // The next morning: the saved session reopens the desk, with an empty HTTP cache.
  const session = await loginContext.storageState();
  await loginContext.close();
  const deskContext = await browser.newContext({
    locale: 'pt-BR',
    viewport: { width: 1280, height: 800 },
    storageState: session,
  });
  const deskPage = await deskContext.newPage();
  const reopened = await wireBytes(deskContext, deskPage, async () => {
    await deskPage.goto(baseUrl);
    await deskPage.getByLabel('CPF', { exact: true }).waitFor();
  });
  const deskLcp = await largestContentfulPaint(deskPage);
  console.log(
    `Primeira visita direta ao 'Credenciamento' (sessão salva, cache vazio): ` +
      `${kb(reopened.bytes)} na rede, ${reopened.requests} respostas, LCP ${deskLcp.toFixed(0)} ms`,
  );
  await deskContext.close();
}

async function main(): Promise<void> {
  if (!process.env.BENCH_SKIP_BUILD) {
    execFileSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
  }
  const { js, css } = initialAssets();
  const show = (label: string, files: string[]) => {
    const w = weightOf(files);
    console.log(
      `${label} (${files.length} arquivos): ${kb(w.raw)} cru, ${kb(w.gzip)} gzip, ${kb(w.brotli)} brotli`,
    );
  };
  show('JS inicial', js);
  show('CSS inicial', css);

  const { app, db, newEvent, close } = await startBenchApp({ webDist: WEB_DIST });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const eventId = await newEvent('Evento do balcão');
    await db.updateTable('events').set({ selected: true }).where('id', '=', eventId).execute();
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    await measureInBrowser(browser, baseUrl);
  } finally {
    await browser.close();
    await close();
  }
}

await main();
