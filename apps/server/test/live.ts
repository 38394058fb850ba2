import { Logger, type Runner, run } from 'graphile-worker';
import type { ContainerOverrides } from '../src/container.ts';
import { buildTaskList } from '../src/jobs/registry.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { freePort } from './ports.ts';

export interface LiveApp extends TestApp {
  base: string;
  worker: Runner | undefined;
  startWorker(): Promise<Runner>;
  stopWorker(): Promise<void>;
}

/**
 * The application listening on a real port, with its demo-mode Replicate emulator reachable over
 * HTTP (the adapter calls it, it calls our webhook) and a real job worker on the same database.
 */
export async function buildLiveTestApp(
  env: Record<string, string> = {},
  overrides: ContainerOverrides = {},
): Promise<LiveApp> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await buildTestApp(
    {
      PORT: String(port),
      PUBLIC_URL: base,
      ALLOWED_ORIGINS: 'http://localhost:3000',
      EMULATOR_LATENCY_MS: '150',
      WELCOME_TOKENS: '100',
      ...env,
    },
    overrides,
  );
  await t.app.listen({ host: '127.0.0.1', port });
  const live: LiveApp = {
    ...t,
    base,
    worker: undefined,
    async startWorker() {
      const worker = await run({
        connectionString: t.database.url,
        concurrency: 4,
        noHandleSignals: true,
        pollInterval: 200,
        taskList: buildTaskList(t.container),
        logger: quietLogger,
      });
      live.worker = worker;
      return worker;
    },
    async stopWorker() {
      await live.worker?.stop();
      live.worker = undefined;
    },
    async close() {
      await live.stopWorker();
      await t.close();
    },
  };
  return live;
}

const quietLogger = new Logger(() => () => {});
