import {
  batchBodySchema,
  batchQuoteSchema,
  batchSchema,
  fileBytesSchema,
  problemSchema,
} from '@kadr/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import { z } from 'zod';
import { idempotencyKeyOf } from '../../lib/idempotency-key.ts';
import { HttpProblem } from '../../lib/problem.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import { StorageUnavailableError } from '../../providers/storage/storage.ts';
import { requireUser } from '../auth/index.ts';
import { generationProblem } from '../generations/index.ts';
import type {
  BatchFiles,
  BatchLookup,
  BatchQuote,
  BatchService,
  BatchStart,
} from './batch.service.ts';

export interface BatchRoutesOptions {
  batches: BatchService;
}

const idParams = z.object({ id: z.string() });

/** Every way the batch service refuses. */
type BatchRefusal = Exclude<
  BatchQuote | BatchStart | BatchLookup | BatchFiles,
  { outcome: 'quoted' | 'started' | 'replayed' | 'found' }
>;

/**
 * The HTTP answer to each refusal of the batch service: an item's refusal is the one a create makes
 * (a switched-off model named in English, as a batch's checks always were).
 */
function batchProblem(refusal: BatchRefusal): HttpProblem {
  switch (refusal.outcome) {
    case 'invalid':
    case 'model_off':
    case 'key_reused':
      return generationProblem(refusal, 'en');
    case 'insufficient_tokens':
      return generationProblem({ outcome: 'insufficient_tokens', required: refusal.total }, 'en');
    case 'not_found':
      return new HttpProblem(404, 'Batch not found.');
    default:
      return unhandledOutcome(refusal);
  }
}

/** The batch a lookup found, or its problem. */
function foundBatch(lookup: BatchLookup) {
  if (lookup.outcome !== 'found') throw batchProblem(lookup);
  return lookup.batch;
}

/** Batches: quote, start, follow, release, cancel the waiting items, and download as one zip. */
export const batchRoutes: FastifyPluginAsyncZod<BatchRoutesOptions> = async (app, options) => {
  const { batches } = options;
  const problems = { 400: problemSchema, 402: problemSchema, 404: problemSchema };

  app.post(
    '/api/batches/quote',
    {
      schema: {
        tags: ['batches'],
        description: 'Each item’s price and the one total, with every check a create makes.',
        body: batchBodySchema,
        response: { 200: batchQuoteSchema, 400: problemSchema },
      },
    },
    async (request) => {
      const quoted = await batches.quote(requireUser(request), request.body);
      if (quoted.outcome !== 'quoted') throw batchProblem(quoted);
      return { items: quoted.items, total: quoted.total };
    },
  );

  app.post(
    '/api/batches',
    {
      schema: {
        tags: ['batches'],
        description:
          'Start a batch: the balance must cover its total; items start as generations while the running cap allows, the rest wait. Honours Idempotency-Key: the same key and body again answer the same batch, charged once.',
        body: batchBodySchema,
        response: { 200: batchSchema, ...problems, 409: problemSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const started = await batches.create(user, request.body, idempotencyKeyOf(request.headers));
      if (started.outcome === 'started' || started.outcome === 'replayed') return started.batch;
      throw batchProblem(started);
    },
  );

  app.get(
    '/api/batches/:id',
    {
      schema: {
        tags: ['batches'],
        params: idParams,
        response: { 200: batchSchema, 404: problemSchema },
      },
    },
    async (request) => foundBatch(await batches.read(requireUser(request), request.params.id)),
  );

  app.post(
    '/api/batches/:id/release',
    {
      schema: {
        tags: ['batches'],
        description: 'Start the waiting items the running cap now allows.',
        params: idParams,
        response: { 200: batchSchema, 404: problemSchema },
      },
    },
    async (request) => foundBatch(await batches.release(requireUser(request), request.params.id)),
  );

  app.post(
    '/api/batches/:id/cancel',
    {
      schema: {
        tags: ['batches'],
        description: 'Cancel the items still waiting; started ones are cancelled as generations.',
        params: idParams,
        response: { 200: batchSchema, 404: problemSchema },
      },
    },
    async (request) => foundBatch(await batches.cancel(requireUser(request), request.params.id)),
  );

  app.get(
    '/api/batches/:id/zip',
    {
      schema: {
        tags: ['batches'],
        description: 'Everything the batch made, as one zip.',
        params: idParams,
        response: {
          200: {
            description: 'A zip of the completed outputs.',
            content: { 'application/zip': { schema: fileBytesSchema } },
          },
          404: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const files = await batches.files(requireUser(request), request.params.id);
      if (files.outcome !== 'found') throw batchProblem(files);
      const { batch, entries } = files;
      if (entries.length === 0) throw new HttpProblem(404, 'This batch has no results yet.');
      // The first file is opened before answering: a store that is away is a 503 now, not a zip
      // cut off after its 200. Anything else about it is met where the zip reaches it, as before.
      const first = await entries[0]?.open().catch((error: unknown) => {
        if (error instanceof StorageUnavailableError) throw error;
        return undefined;
      });
      // A download given up before the zip reached it does not hold the store's connection.
      reply.raw.once('close', () => first?.destroy());
      const zip = new yazl.ZipFile();
      // Pictures and videos are compressed already: stored as they are.
      // Each file is opened when the zip reaches it (one at a time, from any store).
      entries.forEach((entry, index) => {
        zip.addReadStreamLazy(entry.name, { compress: false, size: entry.bytes }, (callback) => {
          const opened = index === 0 && first ? Promise.resolve(first) : entry.open();
          opened.then(
            (stream) => callback(null, stream),
            (error: Error) => callback(error, undefined as never),
          );
        });
      });
      zip.end();
      const day = batch.created.toISOString().slice(0, 10).replaceAll('-', '');
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', `attachment; filename="kadr-batch-${day}.zip"`);
      reply.header('cache-control', 'private, no-store');
      // A stream is sent as it is; the response schema above only documents it.
      return (reply as FastifyReply).send(zip.outputStream);
    },
  );
};
