import { describe, expect, it } from 'vitest';
import { referralFromSearch } from './referral.ts';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('referralFromSearch', () => {
  it.each([
    [`?ref=${id}`, id],
    [`?next=%2Fstudio&ref=${id.toUpperCase()}`, id],
    [`?ref=%20${id}%20`, id],
    ['', null],
    ['?ref=', null],
    ['?ref=12345', null],
    ['?ref=<script>', null],
    [`?ref=${id}x`, null],
    [`?ref=${id.replaceAll('-', '')}`, null],
  ])('reads %s as %s', (search, expected) => {
    expect(referralFromSearch(search)).toBe(expected);
  });
});
