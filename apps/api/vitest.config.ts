import { defineConfig } from 'vitest/config';

// Every suite runs on SQLite; with DATABASE_URL_TEST (a PostgreSQL server URL whose user may
// CREATE DATABASE) the same suites also run on PostgreSQL, each file in a fresh database.
const postgresUrl = process.env.DATABASE_URL_TEST;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true as const, test: { name: 'sqlite', env: { BALCAO_TEST_DB: 'sqlite' } } },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: { name: 'postgres', env: { BALCAO_TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
