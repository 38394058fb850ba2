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
    // The specification's name for the parameter counts the same (issue 33).
    [`?referral=${id}`, id],
    [`?referral=%20${id.toUpperCase()}%20`, id],
    ['?referral=12345', null],
    [`?ref=nope&referral=${id}`, id],
    [`?ref=${id}&referral=6f9619ff-8b86-d011-b42d-00c04fc964ff`, id],
  ])('reads %s as %s', (search, expected) => {
    expect(referralFromSearch(search)).toBe(expected);
  });
});
