import { productFacts } from '@kadr/catalog';
import { createInstance } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enAdmin from '~/locales/en/admin.json';
import enAuth from '~/locales/en/auth.json';
import enCommon from '~/locales/en/common.json';
import enLanding from '~/locales/en/landing.json';
import enLegal from '~/locales/en/legal.json';
import ruAdmin from '~/locales/ru/admin.json';
import ruAuth from '~/locales/ru/auth.json';
import ruCommon from '~/locales/ru/common.json';
import ruLanding from '~/locales/ru/landing.json';
import ruLegal from '~/locales/ru/legal.json';
import '~/locales/admin';
import { appTexts } from '~/locales/app-texts';
import '~/locales/app';
import '~/locales/app-batch';
import '~/locales/app-compare';
import '~/locales/app-keys';
import '~/locales/app-library';
import '~/locales/app-library-dialogs';
import '~/locales/app-montage';
import '~/locales/app-pricing';
import '~/locales/app-profile';
import '~/locales/app-run';
import '~/locales/app-studio';
import '~/locales/app-tools';
import '~/locales/app-cards';
import '~/locales/app-characters';
import '~/locales/app-styles';
import '~/locales/app-elements';
import '~/locales/app-elements-editor';
import '~/locales/auth';
import '~/locales/landing';
import '~/locales/legal';
import { i18nFor, type Language } from './i18n';

// The app's translator is a small runtime of its own (ADR 027). i18next, which it replaced, is the
// reference: for every key of every namespace in both languages, with and without each variable
// and across plural counts, both must say exactly the same.

const bundles = {
  ru: {
    common: ruCommon,
    app: appTexts.ru,
    admin: ruAdmin,
    auth: ruAuth,
    landing: ruLanding,
    legal: ruLegal,
  },
  en: {
    common: enCommon,
    app: appTexts.en,
    admin: enAdmin,
    auth: enAuth,
    landing: enLanding,
    legal: enLegal,
  },
} as const;
type NamespaceName = keyof (typeof bundles)['ru'];
const namespaces = Object.keys(bundles.ru) as NamespaceName[];
const plural = /_(zero|one|two|few|many|other)$/;

/** Every key whose value is a text, plural suffixes folded; and the keys of objects (lists). */
function keysOf(value: unknown, prefix = ''): { texts: string[]; objects: string[] } {
  const texts = new Set<string>();
  const objects = new Set<string>();
  const walk = (node: unknown, path: string) => {
    if (typeof node !== 'object' || node === null) {
      texts.add(path.replace(plural, ''));
      return;
    }
    if (path) objects.add(path);
    for (const [key, inner] of Object.entries(node)) walk(inner, path ? `${path}.${key}` : key);
  };
  walk(value, prefix);
  return { texts: [...texts], objects: [...objects] };
}

/** The `{{name}}` and `{{name, format}}` variables a key's texts use. */
function variablesOf(value: unknown): { plain: Set<string>; formatted: Set<string> } {
  const plain = new Set<string>();
  const formatted = new Set<string>();
  const json = JSON.stringify(value);
  for (const [, inside = ''] of json.matchAll(/\{\{(.+?)\}\}/g)) {
    const [name = '', format] = inside.split(',').map((part) => part.trim());
    (format ? formatted : plain).add(name);
  }
  return { plain, formatted };
}

function valueAt(tree: unknown, key: string): unknown {
  let node = tree;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return node;
}

const reference = createInstance();

beforeAll(async () => {
  await reference.init({
    lng: 'ru',
    fallbackLng: 'en',
    supportedLngs: ['ru', 'en'],
    ns: namespaces,
    defaultNS: 'common',
    resources: bundles,
    initAsync: false,
    interpolation: { escapeValue: false, defaultVariables: productFacts() },
  });
});

afterEach(() => vi.restoreAllMocks());

type Untyped = (key: string, options?: object) => unknown;

/** Our `t` and i18next's for one language and namespace, without the key types (keys are data here). */
function both(language: Language, ns: NamespaceName): [Untyped, Untyped] {
  return [
    i18nFor(language).getFixedT(language, ns) as unknown as Untyped,
    reference.getFixedT(language, ns) as unknown as Untyped,
  ];
}

const counts = [0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 1000, 12_345, 1.5];

describe.each(['ru', 'en'] as const)('the translator in %s, against i18next', (language) => {
  it.each(namespaces)('says every text of %s as i18next does', (ns) => {
    // A plural key asked without a count is missing (both report it; ours on the console).
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const [ours, theirs] = both(language, ns);
    const { texts } = keysOf(bundles[language][ns]);
    let compared = 0;
    for (const key of texts) {
      const source = [
        valueAt(bundles[language][ns], key),
        ...['zero', 'one', 'two', 'few', 'many', 'other'].map((form) =>
          valueAt(bundles[language][ns], `${key}_${form}`),
        ),
      ];
      const { plain, formatted } = variablesOf(source.filter((item) => item !== undefined));
      const all = [...plain, ...formatted];
      const given = Object.fromEntries(
        all.map((name, index) => [name, formatted.has(name) ? 1234.5 + index : `‹${name}›`]),
      );
      const variants: object[] = [
        {},
        given,
        ...counts.map((count) => ({ ...given, count })),
        // One variable passed as undefined (i18next leaves an absent one as {{name}}, drops this).
        ...all.slice(0, 1).map((name) => ({ ...given, [name]: undefined })),
      ];
      for (const options of variants) {
        expect(ours(key, options), `${ns}:${key} ${JSON.stringify(options)}`).toEqual(
          theirs(key, options),
        );
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(texts.length);
  });

  it.each(namespaces)('gives the lists of %s (returnObjects) as i18next does', (ns) => {
    const [ours, theirs] = both(language, ns);
    for (const key of keysOf(bundles[language][ns]).objects) {
      expect(ours(key, { returnObjects: true }), `${ns}:${key}`).toEqual(
        theirs(key, { returnObjects: true }),
      );
    }
  });

  it('falls back to a default value and to other namespaces as i18next does', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const [ours, theirs] = both(language, 'app');
    for (const [key, options] of [
      ['no.such.key', {}],
      ['no.such.key', { defaultValue: 'made up {{count}}', count: 3 }],
      ['common:brand', {}],
      ['brand', { ns: 'common' }],
      ['admin:title', {}],
    ] as const) {
      expect(ours(key, options), key).toEqual(theirs(key, options));
    }
    expect(error).toHaveBeenCalledWith('i18n missing key', language, 'app', 'no.such.key');
  });
});
