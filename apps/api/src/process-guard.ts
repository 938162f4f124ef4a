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
