// Keeps the API server running: a server that dies (a crash, the heap limit) is started again,
// after 1 s, then 2 s, 4 s... up to 30 s while it keeps dying, back to 1 s once it has run for a
// minute. A clean exit (code 0) or a stop we were asked for (SIGINT/SIGTERM) ends it. A server
// that dies within 10 s of starting 5 times in a row (a bad configuration, a port in use, a
// database that refuses it) will not start by itself: the loop gives up with a message and exit
// code 78 (EX_CONFIG, which the systemd unit in the README does not restart).
import { spawn } from 'node:child_process';
import { clearTimeout, setTimeout } from 'node:timers';

const STABLE_MS = 60_000;
export const GAVE_UP_CODE = 78;

const seconds = (ms) => `${(ms / 1000).toLocaleString('pt-BR')} s`;

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, firstDelayMs?: number, maxDelayMs?: number, quickMs?: number, maxQuickFailures?: number, log?: (line: string) => void }} [options]
 * @returns {{ done: Promise<number>, stop: (signal: NodeJS.Signals) => void }}
 */
export function supervise(command, args, options = {}) {
  const {
    cwd,
    firstDelayMs = 1000,
    maxDelayMs = 30_000,
    quickMs = 10_000,
    maxQuickFailures = 5,
    log = console.error,
  } = options;
  let child;
  let stopping = false;
  let delay = firstDelayMs;
  let quickFailures = 0;
  let timer;
  let finish;

  const done = new Promise((resolve) => {
    finish = resolve;
    const start = () => {
      const startedAt = Date.now();
      child = spawn(command, args, { cwd, stdio: 'inherit' });
      child.on('exit', (code, signal) => {
        if (stopping || code === 0) {
          resolve(code ?? 0);
          return;
        }
        const ran = Date.now() - startedAt;
        if (ran >= STABLE_MS) delay = firstDelayMs;
        quickFailures = ran < quickMs ? quickFailures + 1 : 0;
        const reason = signal ? `sinal ${signal}` : `código ${code}`;
        if (quickFailures >= maxQuickFailures) {
          log(
            `O servidor parou (${reason}) logo ao iniciar, ${quickFailures} vezes seguidas ` +
              `(menos de ${seconds(quickMs)} cada vez); o npm start desistiu de reiniciá-lo. ` +
              'Verifique a configuração (variáveis de ambiente como DATABASE_URL, PORT e ' +
              'PUBLIC_URL, a porta livre, o banco acessível) e o primeiro erro acima; depois ' +
              'rode o npm start de novo.',
          );
          resolve(GAVE_UP_CODE);
          return;
        }
        log(`O servidor parou (${reason}); reiniciando em ${seconds(delay)}.`);
        timer = setTimeout(start, delay);
        delay = Math.min(delay * 2, maxDelayMs);
      });
    };
    start();
  });

  const stop = (signal) => {
    stopping = true;
    clearTimeout(timer);
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    else finish(0); // between restarts: nothing is running
  };
  return { done, stop };
}
