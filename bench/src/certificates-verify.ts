/**
 * The public certificate verification (GET /api/certificados/verificar/{code}, issue #44: at most
 * 50 ms of server time) through the real app, next to a bare Fastify route doing the same indexed
 * read on the same database, one request at a time with `inject`. Half the codes exist, half are
 * well-formed guesses. Each request comes from its own address, so the per-address limit (30 a
 * minute) is not what is measured. Prints p50/p99 in ms and the ratio to the bare route.
 *
 *   npm run bench:certificates-verify --workspace bench
 *   BENCH_CERTIFICATES=100000 BENCH_REQUESTS=5000 npm run bench:certificates-verify --workspace bench
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { newCertificateCode, normalizeCertificateCode } from '@balcao/contract';
import { startBenchApp } from './bench-app.ts';

const CERTIFICATES = Number(process.env.BENCH_CERTIFICATES ?? 5_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const BATCH = 500;

interface Timing {
  p50: number;
  p99: number;
  max: number;
}

async function time(call: (i: number) => Promise<number>): Promise<Timing> {
  for (let i = 0; i < 100; i++) await call(i); // warm-up
  const latencies: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const begin = performance.now();
    const status = await call(i);
    latencies.push(performance.now() - begin);
    if (status !== 200) throw new Error(`resposta ${status} na requisição ${i}`);
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? 0 };
}

const show = (label: string, t: Timing) =>
  console.log(
    `${label}: p50 ${t.p50.toFixed(2)} ms, p99 ${t.p99.toFixed(2)} ms, máx ${t.max.toFixed(2)} ms`,
  );

async function main(): Promise<void> {
  const { app, db, newEvent, close } = await startBenchApp();
  const bare = Fastify({ logger: false });
  try {
    const eventId = await newEvent('Evento dos certificados');
    const stamp = new Date().toISOString();
    const codes: string[] = [];
    for (let done = 0; done < CERTIFICATES; done += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, CERTIFICATES - done) }, (_, i) => {
        const code = newCertificateCode((size) => randomBytes(size));
        codes.push(code);
        return {
          code,
          event_id: eventId,
          participant_id: null,
          version: 1,
          name: `Participante ${done + i}`,
          event_name: 'Evento dos certificados',
          course: null,
          hours: 20,
          dates: '10/03/2026 a 12/03/2026',
          issued_at: stamp,
          updated_at: stamp,
        };
      });
      await db.insertInto('certificates').values(rows).execute();
    }
    console.log(`Certificados: ${codes.length}`);
    const guesses = Array.from({ length: 1000 }, () =>
      newCertificateCode((size) => randomBytes(size)),
    );
    const codeFor = (i: number) =>
      i % 2 === 0 ? codes[(i * 7919) % codes.length]! : guesses[i % guesses.length]!;

    bare.get<{ Params: { code: string } }>('/verificar/:code', async (request) => {
      const code = normalizeCertificateCode(request.params.code);
      const row = code
        ? await db
            .selectFrom('certificates')
            .select(['code', 'name', 'event_name', 'hours', 'dates', 'revoked_at'])
            .where('code', '=', code)
            .executeTakeFirst()
        : undefined;
      return row ?? { status: 'not_found' };
    });
    await bare.ready();

    const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const real = await time(
      async (i) =>
        (
          await app.inject({
            method: 'GET',
            url: `/api/certificados/verificar/${codeFor(i)}`,
            remoteAddress: address(i),
          })
        ).statusCode,
    );
    const baseline = await time(
      async (i) =>
        (await bare.inject({ method: 'GET', url: `/verificar/${codeFor(i)}` })).statusCode,
    );
    show('GET /api/certificados/verificar/{code} (inject, 1 por vez)', real);
    show('Rota Fastify pura (mesma leitura pelo índice)', baseline);
    console.log(
      `Razão p50 (app / rota pura): ${(real.p50 / baseline.p50).toFixed(2)}; ` +
        `p99 da verificação ${real.p99 <= 50 ? 'dentro' : 'fora'} dos 50 ms`,
    );
  } finally {
    await bare.close();
    await close();
  }
}

await main();
