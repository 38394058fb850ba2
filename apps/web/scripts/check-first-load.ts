// `npm run check:first-load -w @kadr/web [client folder]`: each signed-in screen's JavaScript
// before any interaction (first-load.ts) against its budget (first-load-budgets.ts), after the
// build, in `npm test`. Exits 1 when a screen is over its budget and 2 when the build cannot be
// measured (no build, a shell missing, a file a shell names missing): a guard that measured nothing
// must not pass. The folder defaults to the build's own (`build/client`, or KADR_WEB_BUILD_DIR's).
import path from 'node:path';
import { clientDirectory } from './build-directory.ts';
import {
  FirstLoadError,
  kilobytes,
  measureFirstLoad,
  overBudget,
  type ScreenLoad,
} from './first-load.ts';

const budgetsFile = 'apps/web/first-load-budgets.ts';
/** How many of an over-budget screen's files to list, largest first. */
const largest = 5;

const client = path.resolve(process.argv[2] ?? clientDirectory());
let loads: ScreenLoad[];
try {
  loads = await measureFirstLoad(client);
} catch (error) {
  if (!(error instanceof FirstLoadError)) throw error;
  console.error(`first-load: ${error.message}`);
  process.exit(2);
}

const oneDecimal = (kb: number) => kb.toFixed(1);
const rows = [
  ['screen', 'language', 'KB', 'budget', 'headroom', 'scripts'],
  ...loads.map((load) => [
    load.screen,
    load.language,
    oneDecimal(load.kb),
    load.budget === null ? '—' : String(load.budget),
    load.budget === null ? '—' : oneDecimal(load.budget - load.kb),
    String(load.files.length),
  ]),
];
const widths = (rows[0] ?? []).map((_, column) =>
  Math.max(...rows.map((row) => row[column]?.length ?? 0)),
);
const line = (row: string[]) =>
  row
    .map((cell, column) =>
      column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
    )
    .join('  ');
console.info(
  `First-load JavaScript of the signed-in screens (KB of 1,024 bytes, as the server sends it), ${path.relative(process.cwd(), client) || '.'}:`,
);
for (const row of rows) console.info(line(row));

const over = overBudget(loads);
for (const load of over) {
  console.info(`\n${load.screen} (${load.language}): its largest scripts`);
  for (const file of load.files.slice(0, largest)) {
    console.info(`  ${oneDecimal(kilobytes(file.bytes)).padStart(6)} KB  ${file.url}`);
  }
}
if (over.length > 0) {
  console.error('');
  for (const load of over) {
    console.error(
      `first-load: ${load.screen} (${load.language}) loads ${oneDecimal(load.kb)} KB of JavaScript before any interaction, over its budget of ${load.budget} KB (${budgetsFile}).`,
    );
  }
  process.exitCode = 1;
}
