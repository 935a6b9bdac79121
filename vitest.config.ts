import { defineConfig } from 'vitest/config';

/**
 * The API suite runs once on SQLite and, when TEST_DATABASE_URL names a PostgreSQL server,
 * once more on PostgreSQL; each test file creates and drops its own database.
 */
const postgres = process.env.TEST_DATABASE_URL;
const apiProject = (engine: 'sqlite' | 'postgres') => ({
  test: {
    name: `api-${engine}`,
    include: ['api/test/**/*.test.ts'],
    // Request lines stay out of the test output; faults still show.
    env: { TEST_DB_ENGINE: engine, LOG_LEVEL: 'error' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Two cores: one file per core at a time.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'] } },
      { test: { name: 'pwa', include: ['pwa/src/**/*.test.ts'] } },
      // Components (the admin forms) rendered in jsdom with Testing Library.
      { test: { name: 'pwa-components', include: ['pwa/src/**/*.test.tsx'], environment: 'jsdom' } },
      apiProject('sqlite'),
      // The reader PWA in the machine's Chromium, against the whole server on SQLite.
      { test: { name: 'e2e', include: ['e2e/**/*.test.ts'], env: { LOG_LEVEL: 'error' }, testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false } },
      ...(postgres ? [apiProject('postgres')] : []),
    ],
  },
});
