// `npm start` runs this script through `sh -c`. A SIGTERM to npm's pid (a plain `kill`) reaches
// that shell, which dies without passing it on (dash), and would leave us running as an orphan
// on the port. Run by npm, we watch our parent: once it is gone, we stop as if the SIGTERM had
// reached us. The print agent's command does the same for `npx balcao-print-agent`
// (apps/print-agent/src/stop-with-npm.js, its own copy: the agent ships alone).
import { clearInterval, setInterval } from 'node:timers';

export function stopWithNpm(intervalMs = 200) {
  // npm (run, start, exec, npx) sets npm_lifecycle_event; started any other way, the parent
  // leaving (a login shell closing after `nohup node ...`) is no reason to stop.
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    process.kill(process.pid, 'SIGTERM');
  }, intervalMs);
  timer.unref();
}
