// Where the web build goes: `apps/web/build`, or the folder KADR_WEB_BUILD_DIR names (relative to
// apps/web, as React Router resolves `buildDirectory`). React Router's config and the scripts that
// finish the build read it here, so `KADR_WEB_BUILD_DIR=/tmp/x npm run build -w @kadr/web` builds
// elsewhere whole: a test can build while `build/` serves the end-to-end tests or a running server.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDirectory = fileURLToPath(new URL('..', import.meta.url));

export function buildDirectory(): string {
  return path.resolve(webDirectory, process.env.KADR_WEB_BUILD_DIR || 'build');
}

/** What the server publishes: the client half of the build. */
export function clientDirectory(): string {
  return path.join(buildDirectory(), 'client');
}
