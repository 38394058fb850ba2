/** Why a sign-in failed, as the server reports it: `/login?error=<code>` (see its oauth routes). */
const signInErrors = ['state', 'cancelled', 'provider', 'unavailable', 'failed'] as const;
export type SignInError = (typeof signInErrors)[number];

/** The error of a `?error=` value; an unknown code still gets the general message. */
export function signInErrorFrom(value: string | null): SignInError | null {
  if (!value) return null;
  return signInErrors.find((code) => code === value) ?? 'failed';
}
