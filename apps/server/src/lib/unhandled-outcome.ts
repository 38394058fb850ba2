/**
 * The `default` of a `switch` over every outcome of a union: `outcome` is `never` there, so leaving
 * a member out of the cases fails to compile; a value that arrives anyway (untyped data) throws.
 */
export function unhandledOutcome(outcome: never): never {
  throw new Error(`unhandled outcome ${JSON.stringify(outcome)}`);
}
