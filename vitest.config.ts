import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Every project: a console.error fails the test that logged it.
const setupFiles = ['./vitest.fail-on-console-error.ts'];

/**
 * The files that take longest, longest first. A few of them mostly wait (a worker process killed 20
 * times, nodes started and stopped), so they must start at once: on a clean clone Vitest has no
 * durations from an earlier run and starts the largest files first, and the worker-kill file (3
 * minutes, but small) began two minutes in and ran alone at the end. Measured with
 * `npx vitest run --reporter=json` (docs/testing.md); a file not listed here keeps Vitest's order.
 */
const slowestFirst = [
  'apps/server/src/worker-kill.test.ts',
  'apps/server/src/multi-node.test.ts',
  'apps/server/src/faults.test.ts',
  'apps/server/src/outside-developer.test.ts',
  'apps/server/src/modules/generations/notification-schedules.test.ts',
  'apps/server/src/crash-recovery.test.ts',
  'apps/server/src/startup-errors.test.ts',
  'apps/server/src/modules/admin/admin.test.ts',
  'apps/server/src/modules/generations/generations.test.ts',
  'apps/server/src/modules/generations/create-fuzz.test.ts',
  'apps/server/src/modules/ledger/ledger.repository.test.ts',
  'apps/server/src/modules/payments/settle.property.test.ts',
  'apps/server/src/modules/ledger/statement.test.ts',
  // Two builds of the web app, 11–18 s (docs/testing.md).
  'apps/web/scripts/first-load.build.test.ts',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = slowestFirst.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return at === -1 ? slowestFirst.length : at;
    };
    // Array.prototype.sort is stable: the rest keep the order Vitest gave them.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowestFirst },
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
          name: 'cards',
          include: ['packages/cards/src/**/*.test.ts'],
          environment: 'node',
          setupFiles,
        },
      },
      {
        test: {
          name: 'client',
          include: ['packages/client/src/**/*.test.ts'],
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
          // The emulated models render real videos with ffmpeg: about a second each alone, past
          // Vitest's 5 s beside the server's tests on the loaded two-core machine (2026-12-07).
          // How long before a test is called broken, not how fast it must be.
          testTimeout: 20_000,
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
          name: 'web-scripts',
          include: ['apps/web/scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles,
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
