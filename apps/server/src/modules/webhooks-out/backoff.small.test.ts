import { describe, expect, it } from 'vitest';
import { MESSAGE_LIFETIME_MS, nextAttemptAt } from './backoff.ts';

const created = new Date('2026-03-01T10:00:00.000Z');
const expires = new Date(created.getTime() + MESSAGE_LIFETIME_MS);

describe('the retry schedule', () => {
  it('waits 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then every 3 h', () => {
    const waits: number[] = [];
    let now = created;
    for (let attempts = 1; attempts <= 8; attempts++) {
      const next = nextAttemptAt(attempts, now, expires);
      if (!next) throw new Error(`gave up after ${attempts}`);
      waits.push((next.getTime() - now.getTime()) / 1000);
      now = next;
    }
    expect(waits).toEqual([5, 30, 120, 600, 1800, 3600, 10_800, 10_800]);
  });

  it('gives up once the next attempt would be past the 24 hours', () => {
    let now = created;
    let attempts = 0;
    for (;;) {
      attempts++;
      const next = nextAttemptAt(attempts, now, expires);
      if (!next) break;
      expect(next.getTime()).toBeLessThanOrEqual(expires.getTime());
      now = next;
    }
    // 1 h 42 min 35 s of quick retries, then every 3 h: the last attempt at 22 h 42 min 35 s.
    expect(attempts).toBe(14);
    expect(now.getTime() - created.getTime()).toBe((22 * 3600 + 42 * 60 + 35) * 1000);
  });
});
