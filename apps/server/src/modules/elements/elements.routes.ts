import {
  addElementPicturesBodySchema,
  createElementBodySchema,
  elementListQuerySchema,
  elementListSchema,
  elementSchema,
  noContentSchema,
  problemSchema,
  trainingSchema,
  updateElementBodySchema,
} from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/locale.ts';
import { HttpProblem } from '../../lib/problem.ts';
import { checked } from '../../lib/schema-problem.ts';
import { requireUser } from '../auth/index.ts';
import type { FileUrls } from '../files/index.ts';
import type { ElementOutcome, ElementService } from './element.service.ts';
import { elementProblem } from './elements.problems.ts';
import type { TrainingOutcome, TrainingService } from './training.service.ts';
import { trainingProblem } from './trainings.problems.ts';

export interface ElementRoutesOptions {
  elements: ElementService;
  trainings: TrainingService;
  /** Verifies the signed address the trainer fetches a training's pictures from. */
  urls: Pick<FileUrls, 'verify'>;
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
  const { elements, trainings, urls } = options;
  const trained = (outcome: TrainingOutcome, locale: ReturnType<typeof requestLocale>) => {
    if (outcome.outcome !== 'done') throw trainingProblem(outcome, locale);
    return { training: outcome.training };
  };
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
      return elements.list(
        requireUser(request).id,
        request.query.archived === 'true',
        requestLocale(request),
      );
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
      const locale = requestLocale(request);
      const outcome = await elements.create(requireUser(request).id, request.body, locale);
      return answer(outcome, locale);
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
    async (request) => {
      const locale = requestLocale(request);
      return answer(await elements.get(requireUser(request).id, request.params.id, locale), locale);
    },
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
      const locale = requestLocale(request);
      const outcome = await elements.update(
        requireUser(request).id,
        request.params.id,
        request.body,
        locale,
      );
      return answer(outcome, locale);
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
      const locale = requestLocale(request);
      const outcome = await elements.addPictures(
        requireUser(request).id,
        request.params.id,
        request.body.pictures,
        locale,
      );
      return answer(outcome, locale);
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
      const locale = requestLocale(request);
      const outcome = await elements.removePicture(requireUser(request).id, id, pictureId, locale);
      return answer(outcome, locale);
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

  app.post(
    '/api/elements/:id/training',
    {
      schema: {
        tags,
        description: `Train the character once on its 10–20 pictures (ADR 045): the price is charged now and refunded once if the training fails or is stopped; follow it on the element (\`training\`). Once it succeeded the character runs as \`flux-character\` with \`elements: [id]\`.`,
        params: elementParams,
        response: {
          201: z.object({ training: trainingSchema }),
          402: problemSchema,
          404: problemSchema,
          409: problemSchema,
          422: problemSchema,
          503: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const outcome = await trainings.start(requireUser(request).id, request.params.id, locale);
      return reply.code(201).send(trained(outcome, locale));
    },
  );

  app.post(
    '/api/elements/:id/training/cancel',
    {
      schema: {
        tags,
        description: 'Stop the character’s training under way; its tokens come back once it stops.',
        params: elementParams,
        response: {
          200: z.object({ training: trainingSchema }),
          404: problemSchema,
          409: problemSchema,
        },
      },
    },
    async (request) => {
      const locale = requestLocale(request);
      return trained(
        await trainings.cancel(requireUser(request).id, request.params.id, locale),
        locale,
      );
    },
  );

  // The trainer fetches the pictures from here with the signed address Kadr gave it; no session.
  app.get(
    '/api/trainings/:id/pictures.zip',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.string() }),
        querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { expires, signature } = request.query;
      const stream = urls.verify(id, expires, signature) ? await trainings.zip(id) : undefined;
      if (!stream) throw new HttpProblem(404, 'Not found.');
      return reply.header('content-type', 'application/zip').send(stream);
    },
  );
};
