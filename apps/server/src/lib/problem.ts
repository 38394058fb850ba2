import type { FieldError, Problem } from '@kadr/contract';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** An error that becomes an `application/problem+json` answer. Routes and plugins throw it; services return outcomes (issue #34). */
export class HttpProblem extends Error {
  readonly status: number;
  readonly type: string;
  readonly detail: string | undefined;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly limit: number | undefined;
  /** Further members of the body (a v1 problem's `code`, a spend limit's `spent`…). */
  readonly members: Record<string, unknown> | undefined;

  constructor(
    status: number,
    detail?: string,
    options: {
      type?: string;
      errors?: FieldError[];
      headers?: Record<string, string>;
      /** The number a limit allows (a 429's `limit` member). */
      limit?: number;
      /** Further members of the body, e.g. a v1 problem's stable `code`. */
      members?: Record<string, unknown>;
    } = {},
  ) {
    super(detail ?? titleFor(status));
    this.name = 'HttpProblem';
    this.status = status;
    this.detail = detail;
    this.type = options.type ?? 'about:blank';
    this.errors = options.errors;
    this.headers = options.headers;
    this.limit = options.limit;
    this.members = options.members;
  }

  toJSON(): Problem {
    const body = problemBody(this.status, this.detail, this.errors, this.type);
    const limited = this.limit === undefined ? body : { ...body, limit: this.limit };
    return this.members === undefined ? limited : { ...limited, ...this.members };
  }
}

function titleFor(status: number): string {
  return titles[status] ?? (status >= 500 ? 'Server Error' : 'Request Error');
}

/** A problem lists at most this many field errors: an answer's size never grows with the body's. */
export const MAX_LISTED_ERRORS = 20;

export function problemBody(
  status: number,
  detail?: string,
  errors?: FieldError[],
  type = 'about:blank',
): Problem {
  return {
    type,
    title: titleFor(status),
    status,
    ...(detail ? { detail } : {}),
    ...(errors && errors.length > 0 ? { errors: errors.slice(0, MAX_LISTED_ERRORS) } : {}),
  };
}

export function validationProblem(errors: FieldError[]): HttpProblem {
  const named = [...new Set(errors.map((e) => e.field))];
  const fields =
    named.length > MAX_LISTED_ERRORS
      ? `${named.slice(0, MAX_LISTED_ERRORS).join(', ')} and ${named.length - MAX_LISTED_ERRORS} more`
      : named.join(', ');
  return new HttpProblem(400, `Invalid request: ${fields}`, { errors });
}
