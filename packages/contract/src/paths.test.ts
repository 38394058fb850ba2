import { describe, expect, it } from 'vitest';
import {
  englishMarketingPaths,
  isKnownPagePath,
  languageOfPath,
  localizedPublicPath,
  marketingPathOf,
  marketingPaths,
  publicPaths,
} from './paths.ts';

describe('localized marketing pages', () => {
  it.each([
    ['/', 'ru', '/'],
    ['/', 'en', '/en'],
    ['/smm', 'ru', '/smm'],
    ['/smm', 'en', '/en/smm'],
    ['/terms-of-use', 'en', '/en/terms-of-use'],
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
    ['/login', null],
    ['/en/login', null],
    ['/en/studio', null],
    ['/fr/smm', null],
  ] as const)('%s shows the marketing page %s', (pathname, expected) => {
    expect(marketingPathOf(pathname)).toBe(expected);
  });

  it('prerenders every marketing page in both languages, and knows their addresses', () => {
    expect(englishMarketingPaths).toHaveLength(marketingPaths.length);
    for (const path of [...marketingPaths, ...englishMarketingPaths]) {
      expect(publicPaths).toContain(path);
      expect(isKnownPagePath(path)).toBe(true);
    }
    expect(isKnownPagePath('/en/login')).toBe(false);
    expect(isKnownPagePath('/en/studio')).toBe(false);
  });
});
