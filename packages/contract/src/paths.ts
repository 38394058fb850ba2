/** The spec's route table: one place for every page path, shared by the web app and the server. */
export const paths = {
  home: '/',
  login: '/login',
  privacyPolicy: '/privacy-policy',
  termsOfUse: '/terms-of-use',
  smm: '/smm',
  marketplace: '/marketplace',
  inspiration: '/inspiration',
  livingPhoto: '/living-photo',
  influencer: '/influencer',
  studio: '/studio',
  history: '/history',
  profile: '/profile',
  pricing: '/pricing',
} as const;

export type PagePath = (typeof paths)[keyof typeof paths];

/** Use-case landing pages, in the footer's order. */
export const useCasePaths = [
  paths.smm,
  paths.marketplace,
  paths.inspiration,
  paths.livingPhoto,
  paths.influencer,
] as const;

/** Interface languages. Russian is the default and lives at the root; English under `/en`. */
export const languages = ['ru', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'ru';

export function isLanguage(value: unknown): value is Language {
  return languages.some((language) => language === value);
}

/**
 * Marketing pages: the landing, the use cases and the legal pages. Each is prerendered once per
 * language as complete HTML that needs no JavaScript (ADR 007).
 */
export const marketingPaths = [
  paths.home,
  ...useCasePaths,
  paths.privacyPolicy,
  paths.termsOfUse,
] as const;
export type MarketingPath = (typeof marketingPaths)[number];

const languagePrefix: Record<Language, string> = { ru: '', en: '/en' };

/** A marketing page's address in a language: `('/smm', 'en')` → `/en/smm`, `('/', 'en')` → `/en`. */
export function localizedPublicPath(path: MarketingPath, language: Language): string {
  const prefix = languagePrefix[language];
  if (!prefix) return path;
  return path === paths.home ? prefix : `${prefix}${path}`;
}

/** The language a page address is in: `/en` and `/en/…` are English, everything else Russian. */
export function languageOfPath(pathname: string): Language {
  const prefix = languagePrefix.en;
  return pathname === prefix || pathname.startsWith(`${prefix}/`) ? 'en' : defaultLanguage;
}

/** The marketing page an address shows, in whatever language (`/en/smm/` → `/smm`), or null. */
export function marketingPathOf(pathname: string): MarketingPath | null {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const prefix = languagePrefix[languageOfPath(trimmed)];
  const bare = trimmed.slice(prefix.length) || paths.home;
  return marketingPaths.find((path) => path === bare) ?? null;
}

/** The English copies of the marketing pages (`/en`, `/en/smm`, …). */
export const englishMarketingPaths = marketingPaths.map((path) => localizedPublicPath(path, 'en'));

/** Public pages: prerendered to static HTML at build time. */
export const publicPaths = [
  paths.home,
  paths.login,
  paths.privacyPolicy,
  paths.termsOfUse,
  ...useCasePaths,
  ...englishMarketingPaths,
] as const;

/** Pages that need a session; anonymous visitors are sent to /login. */
export const signedInPaths = [paths.studio, paths.history, paths.profile, paths.pricing] as const;

const known = new Set<string>([...publicPaths, ...signedInPaths]);

/** Whether a page path (without query) is one of the spec's routes; anything else is a 404. */
export function isKnownPagePath(pathname: string): boolean {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return known.has(trimmed);
}

/** Where a signed-in user goes by default after signing in. */
export const defaultAfterLogin = paths.studio;

/** Only same-site relative paths are allowed as a return target (no open redirects). */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return defaultAfterLogin;
  }
  return next;
}
