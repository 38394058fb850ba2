/**
 * Whether a request address is under `/api/v1` (the query aside): the API for code (ADR 040), where
 * only bearer keys are read and a session cookie never is.
 */
export function isV1(url: string): boolean {
  return url === '/api/v1' || url.startsWith('/api/v1/') || url.startsWith('/api/v1?');
}
