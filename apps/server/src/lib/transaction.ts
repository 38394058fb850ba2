/**
 * `transaction(uses, fn)` as a service sees it: `fn` gets the parts named in `uses`, and only those,
 * bound to one transaction; it commits when `fn` resolves and rolls back when it throws. A service
 * names the parts it may bind (`Transaction<{ payments: PaymentRepository; ledger: Ledger }>`);
 * the composition root (repositories.ts) hands it one that binds every part.
 */
export type Transaction<Parts> = <K extends keyof Parts, T>(
  uses: readonly K[],
  fn: (tx: { [P in K]: Parts[P] }) => Promise<T>,
) => Promise<T>;
