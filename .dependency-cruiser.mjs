const server = '^apps/server/src/';
/** A test or the test harness: tests may reach anything they check. */
const tests = ['\\.test\\.ts$', '^apps/server/test/'];
/** The composition root: the server's top-level files, which build everything below them. */
const root = `${server}[^/]+\\.ts$`;

/**
 * Import rules Biome cannot say: they need the importing file's own folder, which only a tool that
 * resolves real paths can compare with the imported one. The server's layers are kept here by
 * folder and by role (docs/architecture.md, apps/server/src/modules/README.md):
 *
 *   top-level files (the composition root) → jobs/ → modules/ → lib/, db/, providers/
 *   inside a module: *.routes.ts → services (any other file) → *.repository.ts → db/
 *
 * `layers.test.ts` plants a violation of each rule and checks it is found. The other import rules
 * (zod/mini in the contract, providers know no modules) are in biome.jsonc.
 * Run by `npm run lint` (`lint:imports`).
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment:
        'Folders depend one way: a cycle between two folders (type imports included) means neither ' +
        'can be understood, tested or moved without the other. Move what both need to the lower ' +
        'one, or to lib/ (issue #34).',
      severity: 'error',
      scope: 'folder',
      from: { path: server },
      to: { circular: true },
    },
    {
      name: 'the-composition-root-is-on-top',
      comment:
        "The server's top-level files (config.ts, container.ts, repositories.ts, app.ts…) build " +
        'everything else, so nothing below imports them: a service declares the repositories and ' +
        'settings it needs as types (lib/transaction.ts for a transaction) and the container hands ' +
        'them over (issue #34).',
      severity: 'error',
      from: { path: `${server}[^/]+/`, pathNot: tests },
      to: { path: root },
    },
    {
      name: 'modules-meet-through-public-entries',
      comment:
        "A module uses another only through that module's index.ts, which exports what others may " +
        'use; its other files are its own to change. Add to the index what you need, or ask the ' +
        'other module a question through its service (apps/server/src/modules/README.md).',
      severity: 'error',
      from: { path: `${server}modules/([^/]+)/`, pathNot: tests },
      to: {
        path: `${server}modules/[^/]+/`,
        pathNot: [`${server}modules/$1/`, `${server}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'services-speak-outcomes',
      comment:
        'A service answers with a typed outcome ({ outcome: "not_found" }), never an HTTP problem: ' +
        'only routes, Fastify plugins and their *.problems.ts turn outcomes into problems with ' +
        'their status and text, so changing an answer in one module cannot change what another ' +
        'module decides (issue #34).',
      severity: 'error',
      from: {
        path: `${server}(modules|jobs)/`,
        pathNot: [...tests, '\\.(routes|plugin|problems)\\.ts$'],
      },
      to: { path: `${server}lib/problem\\.ts$` },
    },
    {
      name: 'routes-call-services',
      comment:
        'Routes speak HTTP and call services; a route that reads a repository or the database skips ' +
        "the rules the service keeps (who may see what, what moves together). Ask the module's " +
        'service (apps/server/src/modules/README.md).',
      severity: 'error',
      from: { path: `${server}.+\\.routes\\.ts$` },
      to: { path: [`${server}.+\\.repository\\.ts$`, `${server}db/`] },
    },
    {
      name: 'only-repositories-talk-sql',
      comment:
        'Only repositories (*.repository.ts) and db/ talk to PostgreSQL: every other file of a module, ' +
        'whatever its name, gets repositories from the container and never touches drizzle-orm, pg ' +
        "or db/. The one exception is the realtime hub, which holds the node's LISTEN connection " +
        '(ADR 015). Conventions: only repositories talk SQL.',
      severity: 'error',
      from: {
        path: `${server}(modules|jobs|plugins|lib)/`,
        pathNot: [
          ...tests,
          '\\.repository\\.ts$',
          `${server}modules/realtime/realtime\\.hub\\.ts$`,
        ],
      },
      to: { path: [`${server}db/`, '^(node_modules/)?(drizzle-orm|pg)(/|$)'] },
    },
    {
      name: 'repositories-know-no-services',
      comment:
        'A repository is the bottom of its module: it reads and writes rows and knows nothing of the ' +
        'services and routes above it, so a rule never hides in SQL glue.',
      severity: 'error',
      from: { path: `${server}.+\\.repository\\.ts$` },
      to: { path: `${server}.+\\.(service|engine|routes|plugin)\\.ts$` },
    },
    {
      name: 'db-imports-no-module',
      comment:
        'db/ is the bottom of the server (schema, migrations, the client, SQL functions): it knows ' +
        'no module, job or provider, so a schema change never pulls a domain flow with it. A value a ' +
        'SQL function needs from TypeScript is passed to it by the module that calls it (ADR 009).',
      severity: 'error',
      from: { path: `${server}db/`, pathNot: tests },
      to: { path: `${server}(modules|jobs|plugins|providers)/` },
    },
    {
      name: 'lib-is-a-leaf',
      comment:
        'lib/ holds small helpers every layer may use (problems, locale, the realtime messages, the ' +
        'transaction type): it imports no module, job, provider, db/ or plugin, so using it never ' +
        'creates a cycle.',
      severity: 'error',
      from: { path: `${server}lib/`, pathNot: tests },
      to: { path: `${server}(modules|jobs|plugins|providers|db)/` },
    },
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
    {
      name: 'the-web-app-ships-no-api-client',
      comment:
        '@kadr/client is for code outside Kadr (published to npm, ADR 040): the web app speaks to ' +
        'its own routes through lib/api.ts, and the client would only add to the JavaScript people ' +
        "download. The developers' page shows the client's examples as text (issue #37).",
      severity: 'error',
      from: { path: '^apps/web/app/' },
      to: { path: ['^packages/client/', '(^|/)@kadr/client(/|$)'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests reach whatever they check (and the harness in apps/server/test reaches everything), so
    // they are not part of the layers.
    exclude: { path: ['(^|/)(node_modules|build|\\.react-router)/', ...tests, '\\.test\\.tsx$'] },
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};
