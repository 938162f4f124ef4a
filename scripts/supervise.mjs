// Keeps the API server running: a server that dies (a crash, the heap limit) is started again,
// after 1 s, then 2 s, 4 s... up to 30 s while it keeps dying, back to 1 s once it has run for a
// minute. A clean exit (code 0) or a stop we were asked for (SIGINT/SIGTERM) ends it.
import { spawn } from 'node:child_process';
import { clearTimeout, setTimeout } from 'node:timers';

const STABLE_MS = 60_000;

const seconds = (ms) => `${(ms / 1000).toLocaleString('pt-BR')} s`;

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, firstDelayMs?: number, maxDelayMs?: number, log?: (line: string) => void }} [options]
 * @returns {{ done: Promise<number>, stop: (signal: NodeJS.Signals) => void }}
 */
export function supervise(command, args, options = {}) {
  const { cwd, firstDelayMs = 1000, maxDelayMs = 30_000, log = console.error } = options;
  let child;
  let stopping = false;
  let delay = firstDelayMs;
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
        if (Date.now() - startedAt >= STABLE_MS) delay = firstDelayMs;
        const reason = signal ? `sinal ${signal}` : `código ${code}`;
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
