// `npm start`: build the web app when it is missing or older than its sources, then run the server
// (demo mode unless provider credentials are configured).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const builtPage = path.join(root, 'apps/web/build/client/index.html');
const sources = [
  'apps/web/app',
  'apps/web/public',
  'packages/catalog/src',
  'packages/contract/src',
];
const configs = [
  'apps/web/react-router.config.ts',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

const builtAt = existsSync(builtPage) ? statSync(builtPage).mtimeMs : 0;
const sourcesAt = Math.max(...[...sources, ...configs].map((p) => newestMtime(path.join(root, p))));
if (builtAt < sourcesAt) {
  console.info(
    builtAt ? 'Web app sources changed: rebuilding…' : 'First start: building the web app…',
  );
  const build = spawnSync('npm', ['run', 'build', '-w', '@kadr/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_COMPILE_CACHE: path.join(root, '.data/compile-cache'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
