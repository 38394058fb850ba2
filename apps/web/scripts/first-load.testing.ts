// For the guard's tests: the command run as `npm run check:first-load` runs it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const guard = path.join(import.meta.dirname, 'check-first-load.ts');

export interface GuardRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The guard on a client folder: its exit code and what it printed. */
export async function runGuard(client: string): Promise<GuardRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, [guard, client]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
