import {
  cookieNames,
  defaultLanguage,
  isLanguage,
  type Language,
  languageMaxAgeSeconds,
  languages,
} from '@kadr/contract';
// Types only: i18next's TFunction checks every key and its namespace against the Russian JSON
// (app/i18next.d.ts). The runtime is the small one below, not i18next's (ADR 027).
import type { i18n as I18next, Namespace, TFunction } from 'i18next';
import enCommon from '~/locales/en/common.json';
import ruCommon from '~/locales/ru/common.json';
import { cachedIntl, formatNumber } from './format';
import { readStorage, storageKeys, writeStorage } from './storage';

// The languages themselves live in @kadr/contract: page addresses depend on them (`/en/…`).
export { type Language, languages };

/**
 * What `t` takes besides the key. Every other member is a variable for `{{name}}`; `count` is one
 * too, and picks the plural form (`key_one`, `key_few`, `key_many`, `key_other`).
 */
type Options = Record<string, unknown> & {
  count?: unknown;
  ns?: string;
  lng?: string;
  defaultValue?: unknown;
  returnObjects?: boolean;
};

/** A key not found in the language nor in the fallback: a bug, reported loudly. */
function reportMissing(language: Language, ns: string, key: string): void {
  // The end-to-end suite fails on console errors. While prerendering there is no browser console
  // to watch, so it fails the build instead.
  if (typeof document === 'undefined') {
    throw new Error(`i18n missing key ${language} ${ns} ${key}`);
  }
  console.error('i18n missing key', language, ns, key);
}

const fallbackLanguage: Language = 'en';
const defaultNamespace = 'common';

// `common` is bundled in both languages, so the first render (prerender and hydration alike) has
// its text. Other namespaces are added by the screens that need them (see app/locales/*.ts), so
// the landing page does not ship the studio's strings: the public pages' in both languages
// (`addNamespace`, they are prerendered in both), the signed-in screens' in the person's language
// only (`addTexts`, loaded before a screen renders: ADR 042).
const resources: Record<Language, Record<string, unknown>> = {
  ru: { common: ruCommon },
  en: { common: enCommon },
};

// Variables a text may use without being passed them: the product's numbers (models, the longest
// video, an image's time) from the catalogue, so the pages that say {{models}}, {{maxVideoSeconds}}…
// cannot drift from what the studio offers. Added by the namespace whose texts say them
// (locales/landing.ts): a screen that says none does not load the catalogue for them (ADR 042).
const defaultVariables: Record<string, unknown> = {};

export function addDefaultVariables(values: Record<string, unknown>): void {
  Object.assign(defaultVariables, values);
}

/**
 * Adds bundled translations to a namespace: all of it, by the module that owns it, or some of its
 * top-level keys — a screen's own texts (`app:studio.*`, app/locales/app-studio.ts), which load
 * with that screen only. What a namespace already holds is kept.
 */
export function addNamespace(ns: string, bundles: Record<Language, object>): void {
  for (const language of languages) {
    resources[language][ns] = { ...bundles[language], ...(resources[language][ns] as object) };
  }
}

/** A file of texts in one language, as a dynamic import gives it (a JSON module). */
type TextFile = () => Promise<{ default: object }>;

/**
 * Texts of a namespace registered to load in one language when needed: the whole file merged at
 * the namespace's top (`section` null, app/locales/app.ts) or as one top-level key
 * (`app:studio.*`, app/locales/app-studio.ts).
 */
type Texts = { ns: string; section: string | null; files: Record<Language, TextFile> };

const registered: Texts[] = [];
/** Per language, the registered texts already merged in (or on their way). */
const loading: Record<Language, Map<Texts, Promise<void>>> = { ru: new Map(), en: new Map() };

/**
 * Registers a signed-in screen's texts: nothing is fetched until `loadTexts` asks for a language,
 * and then only that language's file — a phone loads the Russian or the English, not both. The
 * module that registers them is imported by every module that says them, so by the time a screen
 * (or a dialog) has loaded its code, its texts are registered (locales.test.ts keeps that true).
 */
export function addTexts(ns: string, section: string | null, files: Record<Language, TextFile>) {
  registered.push({ ns, section, files });
}

/**
 * Loads every registered text in `language` not loaded yet; resolves once all are in. The
 * signed-in routes wait for it before they render (`loadScreenTexts`), a dialog before it opens
 * and a language switch before it switches. A file that cannot load rejects, as a screen's code
 * that cannot load does.
 */
export function loadTexts(language: Language = i18n.language): Promise<void> {
  const pending = registered.map((texts) => {
    let load = loading[language].get(texts);
    if (!load) {
      load = texts.files[language]().then(({ default: file }) => {
        const ns = (resources[language][texts.ns] ?? {}) as Record<string, unknown>;
        resources[language][texts.ns] =
          texts.section === null ? { ...file, ...ns } : { ...ns, [texts.section]: file };
      });
      // A failed load is tried again by the next call.
      load.catch(() => loading[language].delete(texts));
      loading[language].set(texts, load);
    }
    return load;
  });
  return Promise.all(pending).then(() => undefined);
}

/**
 * Code fetched on demand (a dialog, a section, a run's checks), resolved once the texts its
 * modules registered are in too, in the interface's language.
 */
export function withTexts<T>(code: Promise<T>): Promise<T> {
  return code.then(async (module) => {
    await loadTexts();
    return module;
  });
}

/**
 * A signed-in route's `clientLoader`: the route renders once the texts its code registered are
 * in, in the interface's language (the loading screen shows meanwhile).
 */
export async function loadScreenTexts(): Promise<null> {
  await loadTexts();
  return null;
}

function lookup(language: Language, ns: string, key: string): unknown {
  let node: unknown = resources[language][ns];
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node ?? undefined;
}

/** The key's text in the language, else in English; with `count`, its plural form first. */
function resolve(language: Language, ns: string, key: string, count: unknown): unknown {
  const order = language === fallbackLanguage ? [language] : [language, fallbackLanguage];
  for (const code of order) {
    if (typeof count === 'number') {
      const rules = cachedIntl(`plural:${code}`, () => new Intl.PluralRules(code));
      const form = rules.select(count);
      const plural = lookup(code, ns, `${key}_${form}`);
      if (plural !== undefined) return plural;
    }
    const found = lookup(code, ns, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Whether `ns:key` has a text in the interface's language (or the fallback) yet. React Router may
 * render a route's `meta` while its `clientLoader` is still loading the screen's texts: a
 * screen's meta waits for its own (lib/meta.ts `screenMeta`).
 */
export function hasText(fullKey: string, language: Language = i18n.language): boolean {
  const [ns, key] = splitKey(fullKey, defaultNamespace);
  return resolve(language, ns, key, undefined) !== undefined;
}

/** `ns:key` as its namespace and key; a key without one is in `ns`. */
function splitKey(fullKey: string, ns: string): [string, string] {
  const separator = fullKey.indexOf(':');
  return separator > 0
    ? [fullKey.slice(0, separator), fullKey.slice(separator + 1)]
    : [ns, fullKey];
}

const placeholder = /\{\{(.+?)\}\}/g;
const nested = /\$t\(([^)]*)\)/g;

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** `{{name}}` and `{{name, number}}` filled from the options, then the catalogue's facts. */
function interpolate(template: string, options: Options, language: Language): string {
  if (!template.includes('{{')) return template;
  return template.replace(placeholder, (match, inside: string) => {
    const [name = '', format] = inside.split(',').map((part) => part.trim());
    const own = Object.hasOwn(options, name) ? options[name] : undefined;
    const value = own === undefined ? defaultVariables[name] : own;
    // An absent variable stays visible as `{{name}}`; a plain one passed as undefined becomes ''
    // (as i18next did).
    if (value === undefined) {
      return format === undefined && Object.hasOwn(options, name) ? '' : match;
    }
    if (format === 'number') {
      return formatNumber(value as number, language);
    }
    if (format !== undefined) console.error('i18n unknown format', format, template);
    return text(value);
  });
}

/**
 * A found text made final: variables filled in, then `$t(other.key)` replaced by that key's text
 * in the same namespace and language.
 */
function finish(template: string, options: Options, language: Language, ns: string): string {
  const filled = interpolate(template, options, language);
  if (!filled.includes('$t(')) return filled;
  return filled.replace(nested, (_match, key: string) => {
    if (key.includes(',')) throw new Error(`i18n nesting with options is not supported: ${key}`);
    const { defaultValue: _ignored, ...rest } = options;
    return text(translate(language, ns, key.trim(), rest));
  });
}

/** A structure's texts made final, for `returnObjects` (a legal document's sections). */
function finishAll(value: unknown, options: Options, language: Language, ns: string): unknown {
  if (typeof value === 'string') return finish(value, options, language, ns);
  if (Array.isArray(value)) return value.map((item) => finishAll(item, options, language, ns));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, finishAll(item, options, language, ns)]),
    );
  }
  return value;
}

function translate(language: Language, ns: string, fullKey: string, options: Options): unknown {
  const lng = isLanguage(options.lng) ? options.lng : language;
  const [namespace, key] = splitKey(fullKey, options.ns ?? ns);
  let found = resolve(lng, namespace, key, options.count);
  if (found === undefined) {
    reportMissing(lng, namespace, key);
    found = options.defaultValue === undefined ? key : text(options.defaultValue);
  }
  if (typeof found === 'string') return finish(found, options, lng, namespace);
  if (options.returnObjects) return finishAll(found, options, lng, namespace);
  reportMissing(lng, namespace, `${key} (an object, not a text)`);
  return key;
}

type Listener = () => void;

/**
 * Speaks one language at a time: the app's own (`i18n`, which the person switches) or a fixed one
 * (`i18nFor`, a marketing page in the language of its address). Translations are shared.
 */
export class Translator {
  #language: Language;
  readonly #fixed: boolean;
  readonly #listeners = new Set<Listener>();
  readonly #fixedT = new Map<string, TFunction<Namespace>>();

  constructor(language: Language, fixed: boolean) {
    this.#language = language;
    this.#fixed = fixed;
  }

  get language(): Language {
    return this.#language;
  }

  /** Translates in the current language (`common` unless the key says `ns:key` or `{ ns }`). */
  readonly t: I18next['t'] = ((key: string, options?: Options) =>
    translate(this.#language, defaultNamespace, key, options ?? {})) as unknown as I18next['t'];

  /**
   * A `t` of one namespace, in `language` or (null) whatever the current language is at each
   * call. The same function comes back for the same arguments, so it can be a hook's dependency.
   */
  getFixedT<N extends Namespace>(language: Language | null, ns: N): TFunction<N> {
    const cacheKey = `${language ?? ''}:${String(ns)}`;
    let t = this.#fixedT.get(cacheKey);
    if (!t) {
      t = ((key: string, options?: Options) =>
        translate(
          language ?? this.#language,
          String(ns),
          key,
          options ?? {},
        )) as unknown as TFunction<Namespace>;
      this.#fixedT.set(cacheKey, t);
    }
    return t as TFunction<N>;
  }

  /** Switches the language at once; whoever subscribed re-renders. */
  async changeLanguage(language: Language): Promise<void> {
    if (this.#fixed) throw new Error('a fixed-language translator cannot change its language');
    if (language === this.#language) return;
    this.#language = language;
    for (const listener of this.#listeners) listener();
  }

  /** For useSyncExternalStore: called after every language change. */
  readonly subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
}

/**
 * The language the page starts in: the one its HTML says. The server sends the app's shell in the
 * person's language (its `lang` cookie), so hydration matches; prerendering starts in Russian.
 */
function pageLanguage(): Language {
  if (typeof document === 'undefined') return defaultLanguage;
  const language = document.documentElement.lang;
  return isLanguage(language) ? language : defaultLanguage;
}

/** The app's translator: in the page's language, switched by the person's choice. */
export const i18n = new Translator(pageLanguage(), false);

const languageCookie = cookieNames.language;

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
}

/** The language the person chose earlier on this device, if any. */
function storedLanguage(): Language | null {
  const stored = readStorage(storageKeys.lang) ?? readCookie(languageCookie);
  return isLanguage(stored) ? stored : null;
}

/** Keeps the choice where the app (storage) and the server (the cookie: which shell) read it. */
function rememberLanguage(language: Language): void {
  writeStorage(storageKeys.lang, language);
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie is enough; the server reads it.
  document.cookie = `${languageCookie}=${language}; path=/; max-age=${languageMaxAgeSeconds}; samesite=lax`;
}

/**
 * Switches the interface language and remembers the choice: at once when the screen's texts in
 * that language are in, else as soon as they have loaded. Rejects, changing nothing, when they
 * cannot load.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  // Remembered only once its texts are in: a switch that cannot load them changes nothing.
  await loadTexts(language);
  rememberLanguage(language);
  await i18n.changeLanguage(language);
}

/**
 * Applies the stored choice. Call after hydration: the first client render must match the HTML,
 * which is in the language the server chose (the cookie). They differ only when the cookie was
 * lost while the stored choice was kept; then the cookie is written again, for the next page.
 */
export function restoreLanguage(): void {
  const language = storedLanguage();
  if (language && language !== i18n.language) {
    void chooseLanguage(language).catch((error: unknown) => {
      console.warn('The chosen language’s texts did not load', error);
    });
  }
}

const fixedInstances = new Map<Language, Translator>();

/**
 * A translator that always speaks one language, sharing the bundled translations. The marketing
 * pages render in the language of their address (`/en/…`) whatever the person chose before, and
 * prerendering renders both languages in one process.
 */
export function i18nFor(language: Language): Translator {
  let instance = fixedInstances.get(language);
  if (!instance) {
    instance = new Translator(language, true);
    fixedInstances.set(language, instance);
  }
  return instance;
}

export function currentLanguage(): Language {
  return i18n.language;
}
