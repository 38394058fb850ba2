import { describe, expect, it } from 'vitest';
import { blockedReason, signInErrorFrom } from './sign-in-errors';

describe('signInErrorFrom', () => {
  it.each([
    [null, null],
    ['', null],
    ['state', 'state'],
    ['cancelled', 'cancelled'],
    ['provider', 'provider'],
    ['unavailable', 'unavailable'],
    ['failed', 'failed'],
    ['blocked', 'blocked'],
    ['something-new', 'failed'],
  ])('reads %s as %s', (value, expected) => {
    expect(signInErrorFrom(value)).toBe(expected);
  });
});

describe('blockedReason', () => {
  it("reads the operator's reason from its cookie, and nothing else", () => {
    expect(blockedReason('lang=ru; kadr_blocked=Chargeback%20fraud; kadr_auth=1')).toBe(
      'Chargeback fraud',
    );
    expect(blockedReason('lang=ru')).toBe('');
    expect(blockedReason('kadr_blocked=%E0%A4%A')).toBe('');
  });
});
