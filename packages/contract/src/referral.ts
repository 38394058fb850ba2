/**
 * What a visitor's browser remembers before sign-up: who referred them and which language they
 * read. The web app and the public pages' inline script (no framework) both write these, so the
 * names, formats and lifetimes live here once.
 */

/** The address parameter our referral links carry: `/?ref=<the referrer's user id>`. */
export const referralParam = 'ref';

/**
 * Every parameter a referral is read from, in order of precedence: ours, and `referral`, the
 * specification's name for it, which people type and other sites link with. Same rules for both.
 */
export const referralParams = [referralParam, 'referral'] as const;

/** Local-storage keys shared by the web app and the public pages' inline script. */
export const browserStorageKeys = {
  lang: 'kadr.lang',
  referral: 'kadr.ref',
  /** The offer of the page in the browser's language was dismissed or followed: not again. */
  languageOffer: 'kadr.language-offer',
  /** Someone signed in from this browser before: the sign-in page says 'Welcome back'. */
  returning: 'kadr.returning',
} as const;

/** The referral cookie (`cookieNames.referral`) lives this long: the latest link wins. */
export const referralMaxAgeSeconds = 60 * 60 * 24 * 30;

/** The language cookie (`cookieNames.language`) lives this long. */
export const languageMaxAgeSeconds = 60 * 60 * 24 * 365;

/** A UUID, in any letter case: how users (so referrers), generations and files are named. */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The referrer's id from a query string (lower case): the first of `referralParams` that holds a
 * user id; null when none does.
 */
export function referralFromSearch(search: string): string | null {
  const query = new URLSearchParams(search);
  for (const name of referralParams) {
    const value = query.get(name)?.trim();
    if (value && uuidPattern.test(value)) return value.toLowerCase();
  }
  return null;
}
