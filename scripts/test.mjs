// `npm test`: every workspace's tests at once. The API suite waits on its databases most of the
// time and the SPA's on jsdom, so side by side they finish in about the time of the longer one.
// Each suite's output prints whole when it ends, with its time; any failure fails the run.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { workspaces } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url)));
const suites = workspaces.filter(
  (workspace) =>
    JSON.parse(readFileSync(new URL(`../${workspace}/package.json`, import.meta.url))).scripts
      ?.test,
);

function run(workspace) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['test', '--workspace', workspace], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(Buffer.concat(output));
      console.log(`== ${workspace}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds} s\n`);
      resolve({ workspace, code, seconds });
    });
  });
}

const results = await Promise.all(suites.map(run));
for (const { workspace, code, seconds } of results) {
  console.log(`${String(seconds).padStart(4)} s  ${workspace}${code === 0 ? '' : '  FAILED'}`);
}
process.exitCode = results.some((result) => result.code !== 0) ? 1 : 0;
