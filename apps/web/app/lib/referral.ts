import { cookieNames } from '@kadr/contract';
import { storageKeys, writeStorage } from './storage';

/** The address parameter of a referral link: `/?ref=<the referrer's user id>`. */
export const referralParam = 'ref';

const thirtyDaysInSeconds = 60 * 60 * 24 * 30;
const userId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The referrer's id from a query string, or null when there is none or it is not a user id. */
export function referralFromSearch(search: string): string | null {
  const value = new URLSearchParams(search).get(referralParam)?.trim();
  return value && userId.test(value) ? value.toLowerCase() : null;
}

/**
 * Remembers who referred this visitor until they sign up: the server reads the cookie when it
 * creates the account; local storage keeps a copy for the web app. The latest link wins.
 */
export function rememberReferral(referrerId: string): void {
  writeStorage(storageKeys.referral, referrerId);
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads this plain cookie at sign-up.
  document.cookie = `${cookieNames.referral}=${referrerId}; path=/; max-age=${thirtyDaysInSeconds}; samesite=lax${secure}`;
}

/** Saves the referral of the current address, if it carries one. */
export function captureReferral(search: string): void {
  const referrerId = referralFromSearch(search);
  if (referrerId) rememberReferral(referrerId);
}

/** The link a user shares to invite friends. */
export function referralLink(origin: string, referrerId: string): string {
  return `${origin}/?${new URLSearchParams({ [referralParam]: referrerId })}`;
}
