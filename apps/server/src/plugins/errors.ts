import type { FieldError } from '@kadr/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpProblem, problemBody } from '../lib/problem.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** Every error leaves as application/problem+json; 400s name the fields at fault; 500s leak nothing. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpProblem, request, reply) => {
    if (error instanceof HttpProblem) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).type(PROBLEM_CONTENT_TYPE).send(error.toJSON());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((issue) => ({
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
