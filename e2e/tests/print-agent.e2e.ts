import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api.ts';

/**
 * The print agent against the real API server, which this test owns so it can stop it mid-way:
 * a product tag print ends as a PDF in the agent's --out folder and the job as done, and the
 * agent keeps going across a server restart.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const PORT = 18000 + Math.floor(Math.random() * 1000);
const SERVER = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'agente-e2e-123';
const work = mkdtempSync(join(tmpdir(), 'balcao-agent-e2e-'));
const out = join(work, 'impressos');
let server: ChildProcess | undefined;
let agent: ChildProcess | undefined;

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`esperou demais: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function startServer(): Promise<void> {
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(work, 'balcao.db')}`,
      BALCAO_ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
    },
  });
  await until('o servidor subir', async () =>
    (await fetch(`${SERVER}/api/health`)).ok ? true : undefined,
  );
}

async function stopServer(): Promise<void> {
  const running = server;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
}

const api = apiClient(SERVER);

async function logIn(): Promise<string> {
  const answer = await api(null, 'POST', '/api/token', {
    grant_type: 'password',
    username: 'admin',
    password: PASSWORD,
  });
  return answer.access_token;
}

const form = (fields: Record<string, string | number>) =>
  Object.entries(fields)
    .map(([key, value]) => `data[0]${key}=${encodeURIComponent(String(value))}`)
    .join('&');

async function jobStatus(token: string, jobId: number): Promise<string> {
  const { data } = await api(token, 'GET', '/api/prints/jobs/select');
  return data.find((job: { id: number }) => job.id === jobId)?.status;
}

let admin: string;
let productId: number;

beforeAll(async () => {
  await startServer();
  admin = await logIn();
  const printer = await api(
    admin,
    'POST',
    '/api/printers/insert',
    form({ '[name]': 'Etiquetas do balcão', '[serial]': 'ZB-01' }),
  );
  const { id: printerId, apiToken } = printer.data[0];
  await api(
    admin,
    'POST',
    '/api/prints/mapping/insert',
    form({ '[origin]': '*', '[destination][id]': printerId, '[service]': 'PRODUCT' }),
  );
  const category = await api(
    admin,
    'POST',
    '/api/product/categories/insert',
    form({ '[name]': 'Papelaria', '[type]': 'Produto' }),
  );
  const product = await api(
    admin,
    'POST',
    '/api/products/insert',
    form({
      '[name]': 'Caderno Ônix',
      '[category][id]': category.data[0].id,
      '[price]': '25.90',
      '[initialInventory]': 10,
      '[codTotvs]': 'PA0042',
    }),
  );
  productId = product.data[0].id;

  agent = spawn(
    process.execPath,
    ['apps/print-agent/src/cli.js', '--server', SERVER, '--out', out, '--interval', '200'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, BALCAO_PRINT_TOKEN: apiToken },
    },
  );
}, 120_000);

afterAll(async () => {
  agent?.kill('SIGTERM');
  await stopServer();
  rmSync(work, { recursive: true, force: true });
});

async function printTagsAndWait(token: string): Promise<string> {
  const outcome = await api(token, 'POST', `/api/products/${productId}/print`, { quantity: 4 });
  expect(outcome).toEqual({ jobId: expect.any(Number), printer: 'Etiquetas do balcão' });
  const file = join(out, `${outcome.jobId}-etiquetas.pdf`);
  await until('o PDF chegar à pasta', async () => (existsSync(file) ? true : undefined), 45_000);
  await until('o trabalho ficar impresso', async () =>
    (await jobStatus(token, outcome.jobId)) === 'done' ? true : undefined,
  );
  return file;
}

describe('print agent with --out', () => {
  it('prints a queued job into the folder and reports it done, across a server restart', async () => {
    const first = await printTagsAndWait(admin);
    expect(readFileSync(first).subarray(0, 5).toString()).toBe('%PDF-');

    await stopServer();
    // The agent now finds no server and backs off; it must pick up again on its own.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(agent?.exitCode).toBeNull();
    await startServer();

    const second = await printTagsAndWait(await logIn());
    expect(readFileSync(second).subarray(0, 5).toString()).toBe('%PDF-');
  }, 120_000);
});
