import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    sourcemap: Boolean(process.env.KADR_SOURCEMAP),
    rolldownOptions: {
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
