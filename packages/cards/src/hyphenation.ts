import { createRequire } from 'node:module';

type Hyphenate = (text: string, options: { hyphenChar: string }) => string;

// The hyphen package's pattern files are CommonJS modules named by language.
const require = createRequire(import.meta.url);
const patterns: Record<'ru' | 'en', () => Hyphenate> = {
  ru: () => (require('hyphen/ru') as { hyphenateSync: Hyphenate }).hyphenateSync,
  en: () => (require('hyphen/en-us') as { hyphenateSync: Hyphenate }).hyphenateSync,
};
const loaded = new Map<string, Hyphenate>();
const cache = new Map<string, readonly string[]>();
const marker = '\u00ad';

/**
 * A word split at the points where it may be hyphenated (Russian patterns for a word in Cyrillic,
 * English ones otherwise): «Сверхводонепроницаемый» → Сверх·во·до·не·про·ни·ца·е·мый. A hyphen the
 * word already has ends its part, so a compound breaks there without a second hyphen.
 */
export function hyphenationParts(word: string): readonly string[] {
  const known = cache.get(word);
  if (known) return known;
  const language = /\p{Script=Cyrillic}/u.test(word) ? 'ru' : 'en';
  let hyphenate = loaded.get(language);
  if (!hyphenate) {
    hyphenate = patterns[language]();
    loaded.set(language, hyphenate);
  }
  const parts = word
    .split(/(?<=-)/u)
    .flatMap((segment) => hyphenate(segment, { hyphenChar: marker }).split(marker))
    .filter((part) => part.length > 0);
  if (cache.size > 5000) cache.clear();
  cache.set(word, parts);
  return parts;
}
