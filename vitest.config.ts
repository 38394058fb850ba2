import { defineConfig } from 'vitest/config';

// Every project: a console.error fails the test that logged it.
const setupFiles = ['./vitest.fail-on-console-error.ts'];

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one file at a time on two. The
    // longest server files mostly wait (a worker process booting and killed, emulator latencies,
    // PostgreSQL), and one file at a time kept the cores about a third busy; three at once halve
    // the run (each file has its own database, test/global-setup.ts).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'catalog',
          include: ['packages/catalog/src/**/*.test.ts'],
          environment: 'node',
          setupFiles,
        },
      },
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
          setupFiles,
        },
      },
      {
        test: {
          name: 'emulators',
          include: ['packages/emulators/src/**/*.test.ts'],
          environment: 'node',
          setupFiles,
        },
      },
      {
        resolve: { tsconfigPaths: true },
        test: {
          name: 'web',
          include: ['apps/web/app/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: [...setupFiles, './apps/web/vitest.setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          setupFiles,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
