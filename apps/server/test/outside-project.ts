import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../src/config.ts';

const run = promisify(execFile);

/**
 * npm's settings that an `npm test` run passes down to its children (the workspace, the prefix,
 * the scripts' shell): an outside project must not inherit them.
 */
function outsideEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)),
  );
  return { ...env, npm_config_update_notifier: 'false', ...extra };
}

export interface OutsideProject {
  /** The project's folder: `package.json`, `node_modules/@kadr/client` and nothing of ours. */
  dir: string;
  /** Runs a file of the project with Node (its own `node_modules` only). */
  node(file: string, env?: Record<string, string>): Promise<{ stdout: string; stderr: string }>;
  close(): Promise<void>;
}

/**
 * A separate Node project, as an outside developer has one: a temporary folder outside the
 * repository that installs only the packed `@kadr/client` (`npm pack -w @kadr/client`, which
 * builds it to plain JavaScript first) from the tarball, its one dependency from npm's cache
 * (`--prefer-offline`: `npm ci` of this repository put it there, as the client's own dependency).
 */
export async function createOutsideProject(): Promise<OutsideProject> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kadr-outside-'));
  await chmod(dir, 0o755);
  await run('npm', ['pack', '-w', '@kadr/client', '--pack-destination', dir, '--silent'], {
    cwd: repoRoot,
    env: outsideEnv(),
  });
  const tarball = (await readdir(dir)).find((file) => file.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack -w @kadr/client made no tarball');
  await writeFile(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ name: 'kadr-outside', private: true, type: 'module' }, null, 2)}\n`,
  );
  await run('npm', ['install', `./${tarball}`, '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: dir,
    env: outsideEnv(),
  });
  return {
    dir,
    node: (file, env = {}) =>
      run(process.execPath, [file], {
        cwd: dir,
        env: outsideEnv(env),
        maxBuffer: 16 * 1024 * 1024,
      }),
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
