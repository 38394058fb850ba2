import { historyPageSizes } from '@kadr/catalog';
import {
  createGenerationBodySchema,
  createGenerationResponseSchema,
  favoriteBodySchema,
  generationListSchema,
  generationRecordSchema,
  noContentSchema,
  problemSchema,
} from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf } from '../../lib/idempotency-key.ts';
import { requestLocale } from '../../lib/locale.ts';
import { requireUser } from '../auth/index.ts';
import type { GenerationService } from './generation.service.ts';
import { generationProblem } from './generations.problems.ts';

export interface GenerationRoutesOptions {
  generations: GenerationService;
}

const idParams = z.object({ id: z.string() });
const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce
    .number()
    .int()
    .refine(
      (n) => historyPageSizes.includes(n) || (n >= 1 && n <= 100),
      'must be between 1 and 100',
    )
    .default(12),
  type: z.enum(['image', 'video']).optional(),
  /** Only starred generations. */
  favorite: z
    .enum(['1', 'true'])
    .optional()
    .transform((value) => value !== undefined),
  /** Only those in this collection of the person's. */
  collection: z.uuid().optional(),
  /** Only those whose prompt contains these words (case-insensitive). */
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
/** Create, read, list and cancel generations: the signed-in user's own, and nobody else's. */
export const generationRoutes: FastifyPluginAsyncZod<GenerationRoutesOptions> = async (
  app,
  options,
) => {
  const { generations } = options;

  for (const type of ['image', 'video'] as const) {
    app.post(
      `/api/create-${type}`,
      {
        schema: {
          tags: ['generations'],
          description: `Charge the catalogue price and start a ${type} generation. Honours Idempotency-Key.`,
          body: createGenerationBodySchema,
          response: {
            200: createGenerationResponseSchema,
            400: problemSchema,
            402: problemSchema,
            409: problemSchema,
            429: problemSchema,
          },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const key = idempotencyKeyOf(request.headers);
        const created = await generations.create(user, type, request.body, key);
        if (created.outcome === 'created' || created.outcome === 'replayed') {
          return created.response;
        }
        throw generationProblem(created, requestLocale(request));
      },
    );
  }

  app.get(
    '/api/generations',
    {
      schema: {
        tags: ['generations'],
        description: "A page of the person's generations, newest first, files expanded.",
        querystring: listQuery,
        response: { 200: generationListSchema, 400: problemSchema },
      },
    },
    async (request) => generations.list(requireUser(request), request.query),
  );

  app.get(
    '/api/generations/:id',
    {
      schema: {
        tags: ['generations'],
        description: "One of the person's generations (anyone else's answers 404).",
        params: idParams,
        response: { 200: generationRecordSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const read = await generations.read(requireUser(request), request.params.id);
      if (read.outcome !== 'found') throw generationProblem(read, requestLocale(request));
      return read.record;
    },
  );

  app.put(
    '/api/generations/:id/favorite',
    {
      schema: {
        tags: ['generations'],
        description: 'Star or unstar one of the person’s generations.',
        params: idParams,
        body: favoriteBodySchema,
        response: { 200: generationRecordSchema, 400: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const changed = await generations.setFavorite(user, request.params.id, request.body.favorite);
      if (changed.outcome !== 'changed') throw generationProblem(changed, requestLocale(request));
      return changed.record;
    },
  );

  app.delete(
    '/api/generations/:id',
    {
      schema: {
        tags: ['generations'],
        description:
          'Delete one of the person’s finished generations and its files; its ledger entries stay.',
        params: idParams,
        response: { 204: noContentSchema, 404: problemSchema, 409: problemSchema },
      },
    },
    async (request, reply) => {
      const removed = await generations.remove(requireUser(request), request.params.id);
      if (removed.outcome !== 'removed') throw generationProblem(removed, requestLocale(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/generations/:id/cancel',
    {
      schema: {
        tags: ['generations'],
        description: 'Stop a running generation and refund its tokens in full.',
        params: idParams,
        response: { 200: generationRecordSchema, 404: problemSchema, 409: problemSchema },
      },
    },
    async (request) => {
      const canceled = await generations.cancel(requireUser(request), request.params.id);
      if (canceled.outcome !== 'canceled') {
        throw generationProblem(canceled, requestLocale(request));
      }
      return canceled.record;
    },
  );
};
