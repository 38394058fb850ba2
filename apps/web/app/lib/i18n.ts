import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '~/locales/en/common.json';
import ruCommon from '~/locales/ru/common.json';
import { readStorage, storageKeys, writeStorage } from './storage';

export const languages = ['ru', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'ru';

const languageCookie = 'lang';
const oneYearInSeconds = 60 * 60 * 24 * 365;

export function isLanguage(value: unknown): value is Language {
  return languages.some((language) => language === value);
}

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
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  // A missing key is a bug: report it loudly (the end-to-end suite fails on console errors).
  saveMissing: true,
  missingKeyHandler: (lngs, ns, key) => {
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
export function storedLanguage(): Language | null {
  const stored = readStorage(storageKeys.lang) ?? readCookie(languageCookie);
  return isLanguage(stored) ? stored : null;
}

/** Switches the interface language at once and remembers the choice. */
export async function chooseLanguage(language: Language): Promise<void> {
  writeStorage(storageKeys.lang, language);
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie is enough; the server reads it.
  document.cookie = `${languageCookie}=${language}; path=/; max-age=${oneYearInSeconds}; samesite=lax`;
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

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage;
}

export { i18n };
