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
    // Several processes on one database behind haproxy: PostgreSQL only (SQLite is one machine's file).
    exclude: engine === 'sqlite' ? ['api/test/cluster.test.ts'] : [],
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
    // The S3 store the storage tests use (OpenStack Swift on loopback), started once per run and only if asked for.
    globalSetup: ['api/test/support/swift-global-setup.ts'],
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'] } },
      // The repository's lint rules that guard boundaries (the sealed admin module, Electron in main).
      { test: { name: 'lint', include: ['eslint/**/*.test.ts'], testTimeout: 60_000 } },
      // The repository's documents: the spec copy in docs/spec/ against its source beside the repository.
      { test: { name: 'docs', include: ['docs/**/*.test.ts'] } },
      { test: { name: 'pwa', include: ['pwa/src/**/*.test.ts'] } },
      // Components (the admin forms) rendered in jsdom with Testing Library.
      { test: { name: 'pwa-components', include: ['pwa/src/**/*.test.tsx'], environment: 'jsdom' } },
      apiProject('sqlite'),
      // The reader PWA in the machine's Chromium, against the whole server on SQLite.
      // A lazily loaded chunk or a server round trip can take seconds on a loaded 2-core machine: polls wait up to 4 s.
      { test: { name: 'e2e', include: ['e2e/**/*.test.ts'], env: { LOG_LEVEL: 'error' }, testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false, expect: { poll: { timeout: 4000 } } } },
      // The desktop app's core modules (no Electron), some against the real API on SQLite.
      { test: { name: 'desktop', include: ['desktop-admin/src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } },
      // The built desktop renderer in Chromium, through the real app:// handler and core modules.
      { test: { name: 'desktop-e2e', include: ['desktop-admin/test/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false } },
      // The built desktop app in real Electron; skipped, saying why, where npm could not download Electron's binary.
      { test: { name: 'electron', include: ['desktop-admin/electron-test/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
      ...(postgres ? [apiProject('postgres')] : []),
    ],
  },
});
