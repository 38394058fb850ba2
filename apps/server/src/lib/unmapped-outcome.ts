/**
 * The `default` of a route's `switch` over a service's outcomes: it compiles only while every
 * outcome has its case, so a new one cannot be forgotten (and throws should one arrive untyped).
 */
export function unmappedOutcome(outcome: never): never {
  throw new Error(`no answer for the outcome ${JSON.stringify(outcome)}`);
}
