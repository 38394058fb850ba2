import {
  addElementPicturesBodySchema,
  createElementBodySchema,
  elementListQuerySchema,
  elementListSchema,
  elementSchema,
  noContentSchema,
  problemSchema,
  updateElementBodySchema,
} from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/locale.ts';
import { checked } from '../../lib/schema-problem.ts';
import { requireUser } from '../auth/index.ts';
import type { ElementOutcome, ElementService } from './element.service.ts';
import { elementProblem } from './elements.problems.ts';

export interface ElementRoutesOptions {
  elements: ElementService;
}

const tags = ['elements'];
const elementParams = z.object({ id: z.string() });
const pictureParams = z.object({ id: z.string(), pictureId: z.string() });
const refusals = { 400: problemSchema, 404: problemSchema, 409: problemSchema };

/**
 * The person's library of characters and products (issue #47): list, create, change, add and take
 * out pictures, archive, delete. Anyone else's element is a 404, as one that does not exist.
 */
export const elementRoutes: FastifyPluginAsyncZod<ElementRoutesOptions> = async (app, options) => {
  const { elements } = options;
  const answer = (outcome: ElementOutcome, locale: ReturnType<typeof requestLocale>) => {
    if (outcome.outcome !== 'done') throw elementProblem(outcome, locale);
    return outcome.element;
  };

  app.get(
    '/api/elements',
    {
      attachValidation: true,
      schema: {
        tags,
        description:
          'The person’s elements in use (`archived=true`: the archived ones), latest changed first.',
        querystring: elementListQuerySchema,
        response: { 200: elementListSchema, 400: problemSchema },
      },
    },
    async (request) => {
      checked(request);
      return elements.list(requireUser(request).id, request.query.archived === 'true');
    },
  );

  app.post(
    '/api/elements',
    {
      attachValidation: true,
      schema: {
        tags,
        description:
          'A new character or product from 1–20 of the person’s pictures (uploads or image results; a result is copied).',
        body: createElementBodySchema,
        response: { 200: elementSchema, ...refusals },
      },
    },
    async (request) => {
      checked(request);
      const outcome = await elements.create(requireUser(request).id, request.body);
      return answer(outcome, requestLocale(request));
    },
  );

  app.get(
    '/api/elements/:id',
    {
      schema: {
        tags,
        description: 'One of the person’s elements.',
        params: elementParams,
        response: { 200: elementSchema, 404: problemSchema },
      },
    },
    async (request) =>
      answer(
        await elements.get(requireUser(request).id, request.params.id),
        requestLocale(request),
      ),
  );

  app.patch(
    '/api/elements/:id',
    {
      attachValidation: true,
      schema: {
        tags,
        description: 'Rename, describe, choose the cover, archive or bring back an element.',
        params: elementParams,
        body: updateElementBodySchema,
        response: { 200: elementSchema, ...refusals },
      },
    },
    async (request) => {
      checked(request);
      const outcome = await elements.update(
        requireUser(request).id,
        request.params.id,
        request.body,
      );
      return answer(outcome, requestLocale(request));
    },
  );

  app.post(
    '/api/elements/:id/pictures',
    {
      attachValidation: true,
      schema: {
        tags,
        description: 'Add pictures after the element’s last one (20 at most in all).',
        params: elementParams,
        body: addElementPicturesBodySchema,
        response: { 200: elementSchema, ...refusals },
      },
    },
    async (request) => {
      checked(request);
      const outcome = await elements.addPictures(
        requireUser(request).id,
        request.params.id,
        request.body.pictures,
      );
      return answer(outcome, requestLocale(request));
    },
  );

  app.delete(
    '/api/elements/:id/pictures/:pictureId',
    {
      schema: {
        tags,
        description:
          'Take a picture out of an element (its last one stays); results that used it keep it.',
        params: pictureParams,
        response: { 200: elementSchema, 404: problemSchema, 409: problemSchema },
      },
    },
    async (request) => {
      const { id, pictureId } = request.params;
      const outcome = await elements.removePicture(requireUser(request).id, id, pictureId);
      return answer(outcome, requestLocale(request));
    },
  );

  app.delete(
    '/api/elements/:id',
    {
      schema: {
        tags,
        description: 'Delete an element; results made with it, and its pictures, stay.',
        params: elementParams,
        response: { 204: noContentSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const removed = await elements.remove(requireUser(request).id, request.params.id);
      if (removed.outcome !== 'deleted') throw elementProblem(removed, requestLocale(request));
      return reply.code(204).send(null);
    },
  );
};
