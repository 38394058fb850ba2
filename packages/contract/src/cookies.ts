/** Cookies the web app and the server both know by name. */
export const cookieNames = {
  /** Readable hint that a session may exist, so anonymous pages skip the refresh call. */
  signedInHint: 'kadr_auth',
  /** The referral id from a `?ref=` link, remembered until sign-up. */
  referral: 'kadr_ref',
  /** The chosen interface language. */
  language: 'lang',
  /**
   * Set for ten minutes when a blocked person tries to sign in: the operator's reason, which the
   * sign-in page shows (a cookie, not the address, so nobody can put words in our mouth by a link).
   */
  blocked: 'kadr_blocked',
} as const;
