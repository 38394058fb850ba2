/**
 * Import rules Biome cannot say: they need the importing file's own folder, which only a tool that
 * resolves real paths can compare with the imported one. The other import rules are in biome.jsonc.
 * Run by `npm run lint` (`lint:deps`).
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'feature-imports-only-itself-and-generations',
      comment:
        'A feature imports only itself and features/generations, the shared base of the signed-in ' +
        'screens: what two features share belongs in features/generations, components/ or lib/ ' +
        '(docs/architecture.md, web app).',
      severity: 'error',
      from: { path: '^apps/web/app/features/([^/]+)/' },
      to: {
        path: '^apps/web/app/features/',
        pathNot: ['^apps/web/app/features/$1/', '^apps/web/app/features/generations/'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|\\.react-router)/' },
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};
