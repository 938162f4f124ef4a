import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD } from './test-app.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** A port nobody listens on right now (the OS picks it; the server takes it a moment later). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('sem porta livre');
  return address.port;
}

export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`esperou demais: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process wrote to stdout so far. */
  output(): string;
}

/**
 * The real server (`apps/api/src/main.ts` through tsx, as `npm start` runs it) on `databaseUrl`,
 * listening on a free port of 127.0.0.1; resolves once `/api/health` answers 200.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<ServerProcess> {
  const listenOn = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      BALCAO_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // As in startTestApp: two busy CPUs must not turn the test's requests into 503.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      WEB_DIST: '/nonexistent/balcao-web-dist',
      ...env,
    },
  });
  let stdout = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${listenOn}`;
  const died = exited.then(({ code, signal }) => {
    throw new Error(`o servidor saiu ao iniciar (${code ?? signal}):\n${stdout}`);
  });
  const healthy = until('o servidor subir', async () =>
    (await fetch(`${url}/api/health`)).ok ? true : undefined,
  );
  await Promise.race([healthy, died]).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  died.catch(() => {});
  healthy.catch(() => {});
  return { url, child, exited, output: () => stdout };
}

export interface HttpAnswer {
  /** 0 when no answer came: the connection was refused or dropped (the server died). */
  status: number;
  body: string;
}

/** One JSON call to a server process; a network failure is an answer with status 0, not a throw. */
export async function httpCall(
  url: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpAnswer> {
  try {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, body: await response.text() };
  } catch {
    return { status: 0, body: '' };
  }
}
