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

/** Public pages: prerendered to static HTML at build time. */
export const publicPaths = [
  paths.home,
  paths.login,
  paths.privacyPolicy,
  paths.termsOfUse,
  ...useCasePaths,
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
