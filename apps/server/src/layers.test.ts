import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The server's layer rules (.dependency-cruiser.mjs), checked on trees made for them: a small server
// that keeps every rule passes, and the same server with one planted violation fails with exactly
// that rule, on exactly that import.

/** A server that keeps every rule: two modules meeting through an index, a job, db/, lib/. */
const lawful: Record<string, string> = {
  'apps/server/src/container.ts':
    "import { createThingService } from './modules/things/thing.service.ts';\nimport { createThingRepository } from './modules/things/thing.repository.ts';\nexport const c = [createThingService, createThingRepository];\n",
  'apps/server/src/db/schema.ts': 'export const things = 1;\n',
  'apps/server/src/lib/problem.ts': 'export class HttpProblem {}\n',
  'apps/server/src/providers/storage.ts': 'export interface ObjectStorage {}\n',
  'apps/server/src/modules/clock/index.ts': 'export const now = () => 0;\n',
  'apps/server/src/jobs/registry.ts':
    "import type { ThingService } from '../modules/things/thing.service.ts';\nexport type R = ThingService;\n",
  'apps/server/src/modules/things/index.ts':
    "export type { ThingService } from './thing.service.ts';\n",
  'apps/server/src/modules/things/thing.repository.ts':
    "import { sql } from 'drizzle-orm';\nimport { things } from '../../db/schema.ts';\nexport const createThingRepository = () => [sql, things];\n",
  'apps/server/src/modules/things/thing.service.ts':
    "import type { createThingRepository } from './thing.repository.ts';\nexport const createThingService = (r: typeof createThingRepository) => r;\nexport type ThingService = ReturnType<typeof createThingService>;\n",
  'apps/server/src/modules/things/things.problems.ts':
    "import { HttpProblem } from '../../lib/problem.ts';\nexport const notFound = () => new HttpProblem();\n",
  'apps/server/src/modules/things/things.routes.ts':
    "import { HttpProblem } from '../../lib/problem.ts';\nimport type { ThingService } from './thing.service.ts';\nexport const routes = (s: ThingService) => [s, HttpProblem];\n",
  'apps/server/src/modules/boxes/box.service.ts':
    "import type { ThingService } from '../things/index.ts';\nexport const box = (t: ThingService) => t;\n",
  'apps/server/src/modules/boxes/boxes.test.ts':
    "import { createThingRepository } from '../things/thing.repository.ts';\nimport { c } from '../../container.ts';\nexport const t = [createThingRepository, c];\n",
};

/** One file each, added to the lawful server, and the one violation it must cause. */
const planted: { rule: string; file: string; text: string; to: string }[] = [
  {
    rule: 'routes-call-services',
    file: 'apps/server/src/modules/things/thing-list.routes.ts',
    text: "import { createThingRepository } from './thing.repository.ts';\nexport const r = createThingRepository;\n",
    to: 'apps/server/src/modules/things/thing.repository.ts',
  },
  {
    rule: 'modules-meet-through-public-entries',
    file: 'apps/server/src/modules/boxes/box-shelf.ts',
    text: "import { createThingService } from '../things/thing.service.ts';\nexport const s = createThingService;\n",
    to: 'apps/server/src/modules/things/thing.service.ts',
  },
  {
    rule: 'db-imports-no-module',
    file: 'apps/server/src/db/defaults.ts',
    text: "import { now } from '../modules/clock/index.ts';\nexport const d = now;\n",
    to: 'apps/server/src/modules/clock/index.ts',
  },
  {
    rule: 'the-composition-root-is-on-top',
    file: 'apps/server/src/modules/things/thing-config.ts',
    text: "import { c } from '../../container.ts';\nexport const k = c;\n",
    to: 'apps/server/src/container.ts',
  },
  {
    // Any name, not only *.service.ts: logic in a file called otherwise does not escape.
    rule: 'only-repositories-talk-sql',
    file: 'apps/server/src/modules/things/thing-helpers.ts',
    text: "import { things } from '../../db/schema.ts';\nexport const h = things;\n",
    to: 'apps/server/src/db/schema.ts',
  },
  {
    // Any name but a route's, a plugin's or its problems': a service that throws HTTP is caught.
    rule: 'services-speak-outcomes',
    file: 'apps/server/src/modules/things/thing-rules.ts',
    text: "import { HttpProblem } from '../../lib/problem.ts';\nexport const no = () => new HttpProblem();\n",
    to: 'apps/server/src/lib/problem.ts',
  },
  {
    rule: 'repositories-know-no-services',
    file: 'apps/server/src/modules/things/thing-archive.repository.ts',
    text: "import type { ThingService } from './thing.service.ts';\nexport type A = ThingService;\n",
    to: 'apps/server/src/modules/things/thing.service.ts',
  },
  {
    rule: 'lib-is-a-leaf',
    file: 'apps/server/src/lib/stored-names.ts',
    text: "import type { ObjectStorage } from '../providers/storage.ts';\nexport type N = ObjectStorage;\n",
    to: 'apps/server/src/providers/storage.ts',
  },
];

let rules: IConfiguration;
const roots: string[] = [];

async function tree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'kadr-layers-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

/** Every violation in the tree as [rule, from, to]; a folder cycle's `to` is its first folder. */
async function violations(files: Record<string, string>): Promise<string[][]> {
  const baseDir = await tree(files);
  const result = await cruise(['apps/server/src'], {
    ruleSet: { forbidden: rules.forbidden ?? [] },
    validate: true,
    tsPreCompilationDeps: true,
    ...(rules.options?.exclude ? { exclude: rules.options.exclude } : {}),
    baseDir,
  });
  const output = result.output;
  if (typeof output === 'string') throw new Error('expected a cruise result, not text');
  return output.summary.violations.map((v) => [v.rule.name, v.from, v.to]);
}

beforeAll(async () => {
  const config = new URL('../../../.dependency-cruiser.mjs', import.meta.url).href;
  rules = ((await import(config)) as { default: IConfiguration }).default;
});
afterAll(async () => {
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
});

describe("the server's layer rules (.dependency-cruiser.mjs)", () => {
  it('pass a server that keeps them (tests may reach anything)', async () => {
    expect(await violations(lawful)).toEqual([]);
  });

  it.each(planted)('fail $rule on a planted $file', async ({ rule, file, text, to }) => {
    expect(await violations({ ...lawful, [file]: text })).toEqual([[rule, file, to]]);
  });

  it('fail a cycle between two module folders, type imports included', async () => {
    const found = await violations({
      ...lawful,
      'apps/server/src/modules/things/index.ts':
        "export type { ThingService } from './thing.service.ts';\nexport type { Box } from './thing-box.ts';\n",
      'apps/server/src/modules/things/thing-box.ts':
        "import type { BoxService } from '../boxes/index.ts';\nexport type Box = BoxService;\n",
      'apps/server/src/modules/boxes/index.ts':
        "export type BoxService = (typeof import('./box.service.ts'))['box'];\n",
    });
    expect(found.map(([rule]) => rule)).toContain('no-folder-cycles');
    expect(found.every(([rule]) => rule === 'no-folder-cycles')).toBe(true);
  });
});
