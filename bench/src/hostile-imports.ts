/**
 * Hostile participant imports against the real app: issue 16's 5 MB .xlsx zip bomb (one sheet
 * repeating `<row r="2">` 29 million times) and a CSV of 9.9 million bad lines (~19.8 MB, under
 * the 64 MiB cap). Each runs in a fresh child process that only serves the app, so its
 * VmHWM (peak RSS, from /proc) counts the server's memory and not the generated files; meanwhile
 * this process asks GET /api/health every 50 ms and reports the slowest answer.
 *
 *   npm run bench:hostile-imports --workspace bench
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { IMPORT_TEMPLATES } from '@balcao/contract';
import { badLinesCsv, xlsxBomb } from '@balcao/api/test/helpers/sheet-bombs.ts';
import { XLSX_MIME, dataUrl } from '@balcao/api/test/helpers/sheets.ts';
import { MiB, startBenchApp } from './bench-app.ts';

const GOALS = { rssMiB: 300, seconds: 5 };
const HEALTH_EVERY_MS = 50;
const IDLE_MS = 1000;

interface Served {
  origin: string;
  token: string;
  eventId: number;
}

/** The child: the real app on a fresh database, listening on loopback until it is killed. */
async function serve(): Promise<void> {
  const { app, token, newEvent } = await startBenchApp();
  const eventId = await newEvent('Evento hostil');
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ origin, token, eventId } satisfies Served);
}

/** VmHWM (the kernel's peak resident set) or VmRSS of a process, in bytes. */
async function memoryOf(pid: number, field: 'VmHWM' | 'VmRSS'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  return Number(kib) * 1024;
}

async function startServer(): Promise<{ child: ChildProcess; served: Served }> {
  const child = fork(import.meta.filename, ['--serve'], { stdio: 'inherit' });
  const [served] = (await once(child, 'message')) as [Served];
  return { child, served };
}

/**
 * GET /api/health every 50 ms until stopped (after `after` ms more): the slowest answer and any
 * that was not a 200 (the overload guard answers 503 when the event loop lags).
 */
function watchHealth(origin: string) {
  let running = true;
  let slowest = 0;
  let answered = 0;
  const refused: number[] = [];
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${origin}/api/health`);
      await response.arrayBuffer();
      slowest = Math.max(slowest, performance.now() - started);
      answered++;
      if (response.status !== 200) refused.push(response.status);
      await sleep(HEALTH_EVERY_MS);
    }
  })();
  return async (after: number) => {
    await sleep(after);
    running = false;
    await loop;
    return { slowest, answered, refused };
  };
}

const verdict = (ok: boolean) => (ok ? 'ok' : 'ACIMA DA META');

async function hostileUpload(label: string, sheet: string): Promise<void> {
  const { child, served } = await startServer();
  try {
    const pid = child.pid ?? 0;
    // One idle second first: how slow health is when nothing else runs.
    const idle = await watchHealth(served.origin)(IDLE_MS);
    // Forget the startup's peak (migrations, seeding): from here VmHWM is the import's.
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    const rssBefore = await memoryOf(pid, 'VmHWM');
    // Serialized before the watch starts, so this process's own work does not slow its probes.
    const body = JSON.stringify({ sheet, eventId: served.eventId });
    const stopWatching = watchHealth(served.origin);
    await sleep(2 * HEALTH_EVERY_MS);
    const started = performance.now();
    const response = await fetch(`${served.origin}/api/participants/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${served.token}`, 'content-type': 'application/json' },
      body,
    });
    const text = await response.text();
    const seconds = (performance.now() - started) / 1000;
    const health = await stopWatching(2 * HEALTH_EVERY_MS);
    const peak = await memoryOf(pid, 'VmHWM');
    const answer = JSON.parse(text) as {
      fails?: unknown[];
      failsOmitted?: number;
      error_description?: string;
    };
    const outcome =
      answer.error_description ??
      `${answer.fails?.length ?? 0} falhas listadas, ${answer.failsOmitted ?? 0} omitidas`;
    const peakMiB = peak / MiB;
    console.log(
      `${label}: HTTP ${response.status} (${outcome}) em ${seconds.toFixed(2)} s ` +
        `[meta < ${GOALS.seconds} s: ${verdict(seconds < GOALS.seconds)}]; ` +
        `RSS do servidor antes ${(rssBefore / MiB).toFixed(0)} MiB, pico (VmHWM) ` +
        `${peakMiB.toFixed(0)} MiB (+${((peak - rssBefore) / MiB).toFixed(0)} MiB) ` +
        `[meta < ${GOALS.rssMiB} MiB: ${verdict(peakMiB < GOALS.rssMiB)}]`,
    );
    console.log(
      `  GET /api/health a cada ${HEALTH_EVERY_MS} ms durante a importação: ${health.answered} ` +
        `respostas, a mais lenta em ${health.slowest.toFixed(0)} ms` +
        (health.refused.length
          ? `, ${health.refused.length} recusadas (${health.refused[0]})`
          : '') +
        ` (ociosa: a mais lenta em ${idle.slowest.toFixed(0)} ms) ` +
        `[meta sem atraso: ${verdict(health.slowest < idle.slowest + HEALTH_EVERY_MS)}]`,
    );
  } finally {
    child.kill();
    await once(child, 'exit');
  }
}

async function main(): Promise<void> {
  const header = IMPORT_TEMPLATES.participants.columns
    .filter((column) => column.required)
    .map((column) => column.name);

  // Its zip headers claim 1 MB, so only reading can find out (as in imports-limits.test.ts).
  const bomb = xlsxBomb({ header, row: ['Fulano'], rows: 29_000_000, declaredSize: 1e6 });
  const csv = badLinesCsv(header, 9_900_000);
  console.log(
    `Bomba .xlsx: ${(bomb.length / MiB).toFixed(1)} MiB, 29 milhões de linhas; ` +
      `CSV: ${(csv.length / MiB).toFixed(1)} MiB, 9,9 milhões de linhas ruins ` +
      `(metas: < ${GOALS.rssMiB} MiB de RSS, < ${GOALS.seconds} s, health sem atraso)`,
  );
  await hostileUpload('Bomba .xlsx', dataUrl(bomb, XLSX_MIME));
  await hostileUpload('CSV de 9,9 milhões de linhas ruins', dataUrl(csv));
}

await (process.argv.includes('--serve') ? serve() : main());
