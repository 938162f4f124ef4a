// `npm start`: build the SPA when its build is missing or older than its sources, then run the API
// server, which migrates the database, seeds the first admin and serves the SPA on one port, and
// start it again whenever it dies (scripts/supervise.mjs).
import { fileURLToPath } from 'node:url';
import { buildSpaIfStale } from './spa-build.mjs';
import { stopWithNpm } from './stop-with-npm.mjs';
import { supervise } from './supervise.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// First: the parent is known before the build, which may take a while, and a stop asked for
// meanwhile is carried out once the server's handlers below are in place.
stopWithNpm();
buildSpaIfStale();

const server = supervise(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  cwd: root,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.stop(signal));
server.done.then((code) => process.exit(code));
