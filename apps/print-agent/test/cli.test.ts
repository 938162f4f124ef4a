import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PrintServer } from './print-server.ts';

const CLI = fileURLToPath(new URL('../src/cli.js', import.meta.url));

let server: PrintServer;
let dir: string;

beforeEach(async () => {
  server = new PrintServer('segredo');
  await server.start();
  dir = await mkdtemp(join(tmpdir(), 'print-agent-cli-'));
});

afterEach(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  return { child, exit, output: () => ({ stdout, stderr }) };
}

describe('balcao-print-agent command', () => {
  it('prints into --out and stops cleanly on SIGTERM', async () => {
    server.add({ id: '1', kind: 'BADGE', title: 'Crachá', pdf: Buffer.from('%PDF-1.4 crachá') });
    const agent = run(['--server', server.url, '--out', dir, '--interval', '100'], {
      BALCAO_PRINT_TOKEN: 'segredo',
    });
    const deadline = Date.now() + 10_000;
    while (server.job('1')?.status !== 'done' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(server.job('1')?.status).toBe('done');
    expect(await readFile(join(dir, '1-BADGE.pdf'), 'utf8')).toBe('%PDF-1.4 crachá');

    agent.child.kill('SIGTERM');
    expect(await agent.exit).toBe(0);
    const { stdout } = agent.output();
    expect(stdout).toContain('Agente de impressão iniciado');
    expect(stdout).toContain('SIGTERM recebido');
    expect(stdout).toContain('Agente de impressão encerrado.');
    expect(stdout).not.toContain('segredo');
  });

  it('stops on a SIGTERM to the pid of `npx balcao-print-agent`', async () => {
    // npm runs the command through `sh -c`, and the shell passes no signal on
    // (src/stop-with-npm.js): the agent must still stop, not keep polling as an orphan.
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const npx = spawn('npx', ['balcao-print-agent', '--server', server.url, '--out', dir], {
      cwd: root,
      env: { ...process.env, BALCAO_PRINT_TOKEN: 'segredo' },
    });
    let stdout = '';
    npx.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    // 'close' comes once every process holding the output pipe (the agent too) has ended.
    const closed = once(npx, 'close');
    const deadline = Date.now() + 20_000;
    while (!stdout.includes('Agente de impressão iniciado') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(stdout).toContain('Agente de impressão iniciado');

    npx.kill('SIGTERM');
    await closed;
    expect(stdout).toContain('SIGTERM recebido');
    expect(stdout).toContain('Agente de impressão encerrado.');
  }, 30_000);

  it('explains its usage when neither --printer nor --out is given', async () => {
    const agent = run(['--server', server.url, '--token', 'segredo']);
    expect(await agent.exit).toBe(2);
    expect(agent.output().stderr).toContain('Informe --printer FILA ou --out PASTA.');
    expect(agent.output().stderr).toContain('Uso: balcao-print-agent');
  });

  it('refuses a --job-timeout that is not a whole number of seconds', async () => {
    const agent = run([
      '--server',
      server.url,
      '--token',
      's',
      '--printer',
      'q',
      '--job-timeout',
      '0',
    ]);
    expect(await agent.exit).toBe(2);
    expect(agent.output().stderr).toContain('--job-timeout deve ser um número inteiro de segundos');
  });
});
