import { ConfigError, loadConfig } from '../src/config.ts';

/** Every problem `loadConfig` reports for these variables (none: an empty list). */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}
