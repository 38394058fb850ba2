import { defineConfig } from 'vitest/config';

// Every project: a console.error fails the test that logged it.
const setupFiles = ['./vitest.fail-on-console-error.ts'];

export default defineConfig({
  test: {
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
