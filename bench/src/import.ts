/**
 * 100 000-line participants import through the real app (buildApp + inject) on a temporary SQLite
 * file: lines per second, peak RSS, and the time per line next to a bare INSERT loop of the same
 * rows in one Kysely transaction, so the ratio means the same on any machine.
 *
 *   npm run bench                       (100 000 lines)
 *   BENCH_LINES=20000 npm run bench
 */
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { SITUACAO_STATUSES, withCheckDigits } from '@balcao/contract';
import type { Database } from '@balcao/api/src/db/types.ts';
import { MiB, startBenchApp } from './bench-app.ts';

const LINES = Number(process.env.BENCH_LINES ?? 100_000);
const CENTERS = 30;

/** Samples RSS every few milliseconds while a phase runs (the import yields between batches). */
class RssSampler {
  peak = 0;
  #timer: NodeJS.Timeout | undefined;

  start(): void {
    this.peak = process.memoryUsage().rss;
    this.#timer = setInterval(() => this.sample(), 5);
  }

  sample(): void {
    this.peak = Math.max(this.peak, process.memoryUsage().rss);
  }

  stop(): number {
    clearInterval(this.#timer);
    this.sample();
    return this.peak;
  }
}

const centerName = (index: number) => `Núcleo ${index + 1}`;

function participantCsv(lines: number): string {
  const out = ['nome;email;cpf_cnpj;pacote;situacao;nucleo_origem;business'];
  for (let i = 0; i < lines; i++) {
    const cpf = withCheckDigits(String(100_000_000 + i));
    // Spelled without accents and in lower case, as spreadsheets often are: folded matching.
    const center = centerName(i % CENTERS)
      .toLowerCase()
      .replace('ú', 'u');
    out.push(
      `Participante ${i};p${i}@example.com;${cpf};Pacote ${i % 5};${1 + (i % 7)};${center};Empresa ${i % 100}`,
    );
  }
  return `${out.join('\r\n')}\r\n`;
}

async function bareInsertLoop(db: Kysely<Database>, eventId: number, lines: number) {
  const centers = await db.selectFrom('centers').select('id').orderBy('id').execute();
  const stamp = new Date().toISOString();
  // Rows already parsed and valid: only the database's share of the work is timed.
  const rows = Array.from({ length: lines }, (_, i) => ({
    event_id: eventId,
    cpf: withCheckDigits(String(100_000_000 + i)),
    name: `Participante ${i}`,
    email: `p${i}@example.com`,
    pacote: `Pacote ${i % 5}`,
    status: SITUACAO_STATUSES[String(1 + (i % 7))] ?? 'OK',
    status_original: String(1 + (i % 7)),
    center_id: centers[i % CENTERS]?.id ?? null,
    business: `Empresa ${i % 100}`,
    date_created: stamp,
    date_updated: stamp,
  }));
  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    for (const row of rows) await trx.insertInto('participants').values(row).execute();
  });
  return performance.now() - started;
}

async function main(): Promise<void> {
  const { app, db, token, newEvent, close } = await startBenchApp();
  try {
    const stamp = new Date().toISOString();
    const dated = { date_created: stamp, date_updated: stamp };
    const importEvent = await newEvent('Evento do import');
    const bareEvent = await newEvent('Evento do INSERT puro');
    for (let i = 0; i < CENTERS; i++) {
      await db
        .insertInto('centers')
        .values({ name: centerName(i), serial: i + 1, api_token: `bench-${i}`, ...dated })
        .execute();
    }

    const csv = participantCsv(LINES);
    const sheet = `data:text/csv;base64,${Buffer.from(csv).toString('base64')}`;
    console.log(
      `Arquivo: ${LINES.toLocaleString('pt-BR')} linhas, ${(csv.length / MiB).toFixed(1)} MiB ` +
        `(data URL ${(sheet.length / MiB).toFixed(1)} MiB)`,
    );

    const upload = async (label: string) => {
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      const sampler = new RssSampler();
      sampler.start();
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/participants/upload',
        headers: { authorization: `Bearer ${token}` },
        payload: { sheet, eventId: importEvent },
      });
      const elapsed = performance.now() - started;
      const peak = sampler.stop();
      const memory =
        `RSS antes ${(rssBefore / MiB).toFixed(0)} MiB, pico ${(peak / MiB).toFixed(0)} MiB ` +
        `(+${((peak - rssBefore) / MiB).toFixed(0)} MiB)`;
      if (response.statusCode !== 200) {
        // A refused file (too large, a limit) has no counts to print: say why, measure nothing.
        const { error_description: reason } = response.json<{ error_description?: string }>();
        console.log(
          `${label}: RECUSADO, HTTP ${response.statusCode} "${reason ?? response.body}" ` +
            `em ${(elapsed / 1000).toFixed(2)} s; ${memory}`,
        );
        return null;
      }
      const body = response.json<{
        fails: { error: string }[];
        failsOmitted?: number;
        created: number;
        updated: number;
        unchanged: number;
      }>();
      const read = body.created + body.updated + body.unchanged;
      const stop = body.fails.at(-1)?.error;
      console.log(
        `${label}: HTTP ${response.statusCode}, ${(elapsed / 1000).toFixed(2)} s, ` +
          `${Math.round(read / (elapsed / 1000)).toLocaleString('pt-BR')} linhas/s; ` +
          `created ${body.created}, updated ${body.updated}, unchanged ${body.unchanged}, ` +
          `fails ${body.fails.length + (body.failsOmitted ?? 0)}; ${memory}` +
          (read < LINES && stop ? `\n  importadas ${read} de ${LINES} linhas: "${stop}"` : ''),
      );
      return { elapsed, read };
    };

    const first = await upload('Importação (novos)');
    const again = await upload('Reimportação (nada muda)');
    if (!first || !again) return;

    // The same number of rows the import wrote: a file over the row limit is read only up to it.
    const rows = first.read;
    const bare = await bareInsertLoop(db, bareEvent, rows);
    console.log(
      `INSERT puro (Kysely, 1 transação, linha a linha): ${(bare / 1000).toFixed(2)} s, ` +
        `${Math.round(rows / (bare / 1000)).toLocaleString('pt-BR')} linhas/s`,
    );
    const perLine = (ms: number) => `${((ms * 1000) / rows).toFixed(1)} µs/linha`;
    console.log(
      `Razão importação/INSERT puro: ${(first.elapsed / bare).toFixed(2)}x ` +
        `(${perLine(first.elapsed)} vs ${perLine(bare)}); ` +
        `reimportação/INSERT puro: ${(again.elapsed / bare).toFixed(2)}x`,
    );
    console.log(
      `maxRSS do processo (getrusage): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`,
    );
  } finally {
    await close();
  }
}

await main();
