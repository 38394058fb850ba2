import {
  brandKitSchema,
  cardCsvBodySchema,
  cardCsvQuoteSchema,
  cardCsvSetsSchema,
  cardSetBodySchema,
  cardSetListSchema,
  cardSetSchema,
  noContentSchema,
  problemSchema,
} from '@kadr/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf } from '../../lib/idempotency-key.ts';
import { requestLocale } from '../../lib/locale.ts';
import type { HttpProblem } from '../../lib/problem.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import { requireUser } from '../auth/index.ts';
import type { BrandKitService } from './brand-kit.service.ts';
import type { CardCsvService } from './card-csv.service.ts';
import type { CardSetRemoval, CardSetSave, CardSetService } from './card-set.service.ts';
import { csvBatchProblem, fieldsProblem, schemaProblem, setNotFound } from './cards.problems.ts';

export interface CardRoutesOptions {
  brandKits: BrandKitService;
  cardSets: CardSetService;
  cardCsv: CardCsvService;
}

const idParams = z.object({ id: z.string() });

/**
 * The request's body, query and params as the schema checked them. The card routes validate with
 * `attachValidation`, so a refused body is answered here in the person's language rather than by
 * the shared English answer.
 */
function checked(request: FastifyRequest): void {
  if (request.validationError) {
    throw schemaProblem(request.validationError, requestLocale(request));
  }
}

/** The answer to a refused save. */
function saveProblem(
  refusal: Exclude<CardSetSave | CardSetRemoval, { outcome: 'saved' | 'removed' }>,
  request: FastifyRequest,
): HttpProblem {
  const locale = requestLocale(request);
  switch (refusal.outcome) {
    case 'invalid':
      return fieldsProblem(refusal.errors, locale);
    case 'not_found':
      return setNotFound(locale);
    default:
      return unhandledOutcome(refusal);
  }
}

/**
 * Marketplace cards (ADR 039): the brand kit, card sets, their rendered slides, the check against
 * the preset and its rules, the zip, and sets from a CSV. Only the CSV's batch spends tokens.
 */
export const cardRoutes: FastifyPluginAsyncZod<CardRoutesOptions> = async (app, options) => {
  const { brandKits, cardSets, cardCsv } = options;
  const tags = ['cards'];

  app.get(
    '/api/brand-kit',
    {
      schema: {
        tags,
        description: 'The person’s brand kit for cards: the default one until they save theirs.',
        response: { 200: brandKitSchema },
      },
    },
    async (request) => brandKits.read(requireUser(request)),
  );

  app.put(
    '/api/brand-kit',
    {
      attachValidation: true,
      schema: {
        tags,
        description: 'Save the brand kit whole; the logo must be a picture of the person’s own.',
        body: brandKitSchema,
        response: { 200: brandKitSchema, 400: problemSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      checked(request);
      const saved = await brandKits.save(user, request.body);
      if (saved.outcome !== 'saved') throw fieldsProblem(saved.errors, requestLocale(request));
      return saved.kit;
    },
  );

  app.get(
    '/api/card-sets',
    {
      schema: {
        tags,
        description: 'The person’s card sets, the most recently changed first (at most 200).',
        response: { 200: cardSetListSchema },
      },
    },
    async (request) => cardSets.list(requireUser(request)),
  );

  app.post(
    '/api/card-sets',
    {
      attachValidation: true,
      schema: {
        tags,
        description:
          'A new card set. The preset and the backdrop must be the catalogue’s, the photo a picture of the person’s own, and the cut-out and scene their own generations of the right tool. Free: nothing runs.',
        body: cardSetBodySchema,
        response: { 200: cardSetSchema, 400: problemSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      checked(request);
      const saved = await cardSets.create(user, request.body);
      if (saved.outcome !== 'saved') throw saveProblem(saved, request);
      return saved.set;
    },
  );

  app.get(
    '/api/card-sets/:id',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: cardSetSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const read = await cardSets.read(requireUser(request), request.params.id);
      if (read.outcome !== 'found') throw setNotFound(requestLocale(request));
      return read.set;
    },
  );

  app.put(
    '/api/card-sets/:id',
    {
      attachValidation: true,
      schema: {
        tags,
        description:
          'Write the set whole: texts, slides, pictures, or another preset (re-laid, nothing re-run, free).',
        params: idParams,
        body: cardSetBodySchema,
        response: { 200: cardSetSchema, 400: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      checked(request);
      const saved = await cardSets.update(user, request.params.id, request.body);
      if (saved.outcome !== 'saved') throw saveProblem(saved, request);
      return saved.set;
    },
  );

  app.delete(
    '/api/card-sets/:id',
    {
      schema: {
        tags,
        description: 'Delete a set; the generations it shows stay.',
        params: idParams,
        response: { 204: noContentSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const removed = await cardSets.remove(requireUser(request), request.params.id);
      if (removed.outcome !== 'removed') throw saveProblem(removed, request);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/card-sets/csv/quote',
    {
      attachValidation: true,
      schema: {
        tags,
        description:
          'Each CSV product’s AI price (its cut-out) by line and the one total, after every check the create makes.',
        body: cardCsvBodySchema,
        response: { 200: cardCsvQuoteSchema, 400: problemSchema, 409: problemSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      checked(request);
      const quoted = await cardCsv.quote(user, request.body);
      switch (quoted.outcome) {
        case 'quoted':
          return quoted.quote;
        case 'invalid':
          throw fieldsProblem(quoted.errors, requestLocale(request));
        default:
          throw csvBatchProblem(quoted, requestLocale(request));
      }
    },
  );

  app.post(
    '/api/card-sets/csv',
    {
      attachValidation: true,
      schema: {
        tags,
        description:
          'Start one batch cutting every CSV product out and make one card set per product, linked to its batch item. The balance must cover the total. Honours Idempotency-Key: the same key and body again answer the same batch and sets, charged once.',
        body: cardCsvBodySchema,
        response: {
          200: cardCsvSetsSchema,
          400: problemSchema,
          402: problemSchema,
          409: problemSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      checked(request);
      const key = idempotencyKeyOf(request.headers);
      const started = await cardCsv.create(user, request.body, key);
      switch (started.outcome) {
        case 'started':
        case 'replayed':
          return { batch: started.batch, items: started.sets };
        case 'invalid':
          throw fieldsProblem(started.errors, requestLocale(request));
        default:
          throw csvBatchProblem(started, requestLocale(request));
      }
    },
  );
};
