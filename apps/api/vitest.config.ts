import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Every suite runs on SQLite; with DATABASE_URL_TEST (a PostgreSQL server URL whose user may
// CREATE DATABASE) the same suites also run on PostgreSQL, each file in a fresh database.
const postgresUrl = process.env.DATABASE_URL_TEST;

// Loading the app costs ~3.5 s per file, so most files share their worker's modules (each still
// starts its own app and database). Files that push 64 MiB bodies, or spawn and kill servers,
// keep a process of their own: in a shared heap they starve the files after them.
const ALL = ['test/**/*.test.ts', 'src/**/*.test.ts'];
const OWN_PROCESS = [
  'test/imports-participants.test.ts',
  'test/imports-limits.test.ts',
  'test/sheet-body.test.ts',
  'test/crash-safety.test.ts',
  'test/cluster.test.ts',
  'test/graceful-stop.test.ts',
  'test/under-pressure.test.ts',
  'test/npm-start-stop.test.ts',
];

// The longest files, slowest first. Without timings of an earlier run (a fresh checkout, as in
// CI) Vitest starts the largest files first; one of these starting last would run alone at the end.
const SLOWEST = [
  'test/crash-safety.test.ts',
  'test/fuzz/openapi-fuzz.test.ts',
  'test/cluster.test.ts',
  'test/route-walk.test.ts',
  'test/graceful-stop.test.ts',
  'test/imports-limits.test.ts',
  'test/coupons.test.ts',
  'test/login-throttle.test.ts',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = SLOWEST.findIndex((slow) => file.moduleId.endsWith(slow));
      return index === -1 ? SLOWEST.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

function projects(dialect: 'sqlite' | 'postgres'): TestProjectInlineConfiguration[] {
  const env = { BALCAO_TEST_DB: dialect };
  return [
    {
      extends: true,
      test: { name: dialect, env, include: ALL, exclude: OWN_PROCESS, isolate: false },
    },
    { extends: true, test: { name: `${dialect}:own-process`, env, include: OWN_PROCESS } },
  ];
}

export default defineConfig({
  test: {
    // The files mostly wait on their databases: one more worker than cores keeps the CPUs busy.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: SlowestFirst },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [...projects('sqlite'), ...(postgresUrl ? projects('postgres') : [])],
  },
});
