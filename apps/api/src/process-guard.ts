import type { FastifyBaseLogger } from 'fastify';

/**
 * An error nobody caught leaves the process in a state nobody knows: log it plainly and exit 1,
 * so the supervisor (`npm start`, or systemd's Restart=always) starts a clean server at once.
 */
export function exitOnFatal(log: Pick<FastifyBaseLogger, 'fatal'>): void {
  const die = (err: unknown) => {
    log.fatal({ err }, 'Erro fatal: o servidor vai parar e voltar do zero.');
    process.exit(1);
  };
  process.on('uncaughtException', die);
  process.on('unhandledRejection', die);
}

/**
 * SIGTERM/SIGINT: stop accepting connections, let the requests in flight finish (Fastify's
 * close: the listening socket closes at once, idle keep-alive connections are dropped, a request
 * arriving on a busy one gets 503), then the onClose hooks close the database and the process
 * exits 0. Requests still running after `timeoutMs` are abandoned with exit code 1: each one's
 * transaction is rolled back by the database, never half-written.
 */
export function stopOnSignals(
  app: { log: Pick<FastifyBaseLogger, 'info' | 'error'>; close(): Promise<unknown> },
  timeoutMs: number,
): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal} recebido: terminando as requisições em curso antes de sair`);
      setTimeout(() => {
        app.log.error(
          `As requisições em curso não terminaram em ${timeoutMs} ms; saindo sem esperá-las.`,
        );
        process.exit(1);
      }, timeoutMs).unref();
      void app.close().then(() => {
        app.log.info('Servidor encerrado');
        process.exit(0);
      });
    });
  }
}
