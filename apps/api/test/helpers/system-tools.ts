import { spawnSync } from 'node:child_process';

/**
 * Whether every command a test needs from the system is on PATH. `npm test` passes on a machine
 * with only Node (README, 'Testes'): where one is missing, the test says what to install and its
 * checks are skipped; `.ci/run` installs them all.
 */
export function hasSystemTools(tools: readonly string[], install: string, test: string): boolean {
  const missing = tools.filter(
    (tool) => spawnSync(tool, ['-version'], { stdio: 'ignore' }).error !== undefined,
  );
  if (missing.length > 0) {
    console.warn(`${test}: sem ${missing.join('/')}, pulado; instale ${install}.`);
  }
  return missing.length === 0;
}
