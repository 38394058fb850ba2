import { cookieNames } from '@kadr/contract';

/** Why a sign-in failed, as the server reports it: `/login?error=<code>` (see its oauth routes). */
const signInErrors = [
  'state',
  'cancelled',
  'provider',
  'unavailable',
  'failed',
  'blocked',
] as const;
export type SignInError = (typeof signInErrors)[number];

/** The error of a `?error=` value; an unknown code still gets the general message. */
export function signInErrorFrom(value: string | null): SignInError | null {
  if (!value) return null;
  return signInErrors.find((code) => code === value) ?? 'failed';
}

/**
 * Why an operator blocked this account, as the server left it in a short-lived cookie when the
 * sign-in was refused (never from the address, so a link cannot put words on our page).
 */
export function blockedReason(cookies: string): string {
  const prefix = `${cookieNames.blocked}=`;
  for (const part of cookies.split(';')) {
    const trimmed = part.trim();
    if (!trimmed.startsWith(prefix)) continue;
    try {
      return decodeURIComponent(trimmed.slice(prefix.length));
    } catch {
      return '';
    }
  }
  return '';
}
