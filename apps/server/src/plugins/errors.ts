import { type FieldError, problemSchema, problemTypes } from '@kadr/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type Locale, requestLocale } from '../lib/locale.ts';
import { HttpProblem, MAX_LISTED_ERRORS, problemBody } from '../lib/problem.ts';
import {
  type Dependency,
  isDatabaseUnavailable,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  unavailableDetail,
  unavailableReason,
} from '../lib/unavailable.ts';
import { StorageUnavailableError } from '../providers/storage/storage.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/**
 * Every error leaves as application/problem+json; 400s name the fields at fault; 500s leak nothing;
 * a part that is away (the database, the file store) is a 503 with Retry-After, not a 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Any API route may meet a part that is away: the document says so where a route documents its
  // answers (`/api/v1` lists its own problems; readiness has its own 503; liveness needs nothing).
  app.addHook('onRoute', (route) => {
    const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
    if (
      !response ||
      response[503] !== undefined ||
      !route.url.startsWith('/api/') ||
      route.url.startsWith('/api/v1/') ||
      route.url === '/api/health'
    ) {
      return;
    }
    route.schema = { ...route.schema, response: { ...response, 503: problemSchema } };
  });
  app.setErrorHandler((error: FastifyError | HttpProblem, request, reply) => {
    if (error instanceof HttpProblem) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).type(PROBLEM_CONTENT_TYPE).send(error.toJSON());
    }
    const away = unavailableDependency(error);
    if (away) {
      return sendUnavailable(
        request,
        reply,
        away,
        error,
        unavailableProblem(away, requestLocale(request)),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.slice(0, MAX_LISTED_ERRORS).map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body',
        code: issue.keyword,
        message: issue.message ?? 'is invalid',
      }));
      const where = error.validationContext ?? 'body';
      return reply
        .code(400)
        .type(PROBLEM_CONTENT_TYPE)
        .send(problemBody(400, `Invalid request ${where}`, errors));
    }
    if (isUnstorableText(error)) {
      // Text PostgreSQL cannot hold reached it (the catalogue refuses it in prompts and parameters
      // earlier, with the field); the statement failed, so its transaction wrote nothing.
      return reply
        .code(400)
        .type(PROBLEM_CONTENT_TYPE)
        .send(
          problemBody(400, 'Text must not contain a null character or broken Unicode.', [
            {
              field: 'body',
              code: 'invalid_characters',
              message: 'contains a null character or broken Unicode',
            },
          ]),
        );
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(status)
        .type(PROBLEM_CONTENT_TYPE)
        .send(problemBody(status, 'Something went wrong on our side. Please try again.'));
    }
    // Fastify's own 4xx errors (malformed JSON, wrong content type, body too large, …).
    return reply.code(status).type(PROBLEM_CONTENT_TYPE).send(problemBody(status, error.message));
  });
});

/**
 * PostgreSQL refusing a text value: U+0000 in text (22021) or JSON (22P05), a lone surrogate in
 * JSON (22P02 with a Unicode message). Found on the error or, as drizzle wraps them, its causes.
 */
function isUnstorableText(error: unknown): boolean {
  let at: unknown = error;
  for (let depth = 0; at && depth < 5; depth++) {
    const { code, message, cause } = at as { code?: unknown; message?: unknown; cause?: unknown };
    if (code === '22021' || code === '22P05') return true;
    if (code === '22P02' && typeof message === 'string' && /unicode/i.test(message)) return true;
    at = cause;
  }
  return false;
}

/**
 * The part an error says is away for now: the file store (`StorageUnavailableError`, from either
 * store) or the database (`isDatabaseUnavailable`); undefined for any other error.
 */
export function unavailableDependency(error: unknown): Dependency | undefined {
  let at: unknown = error;
  for (let depth = 0; at && depth < 5; depth++) {
    if (at instanceof StorageUnavailableError) return 'storage';
    at = (at as { cause?: unknown }).cause;
  }
  return isDatabaseUnavailable(error) ? 'database' : undefined;
}

/** The 503 of a part that is away, in the request's language (issue #38). */
function unavailableProblem(dependency: Dependency, locale: Locale): HttpProblem {
  return new HttpProblem(503, unavailableDetail(dependency, locale), {
    type: problemTypes.unavailable,
    headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
  });
}

/** What a download set before its object turned out to be unreadable: not true of a problem. */
const OBJECT_HEADERS = ['content-disposition', 'content-range', 'accept-ranges', 'etag'];

/**
 * Answers a request a part could not serve: 503 with Retry-After, logged as a warning with the part
 * and the driver's own reason (an outage is expected, not a bug: no stack, no error line).
 */
export function sendUnavailable(
  request: FastifyRequest,
  reply: FastifyReply,
  dependency: Dependency,
  error: unknown,
  problem: HttpProblem,
) {
  request.log.warn(
    { dependency, ...unavailableReason(error) },
    `${dependency} unavailable; answered 503`,
  );
  for (const header of OBJECT_HEADERS) reply.removeHeader(header);
  // A file route said its bytes may be kept for an hour; this answer must never be kept.
  reply.header('cache-control', 'no-store');
  if (problem.headers) reply.headers(problem.headers);
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem.toJSON());
}
