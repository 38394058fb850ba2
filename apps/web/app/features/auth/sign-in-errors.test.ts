import { describe, expect, it } from 'vitest';
import { signInErrorFrom } from './sign-in-errors';

describe('signInErrorFrom', () => {
  it.each([
    [null, null],
    ['', null],
    ['state', 'state'],
    ['cancelled', 'cancelled'],
    ['provider', 'provider'],
    ['unavailable', 'unavailable'],
    ['failed', 'failed'],
    ['something-new', 'failed'],
  ])('reads %s as %s', (value, expected) => {
    expect(signInErrorFrom(value)).toBe(expected);
  });
});
