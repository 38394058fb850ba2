// Which of the app's modules import each lucide icon, for the chunk groups (vite.config.ts). An
// icon's module is reached through lucide's index, which re-exports all 1,700 of them, so the
// module graph cannot say who draws it; the import statements can: `import { Download } from
// 'lucide-react'` in a module means that module draws the icon lucide keeps in icons/download.mjs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const iconModule = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([^\\/]+)\.mjs$/;
const ourModule = /[\\/]apps[\\/]web[\\/]app[\\/].+\.tsx?$/;
const lucideImport = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g;

/** lucide's index: each name it exports (`Download`, `DownloadIcon`, `LucideDownload`) → file. */
function iconFilesByName(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const index = path.join(
    path.dirname(require.resolve('lucide-react/package.json')),
    'dist/esm/lucide-react.mjs',
  );
  const files = new Map<string, string>();
  for (const line of readFileSync(index, 'utf8').split('\n')) {
    const match = /^export \{(.+)\} from '\.\/icons\/([^']+)\.mjs';$/.exec(line);
    if (!match?.[1] || !match[2]) continue;
    for (const part of match[1].split(',')) {
      const name = /default as (\w+)/.exec(part)?.[1];
      if (name) files.set(name, match[2]);
    }
  }
  if (files.size < 1000)
    throw new Error(
      `lucide's index lists only ${files.size} icons: not the file this script knows`,
    );
  return files;
}

export function iconUsers() {
  const files = iconFilesByName();
  /** Icon file (`download`) → our modules that import it. */
  const users = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'kadr:icon-users',
    transform: {
      filter: { id: ourModule, code: 'lucide-react' },
      handler(code, id) {
        for (const statement of code.matchAll(lucideImport)) {
          for (const part of (statement[1] ?? '').split(',')) {
            const name = part
              .trim()
              .split(/\s+as\s+/)[0]
              ?.replace(/^type\s+/, '');
            const file = name ? files.get(name) : undefined;
            if (!file) continue;
            const set = users.get(file) ?? new Set();
            set.add(id.replace(/\?.*$/, ''));
            users.set(file, set);
          }
        }
        return null;
      },
    },
  };
  return {
    plugin,
    isIcon: (id: string) => iconModule.test(id),
    /** The modules that import this icon (by any of its names). */
    users(id: string): string[] {
      const file = iconModule.exec(id)?.[1];
      return [...(users.get(file ?? '') ?? [])];
    },
  };
}
