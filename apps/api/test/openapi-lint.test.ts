import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOpenApiDocument } from './helpers/openapi-document.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

const redoclyCli = join(
  dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);
const redoclyConfig = join(import.meta.dirname, '../redocly.yaml');

let t: TestContext;
let dir: string;
beforeAll(async () => {
  t = await startTestApp({ config: { publicUrl: 'https://balcao.evento.org.br' } });
  dir = await mkdtemp(join(tmpdir(), 'balcao-openapi-lint-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** `redocly lint` (the CLI, as a developer runs it) on the file; its JSON report. */
async function lint(file: string): Promise<LintReport> {
  const run = promisify(execFile)(
    process.execPath,
    [
      redoclyCli,
      'lint',
      file,
      '--config',
      redoclyConfig,
      '--format',
      'json',
      '--max-problems',
      '1000',
    ],
    {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  // It exits 1 when it finds errors: the report is on stdout either way.
  const { stdout } = await run.catch((failure: { stdout?: string }) => {
    if (!failure.stdout) throw failure;
    return { stdout: failure.stdout };
  });
  return JSON.parse(stdout) as LintReport;
}

describe('GET /api/openapi.json under Redocly', () => {
  it('passes the recommended rules (apps/api/redocly.yaml) without errors or warnings', async () => {
    const document = await readOpenApiDocument(t);
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const report = await lint(file);
    const problems = report.problems.map(
      ({ ruleId, message, location }) => `${ruleId} ${location[0]?.pointer}: ${message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(document.servers).toEqual([
      { url: 'https://balcao.evento.org.br', description: 'PUBLIC_URL' },
    ]);
  }, 60_000); // Redocly takes seconds over a 0.6 MB document
});
