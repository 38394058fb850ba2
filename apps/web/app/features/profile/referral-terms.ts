/**
 * The referral programme (spec §9), as the profile explains it. The server's ledger applies the
 * same numbers; move these to @kadr/contract once the server reads them from there.
 */
export const referralTerms = {
  /** Credits for each friend who signs up with the link. */
  signUpBonus: 25,
  /** Share of the credits a friend pays for. */
  paymentSharePercent: 50,
} as const;
