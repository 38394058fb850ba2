import {
  cookieNames,
  type Language,
  localizedPublicPath,
  paths,
  referralFromSearch,
  referralMaxAgeSeconds,
  referralParam,
} from '@kadr/contract';
import { storageKeys, writeStorage } from './storage';

// The rules (parameter, format, cookie lifetime) live in @kadr/contract: the public pages' inline
// script (lib/public-page-script.ts) applies the same ones without loading this app.

/**
 * Remembers who referred this visitor until they sign up: the server reads the cookie when it
 * creates the account; local storage keeps a copy for the web app. The latest link wins.
 */
function rememberReferral(referrerId: string): void {
  writeStorage(storageKeys.referral, referrerId);
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads this plain cookie at sign-up.
  document.cookie = `${cookieNames.referral}=${referrerId}; path=/; max-age=${referralMaxAgeSeconds}; samesite=lax${secure}`;
}

/** Saves the referral of the current address, if it carries one. */
export function captureReferral(search: string): void {
  const referrerId = referralFromSearch(search);
  if (referrerId) rememberReferral(referrerId);
}

/**
 * The link a user shares to invite friends: the home page in the language the user reads, since
 * the friends are likely to read it too (`/en?ref=…` from the English interface).
 */
export function referralLink(origin: string, referrerId: string, language: Language): string {
  const home = localizedPublicPath(paths.home, language);
  return `${origin}${home}?${new URLSearchParams({ [referralParam]: referrerId })}`;
}
