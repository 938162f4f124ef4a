// `npm test`: every workspace's tests at once. The API suite waits on its databases much of the
// time, so the others run beside it and the whole takes about as long as it does.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runSideBySide } from './side-by-side.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = (path) => JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url)));
const suites = manifest('package.json').workspaces.filter(
  (workspace) => manifest(`${workspace}/package.json`).scripts?.test,
);

process.exitCode = await runSideBySide(
  suites.map((workspace) => ({
    name: workspace,
    command: 'npm',
    args: ['test', '--workspace', workspace],
    cwd: root,
  })),
);
