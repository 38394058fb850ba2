import { defineConfig } from 'vitest/config';

// Every project: a console.error fails the test that logged it.
const setupFiles = ['./vitest.fail-on-console-error.ts'];

export default defineConfig({
  test: {
    // Two test files at a time. Vitest's default on a 2-core machine is one (cores − 1), but most
    // of the server's slow files wait on PostgreSQL, child processes and timers rather than the CPU:
    // the unit run took 345 s one file at a time and 220 s two at a time on the same machine.
    maxWorkers: 2,
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
