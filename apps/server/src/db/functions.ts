import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One file per SQL function we define, each its current definition (see functions-migration.ts). */
export const functionsFolder = fileURLToPath(new URL('./functions', import.meta.url));

export interface SqlFunction {
  /** The function's name, which is also its file's: functions/<name>.sql. */
  name: string;
  /** The whole file: a why-comment, then the statement. */
  text: string;
  /** The file without its leading comment lines: one `CREATE OR REPLACE FUNCTION …;` statement. */
  statement: string;
}

/** Every file in db/functions, by name. */
export async function readSqlFunctions(): Promise<SqlFunction[]> {
  const names = (await readdir(functionsFolder))
    .filter((file) => file.endsWith('.sql'))
    .map((file) => file.slice(0, -'.sql'.length))
    .sort();
  return Promise.all(names.map(readSqlFunction));
}

export async function readSqlFunction(name: string): Promise<SqlFunction> {
  const text = await readFile(path.join(functionsFolder, `${name}.sql`), 'utf8');
  const lines = text.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '' && !line.trim().startsWith('--'));
  const statement = first < 0 ? '' : lines.slice(first).join('\n').trim();
  if (!statement.startsWith(`CREATE OR REPLACE FUNCTION "${name}"(`) || !statement.endsWith(';')) {
    throw new Error(
      `db/functions/${name}.sql must hold one statement, CREATE OR REPLACE FUNCTION "${name}"(…) … ; ` +
        'after its comment',
    );
  }
  return { name, text, statement };
}
