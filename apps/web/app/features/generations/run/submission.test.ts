import { describe, expect, it } from 'vitest';
import { type LastSubmission, submissionKey } from './submission';

let n = 0;
const fresh = () => `fresh-${++n}`;
const window = 30_000;

describe('submissionKey', () => {
  it('is fresh for a first submission and for other content', () => {
    expect(submissionKey(undefined, 'a', 0, window, fresh)).toMatch(/^fresh-/);
    const last: LastSubmission = { signature: 'a', key: 'k', acceptedAt: undefined };
    expect(submissionKey(last, 'b', 0, window, fresh)).not.toBe('k');
  });

  it('is the same for a retry of the same content after a failure or no answer', () => {
    const last: LastSubmission = { signature: 'a', key: 'k', acceptedAt: undefined };
    expect(submissionKey(last, 'a', 10 * 60_000, window, fresh)).toBe('k');
  });

  it('is the same for a repeat within the window after an accepted one, fresh after it', () => {
    const last: LastSubmission = { signature: 'a', key: 'k', acceptedAt: 1_000 };
    expect(submissionKey(last, 'a', 1_000 + window - 1, window, fresh)).toBe('k');
    expect(submissionKey(last, 'a', 1_000 + window, window, fresh)).not.toBe('k');
    // The studio: every accepted press is a run of its own.
    expect(submissionKey(last, 'a', 1_001, 0, fresh)).not.toBe('k');
  });
});
