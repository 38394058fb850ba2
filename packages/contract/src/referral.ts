/**
 * What a visitor's browser remembers before sign-up: who referred them and which language they
 * read. The web app and the public pages' inline script (no framework) both write these, so the
 * names, formats and lifetimes live here once.
 */

/** The address parameter of a referral link: `/?ref=<the referrer's user id>`. */
export const referralParam = 'ref';

/** Local-storage keys shared by the web app and the public pages' inline script. */
export const browserStorageKeys = {
  lang: 'kadr.lang',
  referral: 'kadr.ref',
} as const;

/** The referral cookie (`cookieNames.referral`) lives this long: the latest link wins. */
export const referralMaxAgeSeconds = 60 * 60 * 24 * 30;

/** The language cookie (`cookieNames.language`) lives this long. */
export const languageMaxAgeSeconds = 60 * 60 * 24 * 365;

/** A UUID, in any letter case: how users (so referrers), generations and files are named. */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The referrer's id from a query string (lower case), or null when there is none or it is no user id. */
export function referralFromSearch(search: string): string | null {
  const value = new URLSearchParams(search).get(referralParam)?.trim();
  return value && uuidPattern.test(value) ? value.toLowerCase() : null;
}
