import { Worker } from 'node:worker_threads';

/** What the cashiers sell, as `prepareStore` (store-fixture.ts) set it up. */
export interface Sale {
  /** Cart lines of order i: `items[i % items.length]`. */
  items: unknown[][];
  /** Customer CPF of order i: `cpfs[i % cpfs.length]`. */
  cpfs: string[];
  payment: unknown;
}

export interface DeskWaitOptions {
  /** Base URL of the listening app. */
  origin: string;
  /** Bearer token of a user who may sell and read the reports. */
  token: string;
  /** The heavy request (a download or a report page); none: the same load for `idleMs`. */
  heavy?: { path: string; headers?: Record<string, string> };
  idleMs?: number;
  /** Cashiers selling at the same time, each one whole order after the other. */
  cashiers: number;
  /** A cashier's pause between two orders (the next customer steps up). */
  pauseMs: number;
  sale: Sale;
  /** First order number (each run sells new orders: CPFs and idempotency keys differ). */
  firstOrder: number;
}

export interface DeskWaits {
  /** The heavy request's time, status and bytes as they came over the wire. */
  heavyMs: number;
  status: number;
  wireBytes: number;
  encoding: string | undefined;
  /** `/api/health` asked one after the other the whole time: each answer's wait. */
  health: { asked: number; p50: number; p99: number; worst: number };
  /** Whole orders (novo → atualizar → finalizar → pagamento) the cashiers closed meanwhile. */
  sales: { done: number; p50: number; p99: number };
}

// Plain JavaScript in a worker thread: the clients (health probe, cashiers, the download) do not
// share the server's event loop, so every wait measured is the server's.
const CLIENT = `
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { origin, token, heavy, idleMs, cashiers, pauseMs, sale, firstOrder } = workerData;
const auth = { authorization: 'Bearer ' + token };
const agent = new http.Agent({ keepAlive: true });
function call(method, path, headers, body) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(origin + path, {
      method, agent,
      headers: { ...headers, ...(data ? { 'content-type': 'application/json' } : {}) },
    }, (res) => {
      let bytes = 0;
      const chunks = [];
      res.on('data', (chunk) => { bytes += chunk.length; if (!heavy || path !== heavy.path) chunks.push(chunk); });
      res.on('end', () => resolve({ status: res.statusCode, bytes, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(data);
  });
}
const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] || 0;
(async () => {
  let running = true;
  const healthWaits = [];
  const saleTimes = [];
  let order = firstOrder;
  const probe = (async () => {
    while (running) {
      const began = performance.now();
      const answer = await call('GET', '/api/health', {});
      if (answer.status !== 200) throw new Error('/api/health: ' + answer.status);
      healthWaits.push(performance.now() - began);
    }
  })();
  const cashier = async () => {
    while (running) {
      const i = order++;
      const began = performance.now();
      const cart = await call('POST', '/api/carrinho/novo', auth);
      const { id } = JSON.parse(cart.body);
      const steps = [
        ['/api/carrinho/atualizar/' + id, auth, { items: sale.items[i % sale.items.length] }],
        ['/api/carrinho/finalizar/' + id, auth, { id_cliente: sale.cpfs[i % sale.cpfs.length] }],
        ['/api/carrinho/pagamento/' + id, { ...auth, 'idempotency-key': 'bench-' + id }, sale.payment],
      ];
      for (const [path, headers, body] of steps) {
        const answer = await call('POST', path, headers, body);
        if (answer.status !== 200) throw new Error(path + ': ' + answer.status + ' ' + answer.body);
      }
      saleTimes.push(performance.now() - began);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const selling = Array.from({ length: cashiers }, cashier);
  // The load settles before the heavy request starts.
  await new Promise((resolve) => setTimeout(resolve, 300));
  healthWaits.length = 0;
  saleTimes.length = 0;
  const began = performance.now();
  const answer = heavy
    ? await call('GET', heavy.path, { ...auth, ...heavy.headers })
    : (await new Promise((resolve) => setTimeout(resolve, idleMs)), { status: 200, bytes: 0 });
  const heavyMs = performance.now() - began;
  const waits = healthWaits.slice().sort((a, b) => a - b);
  const sales = saleTimes.slice().sort((a, b) => a - b);
  running = false;
  await Promise.all([probe, ...selling]);
  agent.destroy();
  parentPort.postMessage({
    heavyMs, status: answer.status, wireBytes: answer.bytes, encoding: answer.encoding,
    health: { asked: waits.length, p50: at(waits, 0.5), p99: at(waits, 0.99), worst: waits[waits.length - 1] || 0 },
    sales: { done: sales.length, p50: at(sales, 0.5), p99: at(sales, 0.99) },
  });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

/**
 * One heavy request (or an idle spell) with `/api/health` asked one after the other and
 * `cashiers` selling whole orders beside it: how long a desk waited while it ran.
 */
export function deskWaits(options: DeskWaitOptions): Promise<DeskWaits> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: options });
    worker.once('error', reject);
    worker.once('message', (message: DeskWaits & { error?: string }) => {
      void worker.terminate();
      if (message.error) reject(new Error(message.error));
      else resolve(message);
    });
  });
}
