import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentOptions } from '../src/agent.js';
import { PrintServer, runTestAgent } from './print-server.ts';

const TOKEN = 'token-da-impressora';
const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n%%EOF\n`);

async function waitFor(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`tempo esgotado esperando ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let server: PrintServer;
let dir: string;
let logs: string[];
let stop: AbortController;
let running: Promise<void> | null;

function start(destination: AgentOptions['destination'], overrides: Partial<AgentOptions> = {}) {
  running = runTestAgent(server, destination, { signal: stop.signal, logs, ...overrides });
  return running;
}

/** A stand-in for CUPS lp at a path, as --lp-command takes it. */
async function fakeLp(name: string, body: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\n${body}\n`);
  await chmod(path, 0o755);
  return path;
}

beforeEach(async () => {
  server = new PrintServer(TOKEN);
  await server.start();
  dir = await mkdtemp(join(tmpdir(), 'print-agent-test-'));
  logs = [];
  stop = new AbortController();
  running = null;
});

afterEach(async () => {
  stop.abort();
  await running;
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('print agent', () => {
  it('saves every job into --out as {id}-{kind}.pdf and reports it done', async () => {
    server.add({ id: '101', kind: 'BADGE', title: 'Crachá Conceição', pdf: pdf('badge') });
    server.add({ id: '102', kind: 'CHECKOUT', title: 'Comprovante 9876', pdf: pdf('receipt') });
    const out = join(dir, 'saida');
    start({ type: 'folder', dir: out });

    await waitFor(() => server.jobs.every((job) => job.status === 'done'), 'os dois trabalhos');
    expect(await readFile(join(out, '101-BADGE.pdf'))).toEqual(pdf('badge'));
    expect(await readFile(join(out, '102-CHECKOUT.pdf'))).toEqual(pdf('receipt'));
    expect((await readdir(out)).sort()).toEqual(['101-BADGE.pdf', '102-CHECKOUT.pdf']);

    // Jobs queued later are picked up by the same running agent.
    server.add({ id: '103', kind: 'COUPON', title: 'Cupom', pdf: pdf('coupon') });
    await waitFor(() => server.job('103')?.status === 'done', 'o terceiro trabalho');
    expect(logs).toContain('INFO Trabalho 103 (COUPON) recebido: Cupom.');
  });

  // Printing through CUPS is in cups.test.ts; this is a print command that names no CUPS job,
  // which CUPS's lp never is.
  it('prints with lp -d QUEUE -t TITLE -n COPIES file and removes its temporary copy', async () => {
    const argsFile = join(dir, 'args.txt');
    const printed = join(dir, 'printed.pdf');
    const lp = await fakeLp(
      'lp',
      `printf '%s\\n' "$@" > '${argsFile}'\nfor last; do :; done\ncp "$last" '${printed}'`,
    );
    server.add({ id: '7', kind: 'BADGE', title: 'Crachá Conceição', copies: 2, pdf: pdf('x') });
    start({ type: 'printer', queue: 'cracha-mesa-1', lpCommand: lp });

    await waitFor(() => server.job('7')?.status === 'done', 'o trabalho impresso');
    const args = (await readFile(argsFile, 'utf8')).trimEnd().split('\n');
    expect(args.slice(0, 6)).toEqual(['-d', 'cracha-mesa-1', '-t', 'Crachá Conceição', '-n', '2']);
    expect(args[6]).toMatch(/7-BADGE\.pdf$/);
    expect(await readFile(printed)).toEqual(pdf('x'));
    expect(existsSync(args[6] ?? '')).toBe(false);
    // Nothing to follow in CUPS: its exit status is the outcome.
    expect(logs).toContain('INFO Trabalho 7 impresso (fila cracha-mesa-1).');
  });

  it('survives the server going away and coming back, backing off meanwhile', async () => {
    const out = join(dir, 'saida');
    start({ type: 'folder', dir: out });
    await waitFor(() => logs.some((line) => line.includes('iniciado')), 'o início');
    await server.stop();

    await waitFor(
      () => logs.filter((line) => line.startsWith('AVISO Servidor inacessível')).length >= 3,
      'as tentativas',
    );
    await server.start(); // same port
    server.add({ id: '201', kind: 'DELIVERY', title: 'Expedição', pdf: pdf('delivery') });

    await waitFor(() => server.job('201')?.status === 'done', 'o trabalho depois da volta');
    expect(await readFile(join(out, '201-DELIVERY.pdf'))).toEqual(pdf('delivery'));
    expect(logs).toContain('INFO Servidor acessível de novo.');
    // The waits grew and were capped (20, 40, 80, 160, 200, 200 ... ms).
    const waits = logs
      .map((line) => /nova tentativa em ([\d,]+) s/.exec(line)?.[1])
      .filter((wait): wait is string => wait !== undefined)
      .map((wait) => Number(wait.replace(',', '.')));
    expect(Math.max(...waits)).toBeLessThanOrEqual(0.2);
    expect(waits[1] ?? 0).toBeGreaterThan(waits[0] ?? 0);
  });

  it('backs off on a refused token and says which token to check', async () => {
    start({ type: 'folder', dir }, { token: 'errado' });
    await waitFor(() => logs.some((line) => line.includes('token recusado (HTTP 401)')), 'o aviso');
    expect(logs.find((line) => line.includes('token recusado'))).toContain('Impressoras');
  });

  it('stops when signalled, finishing nothing half-way', async () => {
    const done = start({ type: 'folder', dir });
    await waitFor(() => logs.some((line) => line.includes('iniciado')), 'o início');
    stop.abort();
    await done;
    expect(logs.at(-1)).toBe('INFO Agente de impressão encerrado.');
  });
});
