/** Why a sign-in failed, as the server reports it: `/login?error=<code>` (see its oauth routes). */
export const signInErrors = [
  'state',
  'cancelled',
  'provider',
  'unavailable',
  'failed',
  'blocked',
] as const;
export type SignInError = (typeof signInErrors)[number];

/** The general message, also for a code this page does not know. */
export const generalSignInError: SignInError = 'failed';
