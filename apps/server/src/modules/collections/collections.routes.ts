import {
  collectionListSchema,
  collectionSchema,
  createCollectionBodySchema,
  generationCollectionsSchema,
  noContentSchema,
  problemSchema,
} from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem } from '../../lib/problem.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import { requireUser } from '../auth/index.ts';
import type {
  CollectionChange,
  CollectionCreation,
  CollectionService,
  CollectionsHolding,
} from './collection.service.ts';

export interface CollectionRoutesOptions {
  collections: CollectionService;
}

const collectionParams = z.object({ id: z.string() });
const itemParams = z.object({ id: z.string(), generationId: z.string() });

/** Every way the collection service turns a request down. */
type CollectionRefusal = Exclude<
  CollectionCreation | CollectionChange | CollectionsHolding,
  { outcome: 'created' | 'changed' | 'found' }
>;

function collectionProblem(refusal: CollectionRefusal): HttpProblem {
  switch (refusal.outcome) {
    case 'name_taken':
      return new HttpProblem(409, 'You already have a collection with this name.', {
        errors: [{ field: 'name', code: 'taken', message: 'is already used' }],
      });
    case 'not_found':
      return new HttpProblem(404, 'Collection or generation not found.');
    default:
      return unhandledOutcome(refusal);
  }
}

/** A person's named collections of generations: list, create, delete, put in and take out. */
export const collectionRoutes: FastifyPluginAsyncZod<CollectionRoutesOptions> = async (
  app,
  options,
) => {
  const { collections } = options;

  app.get(
    '/api/collections',
    {
      schema: {
        tags: ['collections'],
        description: 'The person’s collections by name, each with how many generations it holds.',
        response: { 200: collectionListSchema },
      },
    },
    async (request) => collections.list(requireUser(request)),
  );

  app.post(
    '/api/collections',
    {
      schema: {
        tags: ['collections'],
        description: 'A new collection (names are unique per person, whatever their case).',
        body: createCollectionBodySchema,
        response: { 200: collectionSchema, 400: problemSchema, 409: problemSchema },
      },
    },
    async (request) => {
      const created = await collections.create(requireUser(request), request.body.name);
      if (created.outcome !== 'created') throw collectionProblem(created);
      return created.collection;
    },
  );

  app.delete(
    '/api/collections/:id',
    {
      schema: {
        tags: ['collections'],
        description: 'Delete a collection; the generations in it stay.',
        params: collectionParams,
        response: { 204: noContentSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const removed = await collections.remove(requireUser(request), request.params.id);
      if (removed.outcome !== 'changed') throw collectionProblem(removed);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/collections/:id/items/:generationId',
    {
      schema: {
        tags: ['collections'],
        description: 'Put one of the person’s generations into one of their collections.',
        params: itemParams,
        response: { 204: noContentSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const { id, generationId } = request.params;
      const added = await collections.add(requireUser(request), id, generationId);
      if (added.outcome !== 'changed') throw collectionProblem(added);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/collections/:id/items/:generationId',
    {
      schema: {
        tags: ['collections'],
        description: 'Take a generation out of a collection.',
        params: itemParams,
        response: { 204: noContentSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const { id, generationId } = request.params;
      const taken = await collections.take(requireUser(request), id, generationId);
      if (taken.outcome !== 'changed') throw collectionProblem(taken);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/generations/:generationId/collections',
    {
      schema: {
        tags: ['collections'],
        description: 'Which of the person’s collections hold one of their generations.',
        params: z.object({ generationId: z.string() }),
        response: { 200: generationCollectionsSchema },
      },
    },
    async (request) => {
      const holding = await collections.holding(requireUser(request), request.params.generationId);
      if (holding.outcome !== 'found') throw collectionProblem(holding);
      return { ids: holding.ids };
    },
  );
};
