/**
 * Lighthouse's mobile preset (its default: a mid-range phone on a slow 4G link) on the first page
 * a desk sees: the login page on a first visit (storage and cache cleared before each run), the
 * same page again with the service worker installed, and 'Credenciamento' reopened from a saved
 * session. Each runs three times in Debian's Chromium against a real production build; prints the medians of the
 * performance and accessibility scores, LCP and TBT. Goals: performance ≥ 0.9, accessibility 1,
 * LCP ≤ 2.5 s, TBT ≤ 200 ms. Prints numbers; asserts nothing.
 *
 *   npm run bench:lighthouse --workspace bench
 *   BENCH_SKIP_BUILD=1 npm run bench:lighthouse --workspace bench
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { ADMIN_PASSWORD, startBenchApp } from './bench-app.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tools/chromium.mjs';
import { WEB_DIST } from '../../tools/spa-weight.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = 3;
const DEBUGGING_PORT = 9333;

interface Scores {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
}

/** The main thread's long tasks of a run (Lighthouse's 'long-tasks' audit): where TBT comes from. */
interface LongTask {
  url: string;
  startTime: number;
  duration: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * One Lighthouse run on the browser listening on DEBUGGING_PORT. Cold: Lighthouse clears the
 * origin's storage (service worker, its caches, localStorage, IndexedDB) and the HTTP cache first,
 * a phone's first visit. Warm: storage kept (the service worker answers, the session is saved).
 */
async function audit(url: string, cold: boolean): Promise<Scores & { longTasks: LongTask[] }> {
  const result = await lighthouse(url, {
    port: DEBUGGING_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: !cold,
  });
  if (!result) throw new Error('Lighthouse não respondeu.');
  const { categories, audits } = result.lhr;
  return {
    performance: categories.performance?.score ?? Number.NaN,
    accessibility: categories.accessibility?.score ?? Number.NaN,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    longTasks: (
      (audits['long-tasks']?.details as { items?: LongTask[] } | undefined)?.items ?? []
    ).slice(0, 5),
  };
}

async function report(label: string, url: string, cold: boolean): Promise<void> {
  const runs: (Scores & { longTasks: LongTask[] })[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await audit(url, cold));
  const of = (key: keyof Scores) => median(runs.map((scores) => scores[key]));
  console.log(
    `${label}: desempenho ${of('performance').toFixed(2)}, acessibilidade ` +
      `${of('accessibility').toFixed(2)}, LCP ${of('lcpMs').toFixed(0)} ms, ` +
      `TBT ${of('tbtMs').toFixed(0)} ms (medianas de ${RUNS})`,
  );
  // The longest tasks of the last run, with the script Lighthouse blames (its times are the
  // emulated phone's, 4× slower than this machine).
  for (const task of runs.at(-1)!.longTasks) {
    const where = task.url.replace(/^https?:\/\/[^/]+/, '') || '(sem script)';
    console.log(
      `  tarefa longa: ${task.duration.toFixed(0)} ms aos ${task.startTime.toFixed(0)} ms, ${where}`,
    );
  }
}

async function main(): Promise<void> {
  if (!process.env.BENCH_SKIP_BUILD) {
    execFileSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
  }
  const { app, db, newEvent, close } = await startBenchApp({ webDist: WEB_DIST });
  const profile = await mkdtemp(path.join(tmpdir(), 'balcao-lighthouse-'));
  // A persistent profile: Lighthouse's tabs share its storage, where the desk's session is saved.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUGGING_PORT}`],
    locale: 'pt-BR',
  });
  try {
    const eventId = await newEvent('Evento do balcão');
    await db.updateTable('events').set({ selected: true }).where('id', '=', eventId).execute();
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });

    await report('Página de login, primeira visita (armazenamento e cache limpos)', baseUrl, true);

    // A visit that leaves the service worker installed and in charge: the warm runs load from it.
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(baseUrl);
    const installed = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000)),
      ]),
    );
    if (!installed) console.log('  (o service worker não se instalou em 15 s)');
    await report('Página de login, visita seguinte (service worker instalado)', baseUrl, false);

    // Sign in and open the desk once: the session (and its last page) is saved for the next visit.
    await page.goto(baseUrl);
    await page.getByLabel('Usuário').fill('admin');
    await page.getByLabel('Senha', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByLabel('Senha', { exact: true }).press('Enter');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    const group = menu.getByRole('button', { name: 'Grupo Credenciamento', exact: true });
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
    await menu.getByRole('button', { name: 'Credenciamento', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Credenciamento' }).waitFor();

    await report("'Credenciamento' com a sessão salva", baseUrl, false);
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
    await close();
  }
}

await main();
