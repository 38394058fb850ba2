import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Docs that name files stay true to the tree (issue #34): every server module folder has a README;
 * a module README names only files that are there; the start page, docs/README.md, links to and
 * names only paths that exist. A failure lists each doc and each name that has gone astray.
 *
 * What counts as naming a file:
 * - a markdown link to a relative target (`[text](../app.ts)`), resolved from the doc's folder;
 * - a code span that looks like a file or folder: `payment.service.ts`, `jobs/registry.ts`,
 *   `apps/web/app/` — path characters only, with a slash or a file extension. Spans with a
 *   placeholder or a pattern (`<thing>.routes.ts`, `*.test.ts`), URLs and API paths (`/api/…`) and
 *   package names (`@kadr/contract`) are not file names.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const serverSrc = path.join(root, 'apps/server/src');
const modulesDir = path.join(serverSrc, 'modules');

const fileExtension = /\.(ts|tsx|mts|mjs|cjs|js|json|jsonc|sql|md|css|yaml|yml|conf|sh|html)$/;
const pathCharacters = /^[\w.-]+(\/[\w.-]+)*\/?$/;

interface Named {
  name: string;
  kind: 'link' | 'code';
  line: number;
}

/** The names a markdown text gives, outside fenced code blocks. */
function namesIn(markdown: string): Named[] {
  const named: Named[] = [];
  let fenced = false;
  for (const [index, text] of markdown.split('\n').entries()) {
    if (text.trimStart().startsWith('```')) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const line = index + 1;
    for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1] ?? '';
      if (/^[a-z][a-z+.-]*:/i.test(target) || target.startsWith('#')) continue;
      named.push({ name: target.replace(/[#?].*$/, ''), kind: 'link', line });
    }
    for (const match of text.matchAll(/`([^`]+)`/g)) {
      const span = match[1] ?? '';
      if (!pathCharacters.test(span) || span.startsWith('.')) continue;
      if (!span.includes('/') && !fileExtension.test(span)) continue;
      named.push({ name: span, kind: 'code', line });
    }
  }
  return named;
}

const exists = (...parts: string[]) => existsSync(path.join(...parts));
const relative = (file: string) => path.relative(root, file);
const read = (file: string) => readFileSync(file, 'utf8');

const moduleNames = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** Where a code span in a module README may point: beside the README, or from the server's or the repo's root. */
function moduleNameExists(readmeDir: string, name: string): boolean {
  if (name.includes('/')) return [readmeDir, serverSrc, root].some((base) => exists(base, name));
  if (readmeDir !== modulesDir) return exists(readmeDir, name);
  // The index names files of every module, the server's own (`container.ts`) and the repo's.
  return (
    exists(serverSrc, name) ||
    exists(root, name) ||
    moduleNames.some((module) => exists(modulesDir, module, name))
  );
}

function strays(readme: string, resolves: (named: Named) => boolean): string[] {
  return namesIn(read(readme))
    .filter((named) => !resolves(named))
    .map(
      (named) =>
        `${relative(readme)}:${named.line} names ${named.kind === 'link' ? `a link to ${named.name}` : `\`${named.name}\``}, which does not exist`,
    );
}

describe('the server modules’ READMEs', () => {
  it('every folder under apps/server/src/modules has a README.md', () => {
    const missing = moduleNames
      .filter((module) => !exists(modulesDir, module, 'README.md'))
      .map((module) => `apps/server/src/modules/${module}/README.md is missing`);
    expect(missing).toEqual([]);
  });

  it('the modules index links every module’s README', () => {
    const index = read(path.join(modulesDir, 'README.md'));
    const unlisted = moduleNames
      .filter((module) => !index.includes(`](${module}/README.md)`))
      .map((module) => `apps/server/src/modules/README.md does not list ${module}`);
    expect(unlisted).toEqual([]);
  });

  it.each(['README.md', ...moduleNames.map((module) => `${module}/README.md`)])(
    'modules/%s names only files that exist',
    (file) => {
      const readme = path.join(modulesDir, file);
      if (!existsSync(readme)) return; // said by the first test
      const dir = path.dirname(readme);
      expect(
        strays(readme, (named) =>
          named.kind === 'link' ? exists(dir, named.name) : moduleNameExists(dir, named.name),
        ),
      ).toEqual([]);
    },
  );

  it.each(moduleNames)('modules/%s/README.md names every file of its module', (module) => {
    const readme = path.join(modulesDir, module, 'README.md');
    if (!existsSync(readme)) return; // said by the first test
    const text = read(readme);
    const unnamed = readdirSync(path.join(modulesDir, module))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => !text.includes(`\`${file}\``))
      .map((file) => `apps/server/src/modules/${module}/README.md does not name \`${file}\``);
    expect(unnamed).toEqual([]);
  });
});

describe('the start page, docs/README.md', () => {
  const startPage = path.join(root, 'docs/README.md');

  it('links to and names only paths that exist', () => {
    const docs = path.dirname(startPage);
    // A code span is a path from the repository's root (or, failing that, from docs/).
    expect(
      strays(startPage, (named) =>
        named.kind === 'link'
          ? exists(docs, named.name)
          : exists(root, named.name) || exists(docs, named.name),
      ),
    ).toEqual([]);
  });

  it('is linked from the top of the README', () => {
    const top = read(path.join(root, 'README.md')).split('\n## ')[0] ?? '';
    expect(top).toContain('](docs/README.md)');
  });
});
