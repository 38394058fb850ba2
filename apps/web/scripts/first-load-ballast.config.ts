// For first-load.build.test.ts only: the app's own Vite config (imported, never edited), plus one
// module imported for its side effect by `app/lib/session.tsx` — shared code every signed-in screen
// loads — as if that code had grown. The module is the file KADR_FIRST_LOAD_BALLAST names (the test
// writes it), so the test knows what to look for in the build:
//
//   KADR_FIRST_LOAD_BALLAST=… react-router build . --config scripts/first-load-ballast.config.ts
import { readFileSync } from 'node:fs';
import { mergeConfig, type Plugin } from 'vite';
import config from '../vite.config.ts';

const ballastFile = process.env.KADR_FIRST_LOAD_BALLAST;
if (!ballastFile) throw new Error('KADR_FIRST_LOAD_BALLAST must name the module to add');

const specifier = 'virtual:kadr-first-load-ballast';
// Rollup's convention for a module no other plugin should try to read from disk.
const id = `\0${specifier}`;
const importer = /[\\/]app[\\/]lib[\\/]session\.tsx$/;

const ballast: Plugin = {
  name: 'kadr:first-load-ballast',
  enforce: 'pre',
  resolveId: (source) => (source === specifier ? id : undefined),
  load: (loaded) => (loaded === id ? readFileSync(ballastFile, 'utf8') : undefined),
  transform: (code, module) =>
    importer.test(module) ? { code: `import '${specifier}';\n${code}`, map: null } : undefined,
};

export default mergeConfig(config, { plugins: [ballast] });
