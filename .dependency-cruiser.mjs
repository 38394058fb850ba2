/**
 * Import rules Biome cannot say: they need the importing file's own folder, which only a tool that
 * resolves real paths can compare with the imported one (or a rule with exceptions by path, which
 * a Biome override would have to repeat). The other import rules are in biome.jsonc.
 * Run by `npm run lint` (`lint:imports`).
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'only-the-ledger-moves-tokens',
      comment:
        'Tokens move only through the ledger module: its service names every operation (credit a ' +
        'payment, refund a generation, take back a refund or chargeback, grant a bonus, adjust) and ' +
        'is the only caller of the ledger write (ledger.repository.ts). Ask it through a ' +
        "transaction that binds 'ledger' (repositories.ts); tests are exempt (issue #32).",
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: [
          '^apps/server/src/modules/ledger/',
          '^apps/server/src/repositories\\.ts$',
          '\\.test\\.ts$',
        ],
      },
      to: { path: '^apps/server/src/modules/ledger/ledger\\.repository\\.ts$' },
    },
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
