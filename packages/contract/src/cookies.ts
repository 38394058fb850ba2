/** Cookies the web app and the server both know by name. */
export const cookieNames = {
  /** Readable hint that a session may exist, so anonymous pages skip the refresh call. */
  signedInHint: 'kadr_auth',
  /** The referral id from a `?ref=` link, remembered until sign-up. */
  referral: 'kadr_ref',
  /** The chosen interface language. */
  language: 'lang',
} as const;
