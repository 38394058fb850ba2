import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { type App, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Container, type ContainerOverrides, createContainer } from '../src/container.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { createTestDatabase } from './database.ts';

export interface TestApp {
  app: App;
  config: Config;
  container: Container;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real application on its own real database, with a tiny stand-in web build. */
export async function buildTestApp(
  env: Record<string, string> = {},
  overrides: ContainerOverrides = {},
  options: {
    logger?: Logger;
    /** The address the app connects to instead of its database's own (a link a test can cut). */
    connectVia?: (url: string) => Promise<string>;
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const webDir = await fakeWebBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kadr-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIR: webDir,
    DATA_DIR: dataDir,
    // Tests sign in and create far more often than a person could; the limits have their own tests
    // (modules/limits), which turn them on.
    RATE_LIMITS: 'false',
    ...env,
  });
  const database = openDatabase((await options.connectVia?.(testDb.url)) ?? testDb.url, {
    max: 5,
    onError: () => {},
  });
  const container = createContainer(config, database, silentLogger, overrides);
  const app = await buildApp({ container, logger: options.logger ?? false });
  await app.ready();
  return {
    app,
    config,
    container,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(webDir, { recursive: true, force: true });
    },
  };
}

const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };

async function fakeWebBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kadr-web-'));
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, 'login'));
  await writeFile(path.join(dir, 'index.html'), '<title>home</title>');
  await writeFile(path.join(dir, 'login', 'index.html'), '<title>login</title>');
  await writeFile(path.join(dir, '__spa-fallback.html'), '<title>shell</title>');
  await writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  return dir;
}
