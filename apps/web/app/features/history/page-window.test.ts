import { describe, expect, it } from 'vitest';
import { pageWindow, shownRange } from './page-window';

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 'gap', 10]],
    [5, 10, [1, 2, 3, 4, 5, 6, 7, 'gap', 10]],
    [6, 12, [1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]],
    [10, 10, [1, 'gap', 8, 9, 10]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [3, 5, [1, 2, 3, 4, 5]],
  ] as const)('page %i of %i → %j', (current, total, expected) => {
    expect(pageWindow(current, total)).toEqual(expected);
  });

  it('shows nothing without pages and clamps a page beyond the end', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(99, 4)).toEqual([1, 2, 3, 4]);
  });
});

describe('shownRange', () => {
  it('gives the range of a page, the last page partial', () => {
    expect(shownRange(1, 12, 30)).toEqual({ from: 1, to: 12 });
    expect(shownRange(3, 12, 30)).toEqual({ from: 25, to: 30 });
    expect(shownRange(1, 12, 0)).toEqual({ from: 0, to: 0 });
  });
});
