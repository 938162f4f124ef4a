// `npm run cluster`: several API instances (apps/api/src/main.ts, one port each) on one database
// behind an HAProxy (Debian's package) with a generated configuration: each instance takes a set
// number of requests at once before the next one gets any (`balance first`), and is checked on
// GET /api/health (which answers 503 when the instance lost its database). Ctrl+C or
// SIGTERM stops them all: HAProxy first, so no new request reaches an instance that is closing;
// then each instance drains its in-flight requests and exits. docs/deploy.md explains the setup.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/balcao npm run cluster
//   (INSTANCES=3 by default; PORT=<port> fixes the balancer's port, a free one otherwise)
import { startCluster } from '../tools/cluster.mjs';

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    console.error(
      'Defina DATABASE_URL=postgres://usuario@host:5432/banco: várias instâncias dividem um ' +
        'PostgreSQL (veja docs/deploy.md).',
    );
    process.exit(64);
  }
  const instances = Number(process.env.INSTANCES ?? 3);
  const port = process.env.PORT ? Number(process.env.PORT) : undefined;
  const cluster = await startCluster({ databaseUrl, instances, port, log: console.log });
  console.log(
    `\nBalcão em ${cluster.origin} (HAProxy, pid ${cluster.haproxy.pid}), ` +
      `${instances} instâncias: ${cluster.instances
        .map((instance) => `${instance.name} ${instance.origin} pid ${instance.pid}`)
        .join(', ')}. Ctrl+C encerra.\n`,
  );
  let stopping = false;
  const stop = async (reason) => {
    if (stopping) return;
    stopping = true;
    console.log(`${reason}: encerrando o balanceador e as instâncias...`);
    await cluster.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(signal));
  for (const instance of cluster.instances) {
    void instance.exited.then((code) => {
      if (!stopping) {
        console.error(
          `${instance.name} parou (${code}); o HAProxy deixa de enviar requisições a ela.`,
        );
      }
    });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
