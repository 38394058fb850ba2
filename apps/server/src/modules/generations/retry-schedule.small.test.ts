import { describe, expect, it } from 'vitest';
import { budgetMs, RETRY_STEPS_MS, retryAt, retryDelayMs } from './retry-schedule.ts';

describe('retryDelayMs: 1, 2, 4, 8, 15, 30 s, then 30 s, each ±20 %', () => {
  it.each([
    [0, 1_000],
    [1, 2_000],
    [2, 4_000],
    [3, 8_000],
    [4, 15_000],
    [5, 30_000],
    [6, 30_000],
    [50, 30_000],
    [-1, 1_000],
  ])('retry %i waits %i ms in the middle, and within ±20 % at the ends', (retry, step) => {
    expect(retryDelayMs(retry, () => 0.5)).toBe(step);
    expect(retryDelayMs(retry, () => 0)).toBe(step * 0.8);
    expect(retryDelayMs(retry, () => 0.999_999)).toBeCloseTo(step * 1.2, -1);
  });

  it('spreads waiters: a thousand draws cover the whole band, none outside', () => {
    const delays = Array.from({ length: 1000 }, () => retryDelayMs(5));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(24_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(36_000);
    expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThan(10_000);
    expect(RETRY_STEPS_MS.at(-1)).toBe(30_000);
  });
});

describe('budgetMs: three times the slowest usual run, at least ten minutes', () => {
  it.each([
    [15, 600_000],
    [45, 600_000],
    [300, 900_000],
  ])('a model of at most %i s has %i ms', (max, budget) => {
    expect(budgetMs({ typicalSeconds: { max } })).toBe(budget);
  });
});

describe('retryAt', () => {
  it('is the wanted time within the budget, the end itself past it, and nothing once it has ended', () => {
    expect(retryAt(5_000, 10_000, 1_000)).toEqual(new Date(5_000));
    expect(retryAt(15_000, 10_000, 9_000)).toEqual(new Date(10_000));
    expect(retryAt(500, 10_000, 1_000)).toEqual(new Date(1_000));
    expect(retryAt(15_000, 10_000, 10_000)).toBeUndefined();
  });
});
