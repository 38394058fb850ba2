import { describe, expect, it } from 'vitest';
import {
  englishLoginPath,
  englishMarketingPaths,
  isKnownPagePath,
  languageOfPath,
  localizedPathOf,
  localizedPublicPath,
  marketingPaths,
  publicPaths,
  safeReturnPath,
} from './paths.ts';

describe('localized pages (marketing and sign-in)', () => {
  it.each([
    ['/', 'ru', '/'],
    ['/', 'en', '/en'],
    ['/smm', 'ru', '/smm'],
    ['/smm', 'en', '/en/smm'],
    ['/terms-of-use', 'en', '/en/terms-of-use'],
    ['/login', 'ru', '/login'],
    ['/login', 'en', '/en/login'],
  ] as const)('%s in %s is %s', (path, language, expected) => {
    expect(localizedPublicPath(path, language)).toBe(expected);
  });

  it.each([
    ['/', 'ru'],
    ['/smm', 'ru'],
    ['/login', 'ru'],
    ['/en', 'en'],
    ['/en/', 'en'],
    ['/en/marketplace', 'en'],
    ['/english', 'ru'],
    ['/enx/smm', 'ru'],
  ] as const)('%s is in %s', (pathname, language) => {
    expect(languageOfPath(pathname)).toBe(language);
  });

  it.each([
    ['/', '/'],
    ['/en', '/'],
    ['/en/', '/'],
    ['/en/smm', '/smm'],
    ['/en/smm/', '/smm'],
    ['/living-photo', '/living-photo'],
    ['/login', '/login'],
    ['/en/login/', '/login'],
    ['/studio', null],
    ['/en/studio', null],
    ['/fr/smm', null],
  ] as const)('%s shows the localized page %s', (pathname, expected) => {
    expect(localizedPathOf(pathname)).toBe(expected);
  });

  it('prerenders every marketing page in both languages, and knows their addresses', () => {
    expect(englishMarketingPaths).toHaveLength(marketingPaths.length);
    for (const path of [...marketingPaths, ...englishMarketingPaths]) {
      expect(publicPaths).toContain(path);
      expect(isKnownPagePath(path)).toBe(true);
    }
    // Sign-in too (ADR 024); the app's screens have one address for both languages.
    expect(englishLoginPath).toBe('/en/login');
    expect(publicPaths).toContain(englishLoginPath);
    expect(isKnownPagePath(englishLoginPath)).toBe(true);
    expect(isKnownPagePath('/en/studio')).toBe(false);
  });
});

describe('safeReturnPath: the one return-path rule (attack: open redirect after sign-in)', () => {
  // Each of these, given as `next`, would land a signed-in person on another site (or put a header
  // in the redirect) if it were kept.
  it.each([
    'https://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    '//evil.example/',
    '/\\evil.example/',
    '\\/evil.example/',
    '/\t/evil.example/',
    '/\t\\evil.example/',
    '/\n/evil.example/',
    '/\r\n/evil.example/',
    '/%0d%0aSet-Cookie: a=b'.replace('%0d%0a', '\r\n'),
    '/studio\u0000',
    '/studio\u0085',
    '/.//evil.example/',
    '/..//evil.example/',
    '/./\\evil.example/',
    'studio',
    '',
  ])('refuses %j for /studio', (next) => {
    expect(safeReturnPath(next)).toBe('/studio');
  });

  it.each([
    ['/pricing?currency=usd', '/pricing?currency=usd'],
    ['/history?page=2#top', '/history?page=2#top'],
    ['/en/smm', '/en/smm'],
    ['/studio/../profile', '/profile'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/ /evil.example', '/%20/evil.example'],
  ])('keeps the same-site %j as %j', (next, expected) => {
    expect(safeReturnPath(next)).toBe(expected);
  });

  it('refuses a path longer than any page needs', () => {
    expect(safeReturnPath(`/${'a'.repeat(3000)}`)).toBe('/studio');
  });

  it('falls back for nothing at all', () => {
    expect(safeReturnPath(undefined)).toBe('/studio');
    expect(safeReturnPath(null)).toBe('/studio');
  });
});
