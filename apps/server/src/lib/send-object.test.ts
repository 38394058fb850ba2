import { describe, expect, it } from 'vitest';
import { requestedRange } from './send-object.ts';

describe('requestedRange', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    [' bytes=5-5 ', { start: 5, end: 5 }],
  ])('%s of 1000 bytes', (header, expected) => {
    expect(requestedRange(header, 1000)).toEqual(expected);
  });

  it.each(['bytes=1000-', 'bytes=1000-1001', 'bytes=-0', 'bytes=9-3'])(
    '%s of 1000 bytes cannot be satisfied',
    (header) => {
      expect(requestedRange(header, 1000)).toBe('unsatisfiable');
    },
  );

  it.each([undefined, '', 'bytes=-', 'items=0-5', 'bytes=0-5,10-20', 'bytes=a-b'])(
    '%j asks for the whole object',
    (header) => {
      expect(requestedRange(header, 1000)).toBeUndefined();
    },
  );

  it('answers the whole object when If-Range names another version', () => {
    expect(requestedRange('bytes=0-9', 1000, '"other"', '"this"')).toBeUndefined();
    expect(requestedRange('bytes=0-9', 1000, '"this"', '"this"')).toEqual({ start: 0, end: 9 });
  });
});
