import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, until } from './helpers/server-process.ts';
import { ADMIN_PASSWORD } from './helpers/test-app.ts';

/**
 * `npm start` is what the README runs and what a plain `kill` or the systemd unit stops: a SIGTERM
 * to npm's pid must stop the API server behind it (npm runs the script through `sh -c`, and the
 * shell does not pass the signal on; scripts/stop-with-npm.mjs).
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'balcao-npm-start-'));

let npmPid: number | undefined;
let started: number[] = [];

afterAll(() => {
  // A failed run leaves no server behind on the machine.
  const left = npmPid === undefined ? [] : [npmPid, ...descendants(npmPid)];
  for (const pid of [...new Set([...left, ...started])].filter(running)) {
    process.kill(pid, 'SIGKILL');
  }
  rmSync(dir, { recursive: true, force: true });
});

/** Every process below `pid` now (Linux /proc). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

/** A process that still runs (a zombie waiting for its reaper has stopped). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('npm start', () => {
  it('stops with its API server on a SIGTERM to the pid of npm', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${path.join(dir, 'balcao.db')}`,
        BALCAO_ADMIN_PASSWORD: ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        MAX_EVENT_LOOP_DELAY_MS: '0',
      },
    });
    npmPid = npm.pid;
    const exited = once(npm, 'exit');
    // The first run may build the SPA.
    await until(
      'o npm start servir /api/health',
      async () => ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok ? true : undefined),
      240_000,
    );
    const below = descendants(npm.pid!);
    started = below;
    expect(below.length).toBeGreaterThanOrEqual(3); // the shell, start.mjs, the server

    npm.kill('SIGTERM');
    await exited;
    await until('a porta ficar livre', async () => ((await portFree(port)) ? true : undefined));
    await until('os processos do npm start pararem', async () =>
      below.some(running) ? undefined : true,
    );
    expect(below.filter(running)).toEqual([]);
    expect(await portFree(port)).toBe(true);
  }, 300_000);
});
