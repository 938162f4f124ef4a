import { Worker } from 'node:worker_threads';

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
}

export interface LoadOptions {
  /** Base URL of a listening server, e.g. http://127.0.0.1:4000. */
  origin: string;
  /** Request paths, sent in turn; each must answer 200. */
  paths: readonly string[];
  headers?: Record<string, string>;
  connections: number;
  requests: number;
  /**
   * Requests per second sent on a schedule (an open loop: desks clicking at their own pace) instead
   * of each connection sending its next request as soon as the last answered (a closed loop,
   * which measures the queue at saturation). Each latency counts from the request's scheduled
   * time, so a late client or a busy socket is not hidden.
   */
  rate?: number;
}

// Plain JavaScript run in a worker thread, so the client does not share the server's event loop.
const CLIENT = `
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { origin, paths, headers, connections, requests, rate } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const get = (path) => new Promise((resolve, reject) => {
  const req = http.get(origin + path, { agent, headers }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode));
  });
  req.on('error', reject);
});
async function run(total) {
  let next = 0;
  const latencies = [];
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const begin = performance.now();
      const status = await get(paths[i % paths.length]);
      latencies.push(performance.now() - begin);
      if (status !== 200) throw new Error('resposta ' + status + ' em ' + paths[i % paths.length]);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  return { latencies, elapsed: performance.now() - started };
}
async function paced(total) {
  const latencies = [];
  const sent = [];
  const started = performance.now();
  for (let i = 0; i < total; ) {
    const due = started + (i * 1000) / rate;
    const early = due - performance.now();
    if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
    // Every request already due goes out now (timers are coarser than the schedule).
    for (; i < total && started + (i * 1000) / rate <= performance.now(); i++) {
      const at = started + (i * 1000) / rate;
      const path = paths[i % paths.length];
      sent.push(get(path).then((status) => {
        latencies.push(performance.now() - at);
        if (status !== 200) throw new Error('resposta ' + status + ' em ' + path);
      }));
    }
  }
  await Promise.all(sent);
  return { latencies, elapsed: performance.now() - started };
}
(async () => {
  await run(Math.min(requests, 500)); // warm-up
  parentPort.postMessage(await (rate ? paced(requests) : run(requests)));
  agent.destroy();
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

/**
 * Sends `requests` GETs over `connections` keep-alive connections and times each one: each
 * connection sends its next as soon as the last answers, or at `rate` per second in all.
 */
export function httpLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: options });
    worker.once('error', reject);
    worker.once('message', (message: { latencies: number[]; elapsed: number; error?: string }) => {
      void worker.terminate();
      if (message.error) return reject(new Error(message.error));
      const latencies = message.latencies.sort((a, b) => a - b);
      const at = (q: number) =>
        latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
      resolve({
        perSecond: options.requests / (message.elapsed / 1000),
        p50: at(0.5),
        p99: at(0.99),
      });
    });
  });
}
