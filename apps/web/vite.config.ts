import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// Chunks (ADR 028). Left to itself the bundler cut a signed-in screen's code into ~50 files, one
// per set of routes sharing a module — and the public pages, though they load no JavaScript, are
// routes too, so the sets were many and small (a 200-byte icon was a file). On a phone's HTTP/1.1
// connection (six at a time) each file costs a round trip. Two groups instead, each one file:
// the libraries every signed-in screen runs first, and the app's own shared code; what only one
// screen or a dialog needs stays with it, loaded on demand.
const sep = String.raw`[\\/]`;
/** React, the router and TanStack Query: every signed-in screen needs them before it paints. */
const framework = new RegExp(
  `node_modules${sep}(react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack)${sep}`,
);
/**
 * The app's shared code: lib, components, the screens' shared base, catalogue, icons, and the
 * contract without the operators' schemas, `schemas.ts` and `api.ts` (the Kadr API's, whose
 * console part the operators' chunks parse with) — the screens use no zod in a production build
 * (ADR 030), so its schemas go with the console's chunks.
 */
const shared = new RegExp(
  [
    `${sep}apps${sep}web${sep}app${sep}(lib|components|features${sep}generations)${sep}`,
    `${sep}locales${sep}((en|ru)${sep})?(app|common)\\.`,
    `${sep}packages${sep}(catalog|contract${sep}src${sep}(?!admin|schemas|api\\.))`,
    `node_modules${sep}(clsx|lucide-react)${sep}`,
  ].join('|'),
);
/** Of those, what only a dialog or a result's actions need (Radix with it): loaded on demand. */
const onDemand = new RegExp(
  `${sep}ui${sep}(modal|drawer)\\.|${sep}generations${sep}components${sep}`,
);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    sourcemap: Boolean(process.env.KADR_SOURCEMAP),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: framework, priority: 2 },
            {
              name: 'app',
              test: (id: string) => shared.test(id) && !onDemand.test(id),
              priority: 1,
              // What one route alone uses (an icon, a helper) stays in that route's own chunk.
              minShareCount: 2,
            },
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
