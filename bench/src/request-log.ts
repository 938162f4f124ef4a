/**
 * What the request log costs (issue 29): a trivial route (GET /api/health) through the real app,
 * one request at a time with `inject`, with the log at info (written to a stream that counts the
 * bytes) and with it silent. Prints CPU per request for each, the log's share of the route's CPU
 * (budget 10 %) and the bytes logged per request.
 *
 *   npm run bench:request-log --workspace bench
 *   BENCH_REQUESTS=20000 npm run bench:request-log --workspace bench
 */
import { Writable } from 'node:stream';
import { startBenchApp, type BenchApp } from './bench-app.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BUDGET = 0.1;

let loggedBytes = 0;
const counted = new Writable({
  write(chunk: Buffer, _encoding, done) {
    loggedBytes += chunk.length;
    done();
  },
});

/** This process's CPU (user + system) per request, in µs. */
async function cpuPerRequest({ app }: BenchApp): Promise<number> {
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) {
    const answer = await app.inject({ method: 'GET', url: '/api/health' });
    if (answer.statusCode !== 200) throw new Error(`resposta ${answer.statusCode}`);
  }
  const cpu = process.cpuUsage(cpuBefore);
  return (cpu.user + cpu.system) / REQUESTS;
}

async function main(): Promise<void> {
  const silent = await startBenchApp();
  const logged = await startBenchApp({ logLevel: 'info', logStream: counted });
  try {
    await cpuPerRequest(silent); // warm-up, both
    await cpuPerRequest(logged);
    // Rounds taken in turns, the best of each kept: neither pays alone for a busy moment.
    let bestSilent = Infinity;
    let bestLogged = Infinity;
    loggedBytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      bestSilent = Math.min(bestSilent, await cpuPerRequest(silent));
      bestLogged = Math.min(bestLogged, await cpuPerRequest(logged));
    }
    const share = bestLogged / bestSilent - 1;
    console.log(`GET /api/health, ${REQUESTS} requisições × ${ROUNDS} rodadas (melhor rodada)`);
    console.log(`  sem log: CPU ${bestSilent.toFixed(1)} µs/req`);
    console.log(`  log info: CPU ${bestLogged.toFixed(1)} µs/req`);
    console.log(`  bytes de log por requisição: ${(loggedBytes / (REQUESTS * ROUNDS)).toFixed(0)}`);
    console.log(
      `  custo do log: ${(share * 100).toFixed(1)} % (meta ≤ ${BUDGET * 100} %): ` +
        (share <= BUDGET ? 'ok' : 'ACIMA DA META'),
    );
  } finally {
    await silent.close();
    await logged.close();
  }
}

await main();
