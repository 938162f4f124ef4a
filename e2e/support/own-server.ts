import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A server a test owns, so it can really stop it mid-way (the print agent across a restart, the
 * offline desk): the API with the built SPA on its own port and SQLite file, started again on the
 * same port and database. `env(url)`: what else its environment holds, given its own address (a
 * PSP's webhook needs `PUBLIC_URL` to reach it).
 */
export function ownServer(
  name: string,
  adminPassword: string,
  env: (url: string) => Record<string, string> = () => ({}),
) {
  const port = 18000 + Math.floor(Math.random() * 2000);
  const url = `http://127.0.0.1:${port}`;
  const work = mkdtempSync(join(tmpdir(), `balcao-${name}-e2e-`));
  let server: ChildProcess | undefined;

  async function start(): Promise<void> {
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(work, 'balcao.db')}`,
        BALCAO_ADMIN_PASSWORD: adminPassword,
        LOG_LEVEL: 'warn',
        ...env(url),
      },
    });
    const deadline = Date.now() + 120_000;
    for (;;) {
      const up = await fetch(`${url}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (up) return;
      if (server.exitCode !== null) throw new Error(`o servidor terminou (${server.exitCode})`);
      if (Date.now() > deadline) throw new Error('o servidor não subiu em 120 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** The process itself goes (SIGTERM), as when the venue's server is switched off. */
  async function stop(): Promise<void> {
    const running = server;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }

  /** Stops the server and removes its database. */
  async function remove(): Promise<void> {
    await stop();
    rmSync(work, { recursive: true, force: true });
  }

  return { url, work, start, stop, remove };
}
