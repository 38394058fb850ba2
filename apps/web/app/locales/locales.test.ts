import { generationErrorCodes } from '@kadr/contract';
import { describe, expect, it } from 'vitest';
import enAdmin from './en/admin.json';
import enApp from './en/app.json';
import ruAdmin from './ru/admin.json';
import ruApp from './ru/app.json';

/** Every key path of a translation file, plural suffixes folded (ru has _few and _many, en not). */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null)
    return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
  return Object.entries(value).flatMap(([key, inner]) =>
    keys(inner, prefix ? `${prefix}.${key}` : key),
  );
}

describe('the app’s translations', () => {
  it('have the same keys in Russian and English', () => {
    expect([...new Set(keys(ruApp))].sort()).toEqual([...new Set(keys(enApp))].sort());
  });

  it('the console’s have the same keys in Russian and English', () => {
    expect([...new Set(keys(ruAdmin))].sort()).toEqual([...new Set(keys(enAdmin))].sort());
  });

  it.each(generationErrorCodes)(
    'say why a generation failed with code %s, in both languages',
    (code) => {
      expect(ruApp.generation.errors[code]).toMatch(/\S/);
      expect(enApp.generation.errors[code]).toMatch(/\S/);
    },
  );
});
