import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

// Any console.error during a test fails that test, as it fails a browser test (e2e/tests/fixtures.ts):
// a React act() warning, a missing translation, an error a component swallowed and logged. A test
// that expects one opts out by mocking console.error itself, e.g.
// `vi.spyOn(console, 'error').mockImplementation(() => {})`: what the mock takes never reaches this.
// A plain wrapper, not vi.spyOn, so a test's vi.restoreAllMocks() does not remove it.

const original = console.error;
let logged: string[] = [];

beforeEach(() => {
  logged = [];
  console.error = (...args: unknown[]) => {
    logged.push(format(...args));
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (logged.length === 0) return;
  const texts = logged;
  logged = [];
  throw new Error(
    `console.error was called during this test (mock console.error in a test that expects it):\n` +
      texts.map((text) => `  ${text.split('\n').join('\n  ')}`).join('\n'),
  );
});
