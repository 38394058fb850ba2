import type { operations } from './schema.ts';

/** A v1 problem (RFC 9457 problem+json with Kadr's stable `code`). */
export type KadrProblem =
  operations['getGeneration']['responses'][404]['content']['application/problem+json'];
/** The stable machine codes of v1 problems: branch on these, never on the text. */
export type KadrProblemCode = KadrProblem['code'];

/** The code a status stands for when the answer carried no problem (a proxy's HTML page, say). */
function codeOfStatus(status: number): KadrProblemCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  // A proxy's own 503 (Kadr restarting behind it) means what Kadr's would: try again shortly.
  if (status === 503) return 'unavailable';
  if (status >= 500) return 'server_error';
  return 'invalid_request';
}

function isProblem(value: unknown): value is KadrProblem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { status?: unknown }).status === 'number'
  );
}

/**
 * Kadr refused a request: `status` is the HTTP status, `code` the problem's stable code
 * (`insufficient_tokens`, `spend_limit_daily`, `rate_limited`…), `problem` the whole answer with
 * its figures (`required`, `limit`, `spent`, `resets_at`, field `errors`), and `retryAfter` the
 * seconds a 429 or 503 asks you to wait.
 */
export class KadrApiError extends Error {
  override readonly name = 'KadrApiError';
  readonly status: number;
  readonly code: KadrProblemCode;
  readonly problem: KadrProblem | undefined;
  readonly retryAfter: number | undefined;

  constructor(status: number, body: unknown, headers?: Headers) {
    const problem = isProblem(body) ? body : undefined;
    const code = problem?.code ?? codeOfStatus(status);
    super(problem ? `${status} ${code}: ${problem.detail ?? problem.title}` : `${status} ${code}`);
    this.status = status;
    this.code = code;
    this.problem = problem;
    const retryAfter = Number(headers?.get('retry-after') ?? Number.NaN);
    this.retryAfter = Number.isFinite(retryAfter) ? retryAfter : undefined;
  }
}

/** `waitForGeneration` gave up: the generation had not ended within `timeoutMs`. */
export class KadrTimeoutError extends Error {
  override readonly name = 'KadrTimeoutError';
}
