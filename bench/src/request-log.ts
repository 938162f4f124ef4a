/**
 * What the request log costs (issue 29, issue 45), measured as it runs in production: two real
 * servers (`apps/api/src/main.ts`, as `npm start` runs it) in their own processes, each with its
 * stdout going to a file, one at LOG_LEVEL=info and one silent; a trivial route (GET /api/health)
 * over real HTTP from a worker thread, keep-alive connections, each server loaded alone in rounds
 * taken in turns (which one goes first alternates). Prints
 * each server's CPU per request (its own, from /proc), the requests per second, the log's share
 * of the route's CPU (budget 10 %), the bytes logged per request, and whether every request's
 * line reached the file once the server stopped (the log is written in batches).
 *
 *   npm run bench:request-log --workspace bench
 *   BENCH_REQUESTS=50000 npm run bench:request-log --workspace bench
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD } from './bench-app.ts';
import { httpLoad, type LoadResult } from './http-load.ts';

/** Enough for the server's CPU, read in 10 ms ticks, to be counted to about 1 %. */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
/** One desk at a time (a line per request, nothing to batch with), then a busy server. */
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,8').split(',').map(Number);
/** httpLoad's own warm-up before each round's timed requests, counted in the server's CPU. */
const WARM_UP = Math.min(REQUESTS, 500);
const BUDGET = 0.1;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The server's own CPU time so far (user + system), in µs, from /proc/<pid>/stat. */
async function cpuMicros(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line (11 and 12 after the command's name).
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1_000_000) / 100; // USER_HZ is 100 on Linux
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

interface Server {
  label: string;
  process: ChildProcess;
  origin: string;
  logFile: string;
}

/** `main.ts` on its own SQLite file, stdout to a file (as systemd's `StandardOutput=file:`). */
async function startServer(folder: string, label: string, level: string): Promise<Server> {
  const port = await freePort();
  const logFile = path.join(folder, `${label}.log`);
  const out = openSync(logFile, 'a');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', process.env.BENCH_MAIN ?? 'apps/api/src/main.ts'],
    {
      cwd: ROOT,
      stdio: ['ignore', out, 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${path.join(folder, `${label}.db`)}`,
        BALCAO_ADMIN_PASSWORD: ADMIN_PASSWORD,
        LOG_LEVEL: level,
        WEB_DIST: path.join(folder, 'no-spa'),
        // No overload guard: a busy shared machine would answer some rounds 503.
        MAX_EVENT_LOOP_DELAY_MS: '0',
      },
    },
  );
  closeSync(out);
  const origin = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`o servidor ${label} saiu (${child.exitCode})`);
    const up = await fetch(`${origin}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) break;
    if (tries > 600) throw new Error(`o servidor ${label} não respondeu em 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { label, process: child, origin, logFile };
}

async function stopServer(server: Server): Promise<void> {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}

/** One round against a server: its CPU per request and the client's view. */
async function round(
  server: Server,
  connections: number,
): Promise<LoadResult & { cpuMicros: number }> {
  const pid = server.process.pid!;
  const before = await cpuMicros(pid);
  const load = await httpLoad({
    origin: server.origin,
    paths: ['/api/health'],
    connections,
    requests: REQUESTS,
  });
  const cpu = (await cpuMicros(pid)) - before;
  return { ...load, cpuMicros: cpu / (REQUESTS + WARM_UP) };
}

async function main(): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'balcao-request-log-'));
  const servers: Server[] = [];
  try {
    const silent = await startServer(folder, 'silent', 'silent');
    servers.push(silent);
    const logged = await startServer(folder, 'info', 'info');
    servers.push(logged);
    let sent = 1; // the health check that found the server up
    const results: string[] = [];
    for (const connections of CONNECTIONS) {
      // One server at a time, the first of each pair alternating; the median round's figures
      // are kept. Loading both at once (two servers and two clients on two cores) measured the
      // contention rather than the log: two identical servers at info differed by 10 %.
      const side = async (silentFirst: boolean) => {
        if (silentFirst) {
          const quiet = await round(silent, connections);
          return [quiet, await round(logged, connections)] as const;
        }
        const loud = await round(logged, connections);
        return [await round(silent, connections), loud] as const;
      };
      await side(true); // warm-up
      const rounds: Awaited<ReturnType<typeof side>>[] = [];
      for (let i = 0; i < ROUNDS; i++) rounds.push(await side(i % 2 === 1));
      const median = (values: number[]) =>
        values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
      const bestSilent = {
        cpuMicros: median(rounds.map(([quiet]) => quiet.cpuMicros)),
        perSecond: median(rounds.map(([quiet]) => quiet.perSecond)),
      };
      const bestLogged = {
        cpuMicros: median(rounds.map(([, loud]) => loud.cpuMicros)),
        perSecond: median(rounds.map(([, loud]) => loud.perSecond)),
      };
      const share = median(rounds.map(([quiet, loud]) => loud.cpuMicros / quiet.cpuMicros - 1));
      sent += (ROUNDS + 1) * (REQUESTS + WARM_UP);
      const show = (t: { cpuMicros: number; perSecond: number }) =>
        `${t.cpuMicros.toFixed(1)} µs/req de CPU do servidor, ` +
        `${Math.round(t.perSecond).toLocaleString('pt-BR')} req/s`;
      results.push(
        `  ${connections} ${connections === 1 ? 'conexão' : 'conexões'} keep-alive: ` +
          `sem log (LOG_LEVEL=silent) ${show(bestSilent)}; log info ${show(bestLogged)}`,
        `    razão de tempo (req/s sem log / com log) ` +
          `${(bestSilent.perSecond / bestLogged.perSecond).toFixed(2)}x; custo do log em CPU ` +
          `${(share * 100).toFixed(1)} % (mediana das rodadas; meta ≤ ${BUDGET * 100} %): ` +
          (share <= BUDGET ? 'ok' : 'ACIMA DA META'),
      );
    }
    for (const server of servers) await stopServer(server);
    // Once stopped, every request's line must be in the file (the log is written in batches).
    const requestLines = (await readFile(logged.logFile, 'utf8'))
      .split('\n')
      .filter((line) => line.includes('"msg":"request"'));
    const lines = requestLines.length;
    const bytes = requestLines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
    console.log(
      `GET /api/health em HTTP, ${REQUESTS} requisições × ${ROUNDS} rodadas (mediana das rodadas, um servidor de cada vez, alternando qual vai primeiro); ` +
        'servidores main.ts com stdout num arquivo',
    );
    for (const line of results) console.log(line);
    console.log(`  bytes de log por requisição: ${(bytes / Math.max(lines, 1)).toFixed(0)}`);
    console.log(
      `  linhas no arquivo depois da parada: ${lines} de ${sent} requisições` +
        (lines === sent ? ' (nenhuma perdida)' : ' (FALTAM LINHAS)'),
    );
  } finally {
    for (const server of servers) await stopServer(server);
    await rm(folder, { recursive: true, force: true });
  }
}

await main();
