// `npm run test:e2e`: the browser tests in shards run at once, each shard with its own server and
// SQLite database (support/server.ts) over one SPA build. A shard's files run one after another,
// in the order the sequencer gives (fresh-install first where it falls); E2E_SHARDS sets how many.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildSpaIfStale } from '../scripts/spa-build.mjs';
import { runSideBySide } from '../scripts/side-by-side.mjs';

// A shard mostly waits on its browser and server (the whole run keeps about one core busy), so
// one more than the cores: on 2 cores, 3 shards took 284 s against 330 s for 2 and 310 s for 4.
const shards = Number(process.env.E2E_SHARDS ?? Math.min(3, availableParallelism() + 1));
const here = fileURLToPath(new URL('.', import.meta.url));
const extra = process.argv.slice(2);

buildSpaIfStale();
process.exitCode = await runSideBySide(
  Array.from({ length: shards }, (_, index) => ({
    name: `e2e shard ${index + 1}/${shards}`,
    command: 'npx',
    args: [
      'vitest',
      'run',
      '--passWithNoTests',
      ...(shards > 1 ? [`--shard=${index + 1}/${shards}`] : []),
      ...extra,
    ],
    cwd: here,
  })),
);
