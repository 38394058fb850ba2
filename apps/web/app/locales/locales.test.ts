import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiProblemCodes, generationErrorCodes } from '@kadr/contract';
import { describe, expect, it } from 'vitest';
import { appTexts } from './app-texts';
import enAdmin from './en/admin.json';
import enDevelopers from './en/developers.json';
import ruAdmin from './ru/admin.json';
import ruDevelopers from './ru/developers.json';

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
    const { ru, en } = appTexts;
    expect([...new Set(keys(ru))].sort()).toEqual([...new Set(keys(en))].sort());
  });

  it('the console’s have the same keys in Russian and English', () => {
    expect([...new Set(keys(ruAdmin))].sort()).toEqual([...new Set(keys(enAdmin))].sort());
  });

  it('the developers’ page’s have the same keys in Russian and English', () => {
    expect([...new Set(keys(ruDevelopers))].sort()).toEqual(
      [...new Set(keys(enDevelopers))].sort(),
    );
  });

  it.each(apiProblemCodes)('explain the API’s problem code %s on the developers’ page', (code) => {
    expect(ruDevelopers.errors.codes[code]).toMatch(/\S/);
    expect(enDevelopers.errors.codes[code]).toMatch(/\S/);
  });

  it.each(generationErrorCodes)(
    'say why a generation failed with code %s, in both languages',
    (code) => {
      expect(appTexts.ru.generation.errors[code]).toMatch(/\S/);
      expect(appTexts.en.generation.errors[code]).toMatch(/\S/);
    },
  );
});

describe('a screen’s own texts', () => {
  // `app:studio.*`, `app:profile.*`… are files of their own, registered in the namespace by the
  // module app/locales/app-<section>.ts when a screen's code imports it and loaded in the
  // interface's language before it renders (ADRs 029, 042). A module that says `t('profile.…')`
  // without importing it would show the key wherever nothing else had.
  // Each key's section file: its own (`studio` in app-studio), or one holding several keys.
  const sectionOf: Record<string, string> = {
    ...Object.fromEntries(
      ['batch', 'cards', 'compare', 'keys', 'pricing', 'profile', 'run', 'studio', 'tools'].map(
        (key) => [key, key],
      ),
    ),
    history: 'library',
    library: 'library',
    share: 'library',
    viewer: 'library',
    shareDialog: 'library-dialogs',
    viewerDialog: 'library-dialogs',
    collectionsDialog: 'library-dialogs',
    deleteDialog: 'library-dialogs',
    elements: 'elements',
    elementsEditor: 'elements-editor',
    characters: 'characters',
    styles: 'styles',
  };
  const sections = Object.keys(sectionOf);
  const root = join(import.meta.dirname, '..');
  const sources = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('locales'),
  );
  const uses = new RegExp(String.raw`\bt\(\s*[\x60'"](?:app:)?(${sections.join('|')})\.`, 'g');

  it('are found in the code', () => {
    expect(
      sources.filter((file) => readFileSync(join(root, file), 'utf8').match(uses)).length,
    ).toBeGreaterThan(20);
  });

  it.each(sources)('%s imports the texts it uses', (file) => {
    const code = readFileSync(join(root, file), 'utf8');
    const used = new Set([...code.matchAll(uses)].map((match) => sectionOf[match[1] ?? '']));
    const missing = [...used].filter(
      (section) => !code.includes(`import '~/locales/app-${section}';`),
    );
    expect(missing).toEqual([]);
  });
});
