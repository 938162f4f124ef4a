import { performance } from 'node:perf_hooks';

export interface Timing {
  perSecond: number;
  p50: number;
  p99: number;
}

/** What a run took: each call's latency and the whole run's time. */
interface Run {
  latencies: number[];
  elapsed: number;
}

async function run(
  from: number,
  count: number,
  call: (i: number) => Promise<number>,
  clients: number,
): Promise<Run> {
  const latencies: number[] = [];
  let next = from;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < from + count; i = next++) {
        const begin = performance.now();
        const status = await call(i);
        latencies.push(performance.now() - begin);
        if (status !== 200) throw new Error(`resposta ${status} na chamada ${i}`);
      }
    }),
  );
  return { latencies, elapsed: performance.now() - started };
}

function timingOf(runs: Run[]): Timing {
  const latencies = runs.flatMap((one) => one.latencies).sort((a, b) => a - b);
  const elapsed = runs.reduce((sum, one) => sum + one.elapsed, 0);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { perSecond: latencies.length / (elapsed / 1000), p50: at(0.5), p99: at(0.99) };
}

/** Runs `count` calls with `clients` of them in flight at once; every call must answer 200. */
export async function concurrently(
  count: number,
  call: (i: number) => Promise<number>,
  clients: number,
): Promise<Timing> {
  return timingOf([await run(0, count, call, clients)]);
}

/**
 * Several kinds of call compared: `count` calls of each, run in `rounds` turns (a slice of each
 * kind in turn), so a moment when another process held the CPU falls on all of them alike and
 * their ratios hold on a shared machine.
 */
export async function inTurns<K extends string>(
  count: number,
  calls: Record<K, (i: number) => Promise<number>>,
  clients: number,
  rounds = 10,
): Promise<Record<K, Timing>> {
  const kinds = Object.keys(calls) as K[];
  const runs = new Map<K, Run[]>(kinds.map((kind) => [kind, []]));
  const slice = Math.ceil(count / rounds);
  for (let from = 0; from < count; from += slice) {
    for (const kind of kinds) {
      runs.get(kind)!.push(await run(from, Math.min(slice, count - from), calls[kind], clients));
    }
  }
  return Object.fromEntries(kinds.map((kind) => [kind, timingOf(runs.get(kind)!)])) as Record<
    K,
    Timing
  >;
}

export const show = (label: string, t: Timing, unit = 'req/s') =>
  console.log(
    `  ${label}: ${Math.round(t.perSecond).toLocaleString('pt-BR')} ${unit}, ` +
      `p50 ${t.p50.toFixed(2)} ms, p99 ${t.p99.toFixed(2)} ms`,
  );
