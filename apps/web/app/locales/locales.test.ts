import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

function load(language: string, file: string): Set<string> {
  const json: unknown = JSON.parse(readFileSync(join(root, language, file), 'utf8'));
  // Languages have different plural forms (ru: one/few/many/other, en: one/other).
  return new Set(keysOf(json).map((key) => key.replace(pluralSuffix, '')));
}

describe('translations', () => {
  const files = readdirSync(join(root, 'ru')).filter((file) => file.endsWith('.json'));

  it('has the same namespaces in every language', () => {
    expect(readdirSync(join(root, 'en')).sort()).toEqual([...files].sort());
  });

  it.each(files)('%s has the same keys in ru and en', (file) => {
    expect([...load('en', file)].sort()).toEqual([...load('ru', file)].sort());
  });
});
