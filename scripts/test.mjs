// `npm test`: every check, in three stages, and a table of where the time went.
//
//   1. checks: the lint tools, each workspace's typecheck and the web build, as many at once as
//      there are cores (each is one busy process). The web build waits for the web typecheck
//      (both use apps/web/.react-router), and both wait for the lint tools (knip reads that folder).
//      The first-load guard reads the build when it is done (apps/web/scripts/check-first-load.ts).
//   2. unit: Vitest (vitest.config.ts runs its own workers).
//   3. e2e: Playwright against the built web app (e2e/playwright.config.ts).
//
// A parallel task's output is printed whole when it ends, under its name, so lines never mix.
// Every task of a stage runs even if one fails (one run shows every lint and type error); a failed
// stage stops the run, and the exit code is 1. `npm test -- checks` runs one stage (or a few). The scripts it runs are the package.json ones:
// `npm run lint`, `npm run typecheck`, `npm run test:unit` and `npm run test:e2e` still run one
// part alone (docs/testing.md).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const slots = Math.max(1, Number(process.env.TEST_JOBS) || availableParallelism());
const colour = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};

/** Workspaces with a typecheck script, from the root package.json's list (`dir/*` or `dir`). */
function typecheckedWorkspaces() {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const dirs = workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
          .sort()
      : [pattern],
  );
  return dirs.filter((dir) => {
    const file = path.join(root, dir, 'package.json');
    return existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).scripts?.typecheck;
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs one command. `stream`: its output goes straight to ours as it comes (a stage's only task);
 * else it is collected and printed whole at the end. Off a terminal (CI writes to a file) a
 * streamed task's output is also kept, so the run can end by naming what failed (`failedLines`).
 */
function run(task, stream) {
  const started = Date.now();
  const inherit = stream && process.stdout.isTTY;
  return new Promise((resolve) => {
    const child = spawn(task.command[0], task.command.slice(1), {
      cwd: root,
      env: { ...process.env, ...colour },
      stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const chunks = [];
    child.stdout?.on('data', (chunk) => {
      chunks.push(chunk);
      if (stream) process.stdout.write(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      chunks.push(chunk);
      if (stream) process.stderr.write(chunk);
    });
    const finish = (code, error) => {
      const result = {
        name: task.name,
        ok: code === 0,
        ms: Date.now() - started,
        output: Buffer.concat(chunks).toString() + (error ? `${error.message}\n` : ''),
      };
      resolve(result);
    };
    child.on('error', (error) => finish(1, error));
    child.on('close', (code) => finish(code));
  });
}

/** Runs tasks `slots` at a time, each after the tasks named in its `after`. */
async function runParallel(tasks) {
  const results = new Map();
  const running = new Set();
  const waiting = [...tasks];
  return new Promise((resolve) => {
    const next = () => {
      if (waiting.length === 0 && running.size === 0) {
        resolve(tasks.map((task) => results.get(task.name)));
        return;
      }
      while (running.size < slots) {
        const index = waiting.findIndex((task) =>
          (task.after ?? []).every((name) => results.has(name)),
        );
        if (index === -1) break;
        const [task] = waiting.splice(index, 1);
        running.add(task.name);
        run(task, false).then((result) => {
          running.delete(task.name);
          results.set(task.name, result);
          const mark = result.ok ? 'ok' : 'FAILED';
          process.stdout.write(`\n── ${task.name}: ${mark} (${seconds(result.ms)})\n`);
          if (result.output.trim()) process.stdout.write(result.output.replace(/\n?$/, '\n'));
          next();
        });
      }
    };
    next();
  });
}

const lintTasks = [
  { name: 'lint: biome', command: [npm, 'run', 'lint:format'] },
  { name: 'lint: imports', command: [npm, 'run', 'lint:imports'] },
  { name: 'lint: unused', command: [npm, 'run', 'lint:unused'] },
];
const lintNames = lintTasks.map((task) => task.name);
const typecheckTasks = typecheckedWorkspaces().map((dir) => ({
  name: `typecheck: ${dir}`,
  command: [npm, 'run', 'typecheck', '-w', dir],
  after: dir === 'apps/web' ? lintNames : [],
}));
// Longest first (measured): the web typecheck and build are a chain, so they start early.
const longestFirst = ['apps/web', 'apps/server', 'bench', 'packages/emulators', 'e2e'];
typecheckTasks.sort(
  (a, b) =>
    rank(longestFirst, a.name.slice('typecheck: '.length)) -
    rank(longestFirst, b.name.slice('typecheck: '.length)),
);
function rank(list, item) {
  const at = list.indexOf(item);
  return at === -1 ? list.length : at;
}

const stages = [
  {
    name: 'checks',
    parallel: [
      ...lintTasks,
      ...typecheckTasks,
      {
        name: 'build: web',
        command: [npm, 'run', 'build'],
        after: ['typecheck: apps/web', ...lintNames],
      },
      // Each signed-in screen's JavaScript before any interaction against its budget (issue #46):
      // the build's files, measured as the Lighthouse bench measures them. It fails on a build
      // that is missing, too, so a failed build is never read as a passed budget.
      {
        name: 'check: first-load',
        command: [npm, 'run', 'check:first-load', '-w', '@kadr/web'],
        after: ['build: web'],
      },
    ],
  },
  { name: 'unit', task: { name: 'unit: vitest', command: [npm, 'run', 'test:unit'] } },
  // The web build is stage 1's; `npm run test:e2e` would build it again.
  { name: 'e2e', task: { name: 'e2e: playwright', command: [npm, 'test', '-w', '@kadr/e2e'] } },
];

// `npm test -- checks unit` runs only those stages.
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !stages.some((stage) => stage.name === name));
if (unknown.length > 0) {
  console.error(
    `unknown stage ${unknown.join(', ')}: the stages are ${stages.map((s) => s.name).join(', ')}`,
  );
  process.exit(2);
}

const summary = [];
const startedAll = Date.now();
let failed = false;
for (const stage of stages) {
  if (chosen.length > 0 && !chosen.includes(stage.name)) continue;
  const started = Date.now();
  process.stdout.write(`\n━━ ${stage.name} ━━\n`);
  const results = stage.parallel
    ? await runParallel(stage.parallel)
    : [await run(stage.task, true)];
  summary.push({ stage: stage.name, ms: Date.now() - started, results });
  if (results.some((result) => !result.ok)) {
    failed = true;
    break;
  }
}

process.stdout.write('\n━━ time ━━\n');
for (const { stage, ms, results } of summary) {
  process.stdout.write(`${stage.padEnd(40)} ${seconds(ms).padStart(9)}\n`);
  if (results.length > 1) {
    for (const result of results) {
      const mark = result.ok ? '' : '  FAILED';
      process.stdout.write(
        `  ${result.name.padEnd(38)} ${seconds(result.ms).padStart(9)}${mark}\n`,
      );
    }
  }
}
process.stdout.write(`${'total'.padEnd(40)} ${seconds(Date.now() - startedAll).padStart(9)}\n`);
if (failed) {
  const failures = summary.flatMap(({ results }) => results.filter((r) => !r.ok));
  process.stdout.write(`\nFAILED: ${failures.map((r) => r.name).join(', ')}\n`);
  // The last lines are what a CI page shows: the failed tests by name, not only the stage.
  for (const result of failures) {
    const lines = failedLines(result.output);
    if (lines.length > 0) process.stdout.write(`${result.name}:\n${lines.join('\n')}\n`);
  }
  process.exitCode = 1;
}

/**
 * The lines of a test runner's output that name what failed: Playwright's closing summary (its
 * failed, flaky and did-not-run lists) or Vitest's FAIL lines, at most 40.
 */
function failedLines(output) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are stripped
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const start = lines.findIndex((line) => /^\s+\d+ (failed|flaky|interrupted)\s*$/.test(line));
  if (start === -1)
    return [...new Set(lines.filter((line) => /^\s*(FAIL|×)\s/.test(line)))].slice(0, 40);
  const end = lines.findIndex((line, at) => at > start && !/^\s/.test(line));
  const picked = lines
    .slice(start, end === -1 ? undefined : end)
    .filter((line) => line.trim() && !/^\s+\d+ (passed|skipped)/.test(line));
  return picked.slice(0, 40);
}
