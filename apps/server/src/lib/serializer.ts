import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Answers are serialised from the route's response schema — the same zod definition that
 * `/api/docs` shows and whose type the handler must return (the type provider checks it at compile
 * time): the schema becomes JSON Schema once per route and is compiled by fast-json-stringify, as
 * Fastify does with its own schemas. Only what the schema declares goes out. Validating every answer
 * with zod at run time instead doubled the cost of a history page (ADR 011).
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  // Any zod schema, classic (the server's own) or zod/mini (the contract's, ADR 026).
  if (!(schema instanceof z.core.$ZodType)) {
    throw new Error('a response schema must be a zod schema');
  }
  return fastJson(
    z.toJSONSchema(schema, {
      io: 'output',
      target: 'openapi-3.0',
      unrepresentable: 'any',
    }) as never,
  );
};
