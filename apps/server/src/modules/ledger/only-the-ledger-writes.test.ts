import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration, type IReporterOutput } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The lint rule that keeps tokens moving through the ledger module alone, checked on a tree made
// for it: a service elsewhere that imports the ledger's write is an error; the ledger's own
// service, the composition root and tests are not.

let root: string;
let rules: IConfiguration;
const files: Record<string, string> = {
  'apps/server/src/modules/ledger/ledger.repository.ts': 'export const applyLedgerEntry = 1;\n',
  'apps/server/src/modules/ledger/ledger.service.ts':
    "import { applyLedgerEntry } from './ledger.repository.ts';\nexport const ops = applyLedgerEntry;\n",
  'apps/server/src/repositories.ts':
    "import { applyLedgerEntry } from './modules/ledger/ledger.repository.ts';\nexport const r = applyLedgerEntry;\n",
  'apps/server/src/modules/payments/payment.service.ts':
    "import { applyLedgerEntry } from '../ledger/ledger.repository.ts';\nexport const s = applyLedgerEntry;\n",
  'apps/server/src/modules/payments/payments.test.ts':
    "import { applyLedgerEntry } from '../ledger/ledger.repository.ts';\nexport const t = applyLedgerEntry;\n",
  'apps/server/src/modules/admin/admin.service.ts':
    "import { ops } from '../ledger/ledger.service.ts';\nexport const a = ops;\n",
};

beforeAll(async () => {
  const config = new URL('../../../../../.dependency-cruiser.mjs', import.meta.url).href;
  rules = ((await import(config)) as { default: IConfiguration }).default;
  root = await mkdtemp(path.join(tmpdir(), 'kadr-ledger-rule-'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('only the ledger module calls the ledger write (.dependency-cruiser.mjs)', () => {
  it('fails a module that imports the write, and only that one', async () => {
    const result: IReporterOutput = await cruise(['apps/server/src'], {
      ruleSet: { forbidden: rules.forbidden ?? [] },
      validate: true,
      tsPreCompilationDeps: true,
      baseDir: root,
    });
    const output = result.output;
    if (typeof output === 'string') throw new Error('expected a cruise result, not text');
    // The tree breaks other rules too (it reaches into modules past their index): only this one
    // is under test here; layers.test.ts checks the others.
    const ledgerRule = output.summary.violations.filter(
      (v) => v.rule.name === 'only-the-ledger-moves-tokens',
    );
    expect(ledgerRule.map((v) => [v.rule.name, v.from, v.to])).toEqual([
      [
        'only-the-ledger-moves-tokens',
        'apps/server/src/modules/payments/payment.service.ts',
        'apps/server/src/modules/ledger/ledger.repository.ts',
      ],
    ]);
  });
});
