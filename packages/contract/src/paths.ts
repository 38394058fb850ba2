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
  /** The Kadr API for developers (issue #37): what it does, prices, examples, limits, webhooks. */
  developers: '/developers',
  studio: '/studio',
  compare: '/compare',
  batch: '/batch',
  /**
   * The finishing tools (ADR 038): `?tool=<catalogue id>&from=<generation id>` opens a tool on a
   * result, `?reuse=<generation id>` repeats an edit's settings, no query picks a tool and a
   * picture there.
   */
  tools: '/tools',
  /**
   * The marketplace card workshop (ADR 039): `?set=<card set id>` opens a set, no query lists them.
   */
  cards: '/cards',
  /**
   * Joining clips (ADR 047): the person's finished videos on a strip, trimmed, cross-faded, joined
   * for free; `?clips=<id>,<id>` starts the strip with those.
   */
  montage: '/montage',
  history: '/history',
  /**
   * The person's library of elements (ADR 043): their characters and products, each with its
   * reference pictures; `?kind=character|product` narrows it, `?archived=1` shows the archived.
   */
  elements: '/elements',
  profile: '/profile',
  pricing: '/pricing',
  /**
   * The operator console (and its pages below it). Not among the known paths: the server answers
   * its HTML with a 404 like any unknown page, and the console shows itself only to operators.
   */
  admin: '/admin',
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
 * Marketing pages: the landing, the use cases, the developers' page and the legal pages. Each is
 * prerendered once per language as complete HTML that needs no JavaScript (ADR 007).
 */
export const marketingPaths = [
  paths.home,
  ...useCasePaths,
  paths.developers,
  paths.privacyPolicy,
  paths.termsOfUse,
] as const;
export type MarketingPath = (typeof marketingPaths)[number];

/**
 * Pages with a copy per language at its own address: the marketing pages and sign-in (which is
 * static too, ADR 024; `/login` itself speaks the person's chosen language, see the server).
 */
export const localizedPaths = [...marketingPaths, paths.login] as const;
export type LocalizedPath = (typeof localizedPaths)[number];

const languagePrefix: Record<Language, string> = { ru: '', en: '/en' };

/** A localized page's address in a language: `('/smm', 'en')` → `/en/smm`, `('/', 'en')` → `/en`. */
export function localizedPublicPath(path: LocalizedPath, language: Language): string {
  const prefix = languagePrefix[language];
  if (!prefix) return path;
  return path === paths.home ? prefix : `${prefix}${path}`;
}

/** The language a page address is in: `/en` and `/en/…` are English, everything else Russian. */
export function languageOfPath(pathname: string): Language {
  const prefix = languagePrefix.en;
  return pathname === prefix || pathname.startsWith(`${prefix}/`) ? 'en' : defaultLanguage;
}

/** The localized page an address shows, in whatever language (`/en/login/` → `/login`), or null. */
export function localizedPathOf(pathname: string): LocalizedPath | null {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const prefix = languagePrefix[languageOfPath(trimmed)];
  const bare = trimmed.slice(prefix.length) || paths.home;
  return localizedPaths.find((path) => path === bare) ?? null;
}

/** Sign-in in English, a static page like the marketing pages' English copies. */
export const englishLoginPath = localizedPublicPath(paths.login, 'en');

/** The English copies of the marketing pages (`/en`, `/en/smm`, …). */
export const englishMarketingPaths = marketingPaths.map((path) => localizedPublicPath(path, 'en'));

/** Public pages: prerendered to static HTML at build time. */
export const publicPaths = [
  paths.home,
  paths.login,
  paths.privacyPolicy,
  paths.termsOfUse,
  ...useCasePaths,
  paths.developers,
  ...englishMarketingPaths,
  englishLoginPath,
] as const;

/** Pages that need a session; anonymous visitors are sent to /login. */
export const signedInPaths = [
  paths.studio,
  paths.compare,
  paths.batch,
  paths.tools,
  paths.cards,
  paths.montage,
  paths.history,
  paths.elements,
  paths.profile,
  paths.pricing,
] as const;

const known = new Set<string>([...publicPaths, ...signedInPaths]);

/** Whether a page path (without query) is one of the spec's routes; anything else is a 404. */
export function isKnownPagePath(pathname: string): boolean {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return known.has(trimmed);
}

/** Where a signed-in user goes by default after signing in. */
export const defaultAfterLogin = paths.studio;

/** Any C0 or C1 control character, DEL, or a backslash (which browsers read as a slash). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what it refuses.
export const unsafeInReturnPath = /[\u0000-\u001f\u007f-\u009f\\]/;
/** The longest return path kept. */
export const maxReturnPathLength = 2048;
/** A stand-in origin: only whether resolving against it keeps the origin matters. */
const siteProbe = 'https://kadr.invalid';

/**
 * The one return-path rule (no open redirects), used everywhere a return target is read: a path
 * on this site, resolved the way a browser resolves a `Location`. Refused, for the default: anything
 * that does not start with one `/`; any control character (a tab or newline is dropped by URL
 * parsers, so `/\t/evil.example` would become `//evil.example`, and CR/LF must never reach a header)
 * or backslash; and anything that resolves to another origin. What is kept is the resolved path,
 * query and fragment, so the answer is always a clean same-origin path.
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//')) {
    return defaultAfterLogin;
  }
  if (next.length > maxReturnPathLength || unsafeInReturnPath.test(next)) return defaultAfterLogin;
  let resolved: URL;
  try {
    resolved = new URL(next, siteProbe);
  } catch {
    return defaultAfterLogin;
  }
  if (resolved.origin !== siteProbe) return defaultAfterLogin;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // `/.//evil` resolves to `//evil`: a path a browser would again read as another host.
  if (!path.startsWith('/') || path.startsWith('//')) return defaultAfterLogin;
  return path;
}
