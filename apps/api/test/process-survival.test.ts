import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAVE_UP_CODE, supervise } from '../../../scripts/supervise.mjs';

const crash = fileURLToPath(new URL('./fixtures/crash.ts', import.meta.url));

describe('a fatal error', () => {
  it.each(['exception', 'rejection'])('(%s) ends the process with a clear log line', (kind) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', crash, kind], {
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } });
    // The log is written in batches: what was held when the process died is in it too.
    expect(lines.map((line) => line.msg)).toContain('Servidor pronto');
    const fatal = lines.find((entry) => entry.level === 60);
    expect(fatal).toMatchObject({
      msg: 'Erro fatal: o servidor vai parar e voltar do zero.',
      err: { message: 'falha de teste' },
    });
  });
});

describe('the npm start supervisor', () => {
  /** A child that exits with these codes on its first runs (counted in a file), then with 0. */
  const flaky = (exits: number[]) => {
    const script = `
      const fs = require('node:fs');
      const file = process.argv[1];
      const runs = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : 0;
      fs.writeFileSync(file, String(runs + 1));
      process.exit(${JSON.stringify(exits)}[runs] ?? 0);`;
    const counter = path.join(tmpdir(), `balcao-supervise-${process.pid}-${Date.now()}`);
    return { args: ['-e', script, counter], counter };
  };

  it('restarts a server that dies, waiting longer each time, until it exits cleanly', async () => {
    const { args, counter } = flaky([1, 137, 2]);
    const lines: string[] = [];
    const started = Date.now();
    const { done } = supervise(process.execPath, args, {
      firstDelayMs: 50,
      maxDelayMs: 1000,
      quickMs: 10,
      log: (line) => lines.push(line),
    });
    expect(await done).toBe(0);
    expect(lines).toEqual([
      'O servidor parou (código 1); reiniciando em 0,05 s.',
      'O servidor parou (código 137); reiniciando em 0,1 s.',
      'O servidor parou (código 2); reiniciando em 0,2 s.',
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    rmSync(counter, { force: true });
  });

  it('gives up with a clear message when the server keeps failing right at start', async () => {
    // A bad configuration: the server exits at once, every time.
    const lines: string[] = [];
    const started = Date.now();
    const { done } = supervise(process.execPath, ['-e', 'process.exit(1)'], {
      firstDelayMs: 20,
      maxDelayMs: 100,
      log: (line) => lines.push(line),
    });
    expect(await done).toBe(GAVE_UP_CODE);
    expect(lines).toHaveLength(5);
    expect(lines.slice(0, 4)).toEqual([
      'O servidor parou (código 1); reiniciando em 0,02 s.',
      'O servidor parou (código 1); reiniciando em 0,04 s.',
      'O servidor parou (código 1); reiniciando em 0,08 s.',
      'O servidor parou (código 1); reiniciando em 0,1 s.',
    ]);
    expect(lines[4]).toMatch(
      /^O servidor parou \(código 1\) logo ao iniciar, 5 vezes seguidas .*desistiu de reiniciá-lo\. Verifique a configuração/,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('does not restart a server it was asked to stop', async () => {
    const lines: string[] = [];
    const { done, stop } = supervise(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'], {
      firstDelayMs: 50,
      maxDelayMs: 1000,
      log: (line) => lines.push(line),
    });
    setTimeout(() => stop('SIGTERM'), 200);
    expect(await done).toBe(0);
    expect(lines).toEqual([]);
  });
});
