import {
  brandKitSchema,
  cardCheckSchema,
  cardCsvBodySchema,
  cardCsvQuoteSchema,
  cardCsvSetsSchema,
  cardLimits,
  cardSetBodySchema,
  cardSetListSchema,
  cardSetSchema,
  fileBytesSchema,
  noContentSchema,
  problemSchema,
} from '@kadr/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import { z } from 'zod';
import { attachmentDisposition } from '../../lib/content-disposition.ts';
import { idempotencyKeyOf } from '../../lib/idempotency-key.ts';
import type { Locale } from '../../lib/locale.ts';
import { requestLocale } from '../../lib/locale.ts';
import type { HttpProblem } from '../../lib/problem.ts';
import { checked } from '../../lib/schema-problem.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import { requireUser } from '../auth/index.ts';
import type { BrandKitService } from './brand-kit.service.ts';
import type { CardCsvService } from './card-csv.service.ts';
import type { CardExportService, SetCheck, SetExport, SlideImage } from './card-export.service.ts';
import type { CardSetRemoval, CardSetSave, CardSetService } from './card-set.service.ts';
import {
  csvBatchProblem,
  fieldsProblem,
  issuesProblem,
  setGone,
  setNotFound,
  slideNotFound,
} from './cards.problems.ts';

export interface CardRoutesOptions {
  brandKits: BrandKitService;
  cardSets: CardSetService;
  cardCsv: CardCsvService;
  cardExport: CardExportService;
}

const idParams = z.object({ id: z.string() });
const slideParams = z.object({
  id: z.string(),
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(cardLimits.slides - 1),
});
/** A preview's width: at least a thumbnail's, at most the largest side a marketplace takes. */
const slideQuery = z.object({
  width: z.coerce.number().int().min(120).max(8000).optional(),
  lang: z.string().optional(),
});
const localeQuery = z.object({ lang: z.string().optional() });
const images = {
  'image/jpeg': { schema: fileBytesSchema },
  'image/png': { schema: fileBytesSchema },
};

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

/** The answer to a set that cannot be drawn, checked or exported. */
function drawProblem(
  refusal: Exclude<
    SlideImage | SetCheck | SetExport,
    { outcome: 'rendered' | 'not_modified' | 'checked' | 'exported' }
  >,
  locale: Locale,
): HttpProblem {
  switch (refusal.outcome) {
    case 'not_found':
      return setNotFound(locale);
    case 'no_slide':
      return slideNotFound(locale);
    case 'gone':
      return setGone(locale);
    case 'issues':
      return issuesProblem(refusal.issues, locale);
    default:
      return unhandledOutcome(refusal);
  }
}

/**
 * Marketplace cards (ADR 039): the brand kit, card sets, their rendered slides, the check against
 * the preset and its rules, the zip, and sets from a CSV. Only the CSV's batch spends tokens.
 */
export const cardRoutes: FastifyPluginAsyncZod<CardRoutesOptions> = async (app, options) => {
  const { brandKits, cardSets, cardCsv, cardExport } = options;
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

  app.get(
    '/api/card-sets/:id/slides/:index',
    {
      attachValidation: true,
      schema: {
        tags,
        description:
          'One slide drawn by Kadr at the preset’s size, or narrower with ?width= (a preview; never wider). Free. The ETag changes with anything the drawing depends on; If-None-Match answers 304.',
        params: slideParams,
        querystring: slideQuery,
        response: {
          200: { description: 'The slide as its preset’s format.', content: images },
          304: noContentSchema.check(z.describe('Not modified (If-None-Match).')),
          400: problemSchema,
          404: problemSchema,
          409: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      checked(request);
      const { id, index } = request.params;
      const ifNoneMatch = request.headers['if-none-match'];
      const drawn = await cardExport.slide(user, id, index, {
        width: request.query.width,
        ifNoneMatch,
      });
      // Bytes go out as they are; the response schemas above only document them.
      const raw = reply as FastifyReply;
      switch (drawn.outcome) {
        case 'not_modified':
          raw.header('etag', drawn.etag).header('cache-control', 'private, no-cache');
          return raw.code(304).send();
        case 'rendered':
          raw.header('etag', drawn.etag).header('cache-control', 'private, no-cache');
          raw.header('content-type', drawn.card.mime);
          return raw.send(drawn.card.data);
        default:
          throw drawProblem(drawn, requestLocale(request));
      }
    },
  );

  app.get(
    '/api/card-sets/:id/check',
    {
      schema: {
        tags,
        description:
          'The set checked against its preset: the typed texts against the marketplace’s rules (with their sources), and every drawn file’s size, ratio, bytes, format and colour profile. Free.',
        params: idParams,
        querystring: localeQuery,
        response: { 200: cardCheckSchema, 404: problemSchema, 409: problemSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const locale = requestLocale(request);
      const checkedSet = await cardExport.check(user, request.params.id, locale);
      if (checkedSet.outcome !== 'checked') throw drawProblem(checkedSet, locale);
      return checkedSet.check;
    },
  );

  app.get(
    '/api/card-sets/:id/zip',
    {
      schema: {
        tags,
        description:
          'Every slide drawn at full size in one zip named for the marketplace (kadr-wildberries-<name>.zip: 01-main.jpg…). A set the check finds anything in is refused with 422, each issue listed in `errors`, and no zip is made. Free.',
        params: idParams,
        querystring: localeQuery,
        response: {
          200: {
            description: 'The set as one zip.',
            content: { 'application/zip': { schema: fileBytesSchema } },
          },
          404: problemSchema,
          409: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const locale = requestLocale(request);
      const exported = await cardExport.export(user, request.params.id, locale);
      if (exported.outcome !== 'exported') throw drawProblem(exported, locale);
      const zip = new yazl.ZipFile();
      // JPEG and PNG are compressed already: stored as they are.
      for (const file of exported.files) zip.addBuffer(file.data, file.name, { compress: false });
      zip.end();
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', attachmentDisposition(exported.name));
      reply.header('cache-control', 'private, no-store');
      return (reply as FastifyReply).send(zip.outputStream);
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
