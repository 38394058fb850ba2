import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { iconUsers } from './icon-users.ts';

// Chunks (ADRs 028, 042). Left to itself the bundler cut a signed-in screen's code into ~50 files,
// one per set of routes sharing a module — and the public pages, though they load no JavaScript,
// are routes too, so the sets were many and small (a 200-byte icon was a file). On a phone's
// HTTP/1.1 connection (six at a time) each file costs a round trip. Three groups instead, each one
// file, by who needs the code before the first paint: the libraries every signed-in screen runs;
// the app's shared base every screen runs (the shell, the generations' base); and what the
// screens that run models share (the studio's catalogue, its form and its calls). The rest — the
// finishing tools and the catalogue addressed by any id, a screen's own code, dialogs — loads with
// the route that uses it, or on demand. Which folder a module sits in decides which screens pay
// for it: `features/generations/run/` and `tools/` are not the base (features/README.md).
const sep = String.raw`[\\/]`;
const web = `${sep}apps${sep}web${sep}app${sep}`;
const catalog = `${sep}packages${sep}catalog${sep}src${sep}`;
const matches = (...patterns: string[]) => new RegExp(patterns.join('|'));

const textsFile = new RegExp(`${web}locales${sep}(ru|en)${sep}([\\w-]+)\\.json$`);

/**
 * React, the router and TanStack Query: every signed-in screen needs them before it paints — but
 * `useQueries`, which only the comparison and the batch use, goes with them.
 */
const framework = matches(
  `node_modules${sep}(react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack)${sep}`,
);
const notFramework = matches(`${sep}@tanstack${sep}.+${sep}(useQueries|queriesObserver)\\.js$`);

/**
 * The shared base: lib, components, the generations' base, the shared texts, the catalogue's
 * defaults and the contract without the
 * operators' schemas, `schemas.ts` and `api.ts` (the Kadr API's, whose console part the operators'
 * chunks parse with) — the screens use no zod in a production build (ADR 030).
 */
const base = matches(
  `${web}(lib|components|features${sep}generations)${sep}`,
  // The texts' registering module and `common` (bundled in both languages); a screen's texts in
  // one language are files of their own, loaded by it (lib/i18n.ts, ADR 042).
  `${web}locales${sep}(app\\.ts$|(en|ru)${sep}common\\.json$)`,
  `${catalog}(defaults|freeze|images)\\.ts$`,
  `${sep}packages${sep}contract${sep}src${sep}(?!admin|schemas|api\\.)`,
  `node_modules${sep}clsx${sep}`,
  // lucide's own code; its icons are placed by who imports them (below).
  `node_modules${sep}lucide-react${sep}dist${sep}esm${sep}(?!icons${sep})`,
);
/**
 * Of those, what the base's first paint does not need: a dialog (its Radix and its wrapper, loaded
 * on demand), the public pages' own helpers (no public page loads JavaScript), what only code
 * loaded later says (Metrika's calls after a page view, a refusal's words, a run's idempotency
 * key), and the folders of the generations' code that only some screens use: a result's display,
 * lineage and reuse, the library's actions, picture inputs, running a model, the finishing tools,
 * reading the library of elements (its screen and the studio's picker, once opened or chosen).
 */
const notBase = matches(
  `${sep}ui${sep}(modal|drawer)\\.`,
  `${web}lib${sep}(public-page-script|metrika|problem-text|ids)\\.`,
  `${web}components${sep}ui${sep}dialog\\.`,
  `${web}components${sep}faq-list\\.`,
  `${sep}generations${sep}(components|library|pictures|run|tools|elements)${sep}`,
  `${sep}generations${sep}(reuse|lineage)\\.ts$`,
);
const inBase = (id: string) => base.test(id) && !notBase.test(id);

/**
 * A result as the screens show it — its media, status, notes and actions: history, the profile's
 * recent generations and every screen that runs models load it; the studio only once it has a
 * result to show (its panel is loaded on demand).
 */
const results = matches(
  `${web}features${sep}generations${sep}components${sep}`,
  // What a result was made with and from, and its reuse; the catalogue's light part (a model's
  // name without its entry: summaries.ts) that says so.
  `${web}features${sep}generations${sep}(reuse|lineage)\\.ts$`,
  `${catalog}summaries\\.ts$`,
);

/**
 * What the screens that run the studio's models share (studio, compare, batch, tools, cards): the
 * running of a model (`features/generations/run/`), the studio's texts, and the catalogue's
 * studio models with their form, validation and price — not the tools' entries, nor the lookup of
 * any model by its id (catalog.ts), which would bring every entry.
 */
const run = matches(
  // Not its field errors: they and their texts (app-run) load with a form's first check.
  `${web}features${sep}generations${sep}run${sep}(?!field-errors\\.)`,
  `${web}locales${sep}app-studio\\.ts$`,
  // A run's idempotency key (submission.ts).
  `${web}lib${sep}ids\\.ts$`,
  // Not the model of a person's trained characters: the catalogue by id brings it, loaded only for
  // someone who has one (features/studio/characters.ts).
  `${catalog}models${sep}(?!index\\.|flux-dev\\.|flux-character\\.|tools${sep})`,
  `${catalog}(studio-models|form|conditions|price|validate|duration)\\.ts$`,
);

/**
 * An icon is a module of its own, reached through lucide's index by every screen, so the module
 * graph cannot say who draws it; the import statements can (icon-users.ts). An icon goes with the
 * code that draws it: into `results` or `run` when only their code does, into a chunk of icons of
 * its own when only the screens without a budget do (the tools, the cards, prices, the console,
 * the public pages) or the library of elements (whose screen loads that chunk, 1.8 KB, rather
 * than put its icons in every screen's base), else into the base — which keeps the budgeted
 * screens (studio, history, profile) from loading one file per icon.
 */
const icons = iconUsers();
const otherScreens = matches(
  `${web}(features|routes)${sep}(cards|tools|pricing|admin|landing|legal|auth|elements)`,
);
/**
 * Beside a result: the library's actions (favourite, share, delete, collections), and the screens
 * that show results from their first paint (history, the profile, the viewer) — all of which load
 * `results` — so the studio does not load their icons before it has a result to show.
 */
const withResults = matches(
  `${web}features${sep}generations${sep}(components|library)${sep}`,
  `${web}features${sep}(history|profile|viewer)${sep}`,
);
function iconGroup(id: string): 'app' | 'results' | 'run' | 'icons' {
  const users = icons.users(id);
  if (users.length > 0 && users.every((user) => withResults.test(user))) return 'results';
  if (users.length > 0 && users.every((user) => run.test(user))) return 'run';
  if (users.every((user) => otherScreens.test(user))) return 'icons';
  return 'app';
}
const grouped = (name: string, test: (id: string) => boolean) => (id: string) =>
  icons.isIcon(id) ? iconGroup(id) === name : test(id);

/**
 * The catalogue by any model's id and the finishing tools' entries (tools, cards, batch, prices),
 * and the model of a person's trained characters (the studio loads this for them only).
 */
const anyModel = matches(
  `${catalog}(catalog|tool-models|tools|price-list|provider)\\.ts$`,
  `${catalog}models${sep}(index|flux-dev|flux-character)\\.ts$`,
  `${catalog}models${sep}tools${sep}`,
);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), icons.plugin],
  resolve: { tsconfigPaths: true },
  build: {
    sourcemap: Boolean(process.env.KADR_SOURCEMAP),
    rolldownOptions: {
      output: {
        // A screen's texts in one language (a dynamically imported JSON file) are named for it,
        // `texts-<language>-<file>`: the app shells preload the person's (scripts/app-shells.ts).
        chunkFileNames: (chunk) => {
          const texts = textsFile.exec(chunk.facadeModuleId ?? '');
          return texts
            ? `assets/texts-${texts[1]}-${texts[2]}-[hash].js`
            : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: (id: string) => framework.test(id) && !notFramework.test(id),
              priority: 6,
            },
            // What one route alone uses (an icon, a helper) stays in that route's own chunk.
            { name: 'app', test: grouped('app', inBase), priority: 5, minShareCount: 2 },
            {
              name: 'results',
              test: grouped('results', (id) => results.test(id)),
              priority: 4,
              minShareCount: 2,
            },
            {
              name: 'run',
              test: grouped('run', (id) => run.test(id)),
              priority: 3,
              minShareCount: 2,
            },
            { name: 'catalog', test: anyModel, priority: 2, minShareCount: 2 },
            { name: 'icons', test: grouped('icons', () => false), priority: 1, minShareCount: 2 },
          ],
        },
      },
      treeshake: {
        // @kadr/contract is plain data and zod schemas: unused schemas must not pull zod into
        // the landing bundle. (Remove once the package declares "sideEffects": false.)
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    // The API runs separately in development (`npm run dev -w @kadr/server`, port 3000).
    proxy: { '/api': 'http://localhost:3000' },
  },
});
