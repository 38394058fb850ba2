import type { FieldError } from '@kadr/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpProblem, MAX_LISTED_ERRORS, problemBody } from '../lib/problem.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** Every error leaves as application/problem+json; 400s name the fields at fault; 500s leak nothing. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpProblem, request, reply) => {
    if (error instanceof HttpProblem) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).type(PROBLEM_CONTENT_TYPE).send(error.toJSON());
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
