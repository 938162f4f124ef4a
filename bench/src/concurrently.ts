import { performance } from 'node:perf_hooks';

export interface Timing {
  perSecond: number;
  p50: number;
  p99: number;
}

/** Runs `count` calls with `clients` of them in flight at once; every call must answer 200. */
export async function concurrently(
  count: number,
  call: (i: number) => Promise<number>,
  clients: number,
): Promise<Timing> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < count; i = next++) {
        const begin = performance.now();
        const status = await call(i);
        latencies.push(performance.now() - begin);
        if (status !== 200) throw new Error(`resposta ${status} na chamada ${i}`);
      }
    }),
  );
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { perSecond: count / (elapsed / 1000), p50: at(0.5), p99: at(0.99) };
}

export const show = (label: string, t: Timing, unit = 'req/s') =>
  console.log(
    `  ${label}: ${Math.round(t.perSecond).toLocaleString('pt-BR')} ${unit}, ` +
      `p50 ${t.p50.toFixed(2)} ms, p99 ${t.p99.toFixed(2)} ms`,
  );
