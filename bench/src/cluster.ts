/**
 * Paid orders per second with 1 and with 3 API instances on one PostgreSQL behind HAProxy
 * (tools/cluster.mjs: the first instance with a free slot takes each request), over HTTP: each order is novo → atualizar → finalizar → pagar, BENCH_CLIENTS
 * orders in flight at once. Beside each rate, the CPU seconds each process spent on the measured
 * orders (/proc/<pid>/stat: every instance, HAProxy, the database's PostgreSQL backends, this
 * client), so scaling can be read per core on a small machine, and what the backends waited on. Needs DATABASE_URL=postgres://... and haproxy.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:cluster --workspace bench
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { cpuSeconds, haproxyPath, startCluster } from '../../tools/cluster.mjs';
import { openDatabase } from '@balcao/api/src/db/database.ts';
import type { Database } from '@balcao/api/src/db/types.ts';
import { ADMIN_PASSWORD, benchDatabase } from './bench-app.ts';
import { concurrently, show } from './concurrently.ts';
import { customerCpf, prepareStore } from './store-fixture.ts';

const ORDERS = Number(process.env.BENCH_CLUSTER_ORDERS ?? 600);
/** Orders before the measure, per instance: each process's JIT warms up on its own share. */
const WARM_UP_PER_INSTANCE = Number(process.env.BENCH_WARM_UP ?? 300);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
/**
 * The database connections of all instances together, split between them as docs/deploy.md
 * ("Pool sizes") advises: the database's capacity does not grow with the instances in front of
 * it. BENCH_POOL_SIZE sets each instance's pool instead.
 */
const TOTAL_POOL = 10;
const poolSize = (instances: number) =>
  process.env.BENCH_POOL_SIZE ?? String(Math.ceil(TOTAL_POOL / instances));
/** Runs of each instance count, taken in turns (1, 3, 1, 3...): the machine's load moves. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/**
 * Orders per second offered at a steady pace after the saturated run, and how many: below what
 * either setup can pay, so the API's CPU per order compares the instances' own costs, not a
 * saturated machine's queueing.
 */
const PACE = Number(process.env.BENCH_PACE ?? 40);
const PACED_ORDERS = Number(process.env.BENCH_PACED_ORDERS ?? 400);
/** The budget: the API's CPU per paid order with 3 instances ≤ 1.1× one instance's. */
const CPU_BUDGET = 1.1;

/** `count` calls started at `rate` a second, at most CLIENTS in flight; each must answer 200. */
async function paced(count: number, rate: number, call: (i: number) => Promise<number>) {
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  for (let i = 0; i < count; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    if (inFlight.size >= CLIENTS) await Promise.race(inFlight);
    const one: Promise<void> = call(i).then((status) => {
      inFlight.delete(one);
      if (status !== 200) throw new Error(`resposta ${status} na chamada ${i}`);
    });
    inFlight.add(one);
  }
  await Promise.all(inFlight);
}

/**
 * Samples, every 200 ms, the bench database's backends: their CPU seconds (/proc, so a backend's
 * time counts even when it ends) and what the waiting ones wait on (pg_stat_activity).
 */
function watchPostgres(db: Kysely<Database>) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const waits = new Map<string, number>();
  let samples = 0;
  let running = true;
  const sample = async () => {
    const { rows } = await sql<{ pid: number; wait: string | null; query: string }>`
      select pid, wait_event_type || ':' || wait_event as wait, query from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
    samples++;
    for (const row of rows) {
      try {
        const seconds = cpuSeconds(row.pid);
        if (!first.has(row.pid)) first.set(row.pid, seconds);
        last.set(row.pid, seconds);
      } catch {
        // ended since the query
      }
      if (row.wait?.startsWith('Lock:')) {
        const what = `${row.wait} ${row.query.replace(/\s+/g, ' ').slice(0, 40)}`;
        waits.set(what, (waits.get(what) ?? 0) + 1);
      }
    }
  };
  const loop = (async () => {
    while (running) {
      await sample();
      await sleep(200);
    }
  })();
  return async () => {
    running = false;
    await loop;
    let cpu = 0;
    for (const [pid, seconds] of last) cpu += seconds - first.get(pid)!;
    const top = [...waits].sort((a, b) => b[1] - a[1]).slice(0, 3);
    return { cpu, samples, waits: top };
  };
}

/** CPU seconds of each labelled process and of this one (the client). */
function cpuSnapshot(processes: Record<string, number>) {
  const snapshot: Record<string, number> = {};
  for (const [label, pid] of Object.entries(processes)) snapshot[label] = cpuSeconds(pid);
  const own = process.cpuUsage();
  snapshot.cliente = (own.user + own.system) / 1e6;
  return snapshot;
}

/** POSTs JSON over keep-alive connections; resolves with the status and the parsed body. */
function jsonClient(origin: string, token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const post = (url: string, body?: object) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const payload = body === undefined ? '' : JSON.stringify(body);
      const request = http.request(
        `${origin}${url}`,
        {
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null });
          });
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  return { post, close: () => agent.destroy() };
}

async function run(instances: number): Promise<{ perSecond: number; cpuPerOrder: number }> {
  const server = process.env.DATABASE_URL!;
  const folder = await mkdtemp(path.join(tmpdir(), 'balcao-bench-cluster-'));
  const database = await benchDatabase(folder, server);
  const cluster = await startCluster({
    databaseUrl: database.url,
    instances,
    env: {
      LOG_LEVEL: 'warn',
      BALCAO_ADMIN_PASSWORD: ADMIN_PASSWORD,
      // No overload guard: on a shared machine it would answer 503 instead of queueing.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      DATABASE_POOL_SIZE: poolSize(instances),
    },
    log: (line) => {
      if (/"level":(5|6)\d/.test(line)) console.error(line);
    },
  });
  const { db } = openDatabase(database.url);
  try {
    const event = await db
      .insertInto('events')
      .values({
        name: 'Evento do bench',
        date_created: new Date().toISOString(),
        date_updated: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const store = await prepareStore(db, event.id);
    const login = await fetch(`${cluster.origin}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const client = jsonClient(cluster.origin, token);
    const paidOrder = async (i: number) => {
      const created = await client.post('/api/carrinho/novo');
      const { id } = created.body as { id: number };
      for (const [url, body] of [
        [`/api/carrinho/atualizar/${id}`, { items: store.items(i) }],
        [`/api/carrinho/finalizar/${id}`, { id_cliente: customerCpf(i) }],
        [`/api/carrinho/pagamento/${id}`, store.payment],
      ] as const) {
        const answer = await client.post(url, body);
        if (answer.status !== 200) {
          throw new Error(`${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
      }
      return created.status;
    };

    await concurrently(WARM_UP_PER_INSTANCE * instances, paidOrder, CLIENTS);
    const processes: Record<string, number> = { haproxy: cluster.haproxy.pid };
    for (const instance of cluster.instances) processes[instance.name] = instance.pid;
    const before = cpuSnapshot(processes);
    const stopWatching = watchPostgres(db);
    const timing = await concurrently(ORDERS, paidOrder, CLIENTS);
    const after = cpuSnapshot(processes);
    const postgres = await stopWatching();
    const apiCpu = (snapshot: Record<string, number>) =>
      cluster.instances.reduce((sum, instance) => sum + snapshot[instance.name]!, 0);
    const beforePaced = cpuSnapshot(processes);
    await paced(PACED_ORDERS, PACE, (i) => paidOrder(ORDERS + i));
    const afterPaced = cpuSnapshot(processes);
    const cpuPerOrder = ((apiCpu(afterPaced) - apiCpu(beforePaced)) * 1000) / PACED_ORDERS;
    // CPU milliseconds a second: where the balancer sent the steady load, and what a standby costs.
    const pacedSeconds = PACED_ORDERS / PACE;
    const perInstance = cluster.instances.map(
      (instance) =>
        `${instance.name} ${(((afterPaced[instance.name]! - beforePaced[instance.name]!) * 1000) / pacedSeconds).toFixed(0)}`,
    );
    client.close();

    const spent: Record<string, number> = Object.fromEntries(
      Object.keys(after).map((label) => [label, after[label]! - before[label]!]),
    );
    spent.postgres = postgres.cpu;
    const apiSeconds = cluster.instances.reduce((sum, i) => sum + spent[i.name]!, 0);
    const wall = ORDERS / timing.perSecond;
    const pool = poolSize(instances);
    console.log(
      `\n${instances} instância(s) atrás do HAProxy (pool ${pool} cada), ${ORDERS} pedidos, ` +
        `${CLIENTS} clientes, load average ${loadavg()[0]!.toFixed(1)}:`,
    );
    show('Pedidos pagos (novo → atualizar → finalizar → pagar)', timing, 'pedidos/s');
    console.log(
      `  CPU em ${wall.toFixed(1)} s: ` +
        Object.entries(spent)
          .map(([label, seconds]) => `${label} ${seconds.toFixed(1)} s`)
          .join(', '),
    );
    console.log(
      `  Núcleos ocupados: API ${(apiSeconds / wall).toFixed(2)}, PostgreSQL ` +
        `${(spent.postgres! / wall).toFixed(2)}; pedidos por segundo de CPU da API: ` +
        `${(ORDERS / apiSeconds).toFixed(1)}, de CPU de tudo: ` +
        `${(ORDERS / Object.values(spent).reduce((a, b) => a + b, 0)).toFixed(1)}`,
    );
    console.log(
      `  Esperas por trava no PostgreSQL (backends esperando, somados em ${postgres.samples} ` +
        `amostras): ${postgres.waits.map(([what, count]) => `${count}× ${what}`).join('; ') || 'nenhuma'}`,
    );
    console.log(
      `  A ${PACE} pedidos/s (${PACED_ORDERS} pedidos, abaixo da saturação): CPU da API por ` +
        `pedido pago ${cpuPerOrder.toFixed(2)} ms; ms de CPU por segundo: ${perInstance.join(', ')}`,
    );
    return { perSecond: timing.perSecond, cpuPerOrder };
  } finally {
    await db.destroy();
    await cluster.stop();
    await database.drop();
    await rm(folder, { recursive: true, force: true });
  }
}

const server = process.env.DATABASE_URL;
if (!server || !/^postgres(ql)?:\/\//.test(server)) {
  console.log('\nVárias instâncias: defina DATABASE_URL=postgres://... para medir.');
} else if (!haproxyPath()) {
  console.log('\nVárias instâncias: instale o haproxy do Debian (apt-get install haproxy).');
} else {
  const counts = (process.env.BENCH_INSTANCES ?? '1,3').split(',').map(Number);
  const results = new Map(
    counts.map((instances) => [instances, [] as { perSecond: number; cpuPerOrder: number }[]]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const instances of counts) results.get(instances)!.push(await run(instances));
  }
  console.log('\nPedidos pagos por segundo e CPU da API por pedido a ritmo fixo, rodada a rodada:');
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  for (const [instances, runs] of results) {
    console.log(
      `  ${instances} instância(s): ${runs.map((one) => one.perSecond.toFixed(1)).join(', ')} ` +
        `pedidos/s; ${runs.map((one) => one.cpuPerOrder.toFixed(2)).join(', ')} ms de CPU por pedido`,
    );
  }
  const one = results.get(1);
  for (const [instances, runs] of results) {
    if (instances === 1 || !one) continue;
    const ratio = mean(runs.map((r) => r.cpuPerOrder)) / mean(one.map((r) => r.cpuPerOrder));
    console.log(
      `  CPU da API por pedido, ${instances} instâncias / 1: ${ratio.toFixed(2)}x ` +
        `(meta ≤ ${CPU_BUDGET}x: ${ratio <= CPU_BUDGET ? 'ok' : 'ACIMA DA META'})`,
    );
  }
}
