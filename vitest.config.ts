import { configDefaults, defineConfig } from 'vitest/config';

/** Server tests that need no PostgreSQL are named *.unit.test.ts; every other server test gets the database. */
const SERVER_UNIT_TESTS = 'server/**/*.unit.test.ts';

export default defineConfig({
  test: {
    // Closes the apps and drops the databases a test file opened, when that file ends.
    setupFiles: ['server/testing/setup-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'pure',
          include: ['contract/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', SERVER_UNIT_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: 'database',
          include: ['server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, SERVER_UNIT_TESTS],
          // One PostgreSQL and a migrated, seeded template database for the run; each file copies the template.
          globalSetup: ['server/testing/global-setup.ts'],
          // A worker keeps the modules it imported for its next file: importing the server again for each of
          // ~90 files was about a third of this project's time (docs/decisions/0034-database-tests-share-modules.md).
          isolate: false,
        },
      },
    ],
  },
});
