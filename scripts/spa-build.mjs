// The SPA's build, made when it is missing or older than its sources: `npm start` and the
// end-to-end run (which starts several servers over one build) call it first.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');
const sources = [
  join(web, 'src'),
  join(web, 'public'),
  join(web, 'index.html'),
  join(web, 'vite.config.ts'),
  join(root, 'packages/contract/src'),
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(path).map((entry) => newestChange(join(path, entry))),
  );
}

export function buildSpaIfStale() {
  const stale =
    !existsSync(builtIndex) ||
    statSync(builtIndex).mtimeMs < Math.max(...sources.map(newestChange));
  if (!stale) return;
  console.log('Construindo o SPA (apps/web)...');
  // Always React's production bundle: a caller's NODE_ENV (vitest sets 'test' for the e2e run)
  // would otherwise make Vite build the development one, which no desk ever runs.
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
