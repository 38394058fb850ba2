import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Answers are serialised from the route's response schema — the same zod definition that
 * `/api/docs` shows and whose type the handler must return (the type provider checks it at compile
 * time): the schema becomes JSON Schema once per route and is compiled by fast-json-stringify, as
 * Fastify does with its own schemas. Only what the schema declares goes out. Validating every answer
 * with zod at run time instead doubled the cost of a history page (ADR 011), so production does
 * not; with `check` (development and tests — every server test and the end-to-end suite) each
 * answer is first checked against its schema, and one that does not match is a 500 naming the route
 * and the mismatch, instead of a shape the web app, which trusts answers in production (ADR 030),
 * would misread.
 */
export function serializerCompiler({
  check,
}: {
  check: boolean;
}): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    // Any zod schema, classic (the server's own) or zod/mini (the contract's, ADR 026).
    if (!(schema instanceof z.core.$ZodType)) {
      throw new Error('a response schema must be a zod schema');
    }
    const serialize = fastJson(
      z.toJSONSchema(schema, {
        io: 'output',
        target: 'openapi-3.0',
        unrepresentable: 'any',
      }) as never,
    );
    if (!check) return serialize;
    return (data: unknown) => {
      const result = z.safeParse(schema, data);
      if (!result.success) {
        throw new AnswerMismatchError(`${method} ${url} ${httpStatus}`, result.error);
      }
      return serialize(data);
    };
  };
}

/** An answer that does not match its route's response schema (development and tests only). */
class AnswerMismatchError extends Error {
  constructor(route: string, cause: z.core.$ZodError) {
    super(`the answer of ${route} does not match its schema: ${z.prettifyError(cause)}`, { cause });
    this.name = 'AnswerMismatchError';
  }
}
