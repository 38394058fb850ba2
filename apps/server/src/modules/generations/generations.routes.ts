import { historyPageSizes } from '@kadr/catalog';
import {
  createGenerationBodySchema,
  createGenerationResponseSchema,
  createJoinBodySchema,
  favoriteBodySchema,
  generationEditsSchema,
  generationListSchema,
  generationRecordSchema,
  noContentSchema,
  problemSchema,
} from '@kadr/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf } from '../../lib/idempotency-key.ts';
import { requestLocale } from '../../lib/locale.ts';
import { requireUser } from '../auth/index.ts';
import { type GenerationService, MAX_LISTED_EDITS } from './generation.service.ts';
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
          description:
            `Charge the catalogue price and start a ${type} generation. Honours Idempotency-Key.` +
            (type === 'image'
              ? ' A finishing tool (upscale, remove-background, replace-background, expand, inpaint) ' +
                "is created here too: `model` is the tool's id and its source picture (an upload or " +
                "a result of the person's own) is the URL in its source parameter (`image`; " +
                "inpaint's mask upload in `mask`). A tool's price may depend on the picture's size. " +
                "A request made from a result is linked to it (the record's `source_id`)."
              : " `extend: <video id>` continues one of the person's finished videos: the model " +
                '(one that starts from a picture) starts from its last frame, and once made Kadr ' +
                'joins the two into a new result, free.'),
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

  app.post(
    '/api/joins',
    {
      schema: {
        tags: ['generations'],
        description:
          "Join 2 to 6 of the person's finished videos, in order, each trimmed, with an optional " +
          'cross-fade, into one MP4 (H.264 + AAC): a new result linked to its clips. Free. ' +
          'Honours Idempotency-Key.',
        body: createJoinBodySchema,
        response: {
          200: createGenerationResponseSchema,
          400: problemSchema,
          409: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const key = idempotencyKeyOf(request.headers);
      const created = await generations.createJoin(user, request.body, key);
      if (created.outcome === 'created' || created.outcome === 'replayed') {
        return created.response;
      }
      throw generationProblem(created, requestLocale(request));
    },
  );

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

  app.get(
    '/api/generations/:id/edits',
    {
      schema: {
        tags: ['generations'],
        description:
          'What the person made from one of their generations (lineage): the edits whose `source_id` ' +
          `is this one, newest first, at most ${MAX_LISTED_EDITS}; an edit's own edits are read from ` +
          "it in turn. Anyone else's generation answers 404.",
        params: idParams,
        response: { 200: generationEditsSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const listed = await generations.edits(requireUser(request), request.params.id);
      if (listed.outcome !== 'listed') throw generationProblem(listed, requestLocale(request));
      return listed.edits;
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

/**
 * The estimate of a finishing tool (the catalogue's estimate routes hand tools here): its price
 * depends on the source picture, which only the signed-in person's own files say, so it is the
 * generation service's `quote`, the very figure a create charges.
 */
export function toolEstimator(generations: Pick<GenerationService, 'quote'>) {
  return async (
    request: FastifyRequest,
    type: 'image' | 'video',
    body: Record<string, unknown>,
  ): Promise<number> => {
    const quoted = await generations.quote(requireUser(request), type, body);
    if (quoted.outcome !== 'priced') throw generationProblem(quoted, requestLocale(request));
    return quoted.cost;
  };
}
