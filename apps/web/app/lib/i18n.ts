import { productFacts } from '@kadr/catalog';
import {
  cookieNames,
  defaultLanguage,
  isLanguage,
  type Language,
  languageMaxAgeSeconds,
  languages,
} from '@kadr/contract';
import i18n, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '~/locales/en/common.json';
import ruCommon from '~/locales/ru/common.json';
import { readStorage, storageKeys, writeStorage } from './storage';

// The languages themselves live in @kadr/contract: page addresses depend on them (`/en/…`).
export { type Language, languages };

const languageCookie = cookieNames.language;

// Resources are bundled, so init is synchronous: the first render (prerender and hydration
// alike) already has Russian text. Namespaces other than `common` are added by the screens
// that need them (see app/locales/*.ts), so the landing page does not ship the studio's strings.
void i18n.use(initReactI18next).init({
  lng: defaultLanguage,
  fallbackLng: 'en',
  supportedLngs: languages,
  ns: ['common'],
  defaultNS: 'common',
  resources: { ru: { common: ruCommon }, en: { common: enCommon } },
  initAsync: false,
  // The product's numbers (models, the longest video, an image's time) from the catalogue: the
  // pages say {{models}}, {{maxVideoSeconds}}… and cannot drift from what the studio offers.
  interpolation: { escapeValue: false, defaultVariables: productFacts() },
  react: { useSuspense: false },
  // A missing key is a bug: report it loudly (the end-to-end suite fails on console errors).
  // While prerendering there is no browser console to watch, so it fails the build instead.
  saveMissing: true,
  missingKeyHandler: (lngs, ns, key) => {
    if (typeof document === 'undefined') {
      throw new Error(`i18n missing key ${lngs.join(',')} ${ns} ${key}`);
    }
    console.error('i18n missing key', lngs.join(','), ns, key);
  },
});

/** Adds a namespace's bundled translations; called once by the module that owns it. */
export function addNamespace(ns: string, resources: Record<Language, object>): void {
  for (const language of languages) {
    if (!i18n.hasResourceBundle(language, ns)) {
      i18n.addResourceBundle(language, ns, resources[language]);
    }
  }
}

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

/** Switches the interface language at once and remembers the choice. */
export async function chooseLanguage(language: Language): Promise<void> {
  writeStorage(storageKeys.lang, language);
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie is enough; the server reads it.
  document.cookie = `${languageCookie}=${language}; path=/; max-age=${languageMaxAgeSeconds}; samesite=lax`;
  await i18n.changeLanguage(language);
}

/**
 * Applies the stored choice. Call after hydration: prerendered HTML is Russian, so switching
 * earlier would make the first client render differ from the server's.
 */
export function restoreLanguage(): void {
  const language = storedLanguage();
  if (language && language !== i18n.language) void i18n.changeLanguage(language);
}

const fixedInstances = new Map<Language, I18n>();

/**
 * An i18next instance that always speaks one language, sharing the bundled translations. The
 * marketing pages render in the language of their address (`/en/…`) whatever the person chose
 * before, and prerendering renders both languages in one process.
 */
export function i18nFor(language: Language): I18n {
  let instance = fixedInstances.get(language);
  if (!instance) {
    instance = i18n.cloneInstance({ lng: language });
    fixedInstances.set(language, instance);
  }
  return instance;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage;
}

export { i18n };
