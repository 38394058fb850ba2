import multipart from '@fastify/multipart';
import { recordingMaxSeconds, videoJoin } from '@kadr/catalog';
import {
  type ApiProblemCode,
  apiAddElementPicturesBodySchema,
  apiBalanceSchema,
  apiCreateBodySchema,
  apiCreateElementBodySchema,
  apiCreateJoinBodySchema,
  apiElementListQuerySchema,
  apiElementListSchema,
  apiElementSchema,
  apiEstimateBodySchema,
  apiEstimateSchema,
  apiGenerationListQuerySchema,
  apiGenerationListSchema,
  apiGenerationSchema,
  apiModelListSchema,
  apiPageQuerySchema,
  apiProblemSchema,
  apiRecordingSchema,
  apiStatementSchema,
  apiStyleListSchema,
  apiUploadSchema,
  type FieldError,
  fileBytesSchema,
  noContentSchema,
  storedFileTypes,
} from '@kadr/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../lib/content-disposition.ts';
import { idempotencyKeyOf } from '../../lib/idempotency-key.ts';
import { type Locale, requestLocale } from '../../lib/locale.ts';
import { HttpProblem } from '../../lib/problem.ts';
import { issueText } from '../../lib/schema-problem.ts';
import { sendObject } from '../../lib/send-object.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import {
  PROBLEM_CONTENT_TYPE,
  sendUnavailable,
  unavailableDependency,
} from '../../plugins/errors.ts';
import type { ApiKeyContext } from '../keys/index.ts';
import {
  apiProblem,
  codeForStatus,
  codeText,
  createProblem,
  elementProblem,
  invalidRequest,
  outputProblem,
  tooMany,
  unavailable,
} from './v1.problems.ts';
import type { ApiCreateOutcome, ApiElementOutcome, ApiV1Service } from './v1.service.ts';

export interface V1RoutesOptions {
  v1: ApiV1Service;
  /** Largest upload, in bytes. */
  maxUploadBytes: number;
  publicUrl: string;
}

const tags = ['v1'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string().max(64) });
const outputParams = z.object({
  id: z.string().max(64),
  index: z.coerce.number().int().min(0).max(99),
});

/** The problems every key-authenticated route can answer, and its own. */
function problems(...statuses: number[]) {
  const all = new Set([401, 403, 429, 500, 503, ...statuses]);
  return Object.fromEntries([...all].map((status) => [status, apiProblemSchema]));
}

const bytes = Object.fromEntries(
  storedFileTypes.map((type) => [type, { schema: fileBytesSchema }]),
);

/** The key of a request that passed the bearer check (v1.plugin.ts); never absent on v1. */
function keyOf(request: FastifyRequest): { user: { id: string }; key: ApiKeyContext } {
  const key = request.apiKey;
  if (!key || !request.user) throw apiProblem('unauthorized', requestLocale(request));
  return { user: request.user, key };
}

/** A v1 problem body: a code on every answer, the detail in the request's language. */
function asApiProblem(
  error: FastifyError | HttpProblem,
  locale: Locale,
  route: string | undefined,
): HttpProblem {
  if (error instanceof HttpProblem) {
    if (error.members?.code !== undefined) return error;
    const code = codeForStatus(error.status, error.type);
    if (code === 'rate_limited' || code === 'too_many_running') {
      return tooMany(code, locale, Number(error.headers?.['retry-after'] ?? 60), error.limit ?? 0);
    }
    return apiProblem(code, locale, {
      ...(code === 'invalid_request' && error.errors ? { errors: error.errors } : {}),
      ...(code === 'invalid_request' && error.errors
        ? { detail: invalidRequest(error.errors, locale).detail ?? codeText(code, locale) }
        : {}),
      ...(error.headers ? { headers: error.headers } : {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldError[] = error.validation.map((issue) => ({
      field:
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
        (error.validationContext ?? 'body'),
      code: issue.keyword,
      message: issueText(issue.keyword, issue.params as Parameters<typeof issueText>[1], locale),
    }));
    return invalidRequest(errors, locale);
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  const said = bodyProblemDetail(error.code, locale, route);
  return apiProblem(codeForStatus(status, ''), locale, said ? { detail: said } : {});
}

/** JSON bodies above this are refused before they are read (the app's `bodyLimit`). */
const jsonBodyLimitBytes = 1024 * 1024;

/**
 * What was wrong with a body Fastify refused before any route read it (issue #51): a form or
 * other type where JSON was wanted, a JSON body over the limit, JSON that does not parse. The
 * uploads' own refusals (a file too large, not a picture) are their routes' and never come here.
 */
function bodyProblemDetail(
  code: string | undefined,
  locale: Locale,
  route: string | undefined,
): string | undefined {
  const ru = locale === 'ru';
  const file = route?.endsWith('/uploads')
    ? 'image'
    : route?.endsWith('/recordings')
      ? 'audio'
      : null;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      if (file) {
        return ru
          ? `Этот запрос принимает multipart/form-data с одним файлом в поле ${file}.`
          : `This request takes multipart/form-data with one file in the field ${file}.`;
      }
      return ru
        ? 'Этот запрос принимает тело в JSON (Content-Type: application/json). Файлы загружаются отдельно: POST /api/v1/uploads.'
        : 'This request takes a JSON body (Content-Type: application/json). Files are uploaded on their own: POST /api/v1/uploads.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return ru
        ? `Тело запроса больше ${jsonBodyLimitBytes / 1024 / 1024} МБ: столько JSON не нужно ни одному запросу. Картинки передаются адресом (POST /api/v1/uploads), не в теле.`
        : `The request body is over ${jsonBodyLimitBytes / 1024 / 1024} MB, more JSON than any request needs. Pictures are passed by address (POST /api/v1/uploads), not in the body.`;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return ru ? 'Тело запроса — не JSON.' : 'The request body is not valid JSON.';
    default:
      return undefined;
  }
}

function sendProblem(reply: FastifyReply, problem: HttpProblem) {
  if (problem.headers) reply.headers(problem.headers);
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem.toJSON());
}

/**
 * `/api/v1` (ADR 040): the versioned surface for code, with a bearer key (v1.plugin.ts). Every
 * error is problem+json with a stable `code` (`apiProblemCodes`) and a detail in the request's
 * language. Registered with the prefix `/api/v1`, so its error and not-found handlers are its own.
 */
export const v1Routes: FastifyPluginAsyncZod<V1RoutesOptions> = async (app, options) => {
  const { v1 } = options;

  app.setErrorHandler((error: FastifyError | HttpProblem, request, reply) => {
    const away = unavailableDependency(error);
    if (away) {
      return sendUnavailable(
        request,
        reply,
        away,
        error,
        unavailable(away, requestLocale(request)),
      );
    }
    const problem = asApiProblem(error, requestLocale(request), request.routeOptions.url);
    if (problem.status >= 500) request.log.error({ err: error }, 'v1 request failed');
    return sendProblem(reply, problem);
  });
  app.setNotFoundHandler(v1NotFound);

  /** A create's (or a join's) answer: 201 made, 200 replayed, else its refusal as a problem. */
  const answerCreate = async (
    request: FastifyRequest,
    reply: FastifyReply,
    created: ApiCreateOutcome,
  ) => {
    if (created.outcome === 'created') return reply.code(201).send(created.generation);
    if (created.outcome === 'replayed') return reply.code(200).send(created.generation);
    const key = keyOf(request).key;
    const spent =
      created.outcome === 'spend_limit'
        ? (await v1.spent(key))[created.period === 'daily' ? 'today' : 'month']
        : 0;
    throw createProblem(created, requestLocale(request), { spent, now: new Date() });
  };

  const notFound = (request: FastifyRequest) => {
    const locale = requestLocale(request);
    return apiProblem('not_found', locale, {
      detail: locale === 'ru' ? 'Генерация не найдена.' : 'Generation not found.',
    });
  };

  app.get(
    '/models',
    {
      schema: {
        tags,
        security,
        operationId: 'listModels',
        description:
          'Every model and finishing tool the key may run (a key with allowed models: those only), ' +
          'from the catalogue: parameters, price rule, the least it costs, typical time, and ' +
          'whether it is available now. Texts in the request language (`Accept-Language`).',
        response: { 200: apiModelListSchema, ...problems() },
      },
    },
    async (request) => ({
      items: await v1.models(requestLocale(request), keyOf(request).key),
    }),
  );

  app.get(
    '/styles',
    {
      schema: {
        tags,
        security,
        operationId: 'listStyles',
        description:
          'The style presets: pass an `id` as `style` on a create or an estimate. A style adds ' +
          'words to the prompt the model reads (after translation) and nothing to the price; it ' +
          'suits the models it lists. Texts in the request language (`Accept-Language`).',
        response: { 200: apiStyleListSchema, ...problems() },
      },
    },
    async (request) => ({ items: v1.styles(requestLocale(request)) }),
  );

  app.post(
    '/estimate',
    {
      schema: {
        tags,
        security,
        operationId: 'estimate',
        description:
          'What a create with this very body would cost now, and the balance: it takes every ' +
          'field a create takes and refuses what the create would refuse (a bad `webhook_url`, ' +
          "an unknown `style`). A model outside the key's allowed list is 403 `forbidden`, as " +
          'its create would be. With `extend`, the clip is checked as the create would check ' +
          "it, and the price is the model's own.",
        body: apiEstimateBodySchema,
        response: { 200: apiEstimateSchema, ...problems(400, 409) },
      },
    },
    async (request) => {
      const { user, key } = keyOf(request);
      const locale = requestLocale(request);
      const priced = await v1.estimate(user, key, request.body);
      switch (priced.outcome) {
        case 'priced':
          return { model: priced.model, cost: priced.cost, balance: priced.balance };
        case 'invalid':
        case 'model_off':
        case 'model_not_allowed':
          throw createProblem(priced, locale, { spent: 0, now: new Date() });
        default:
          return unhandledOutcome(priced);
      }
    },
  );

  app.post(
    '/generations',
    {
      schema: {
        tags,
        security,
        operationId: 'createGeneration',
        description:
          "Charge the catalogue price and start a generation (the model's type decides image or " +
          'video; a tool makes an image). Answers 201 with the pending generation. With an ' +
          '`Idempotency-Key` header, the same key and body again answers the same generation with ' +
          '200 and charges nothing; another body with that key is 409 `idempotency_key_reused`. ' +
          "Refused before anything is charged: a model outside the key's allowed list (403 " +
          "`forbidden`), the key's spend limits (402 `spend_limit_daily` / `spend_limit_monthly`, " +
          'with `limit`, `spent`, `resets_at`), the balance (402 `insufficient_tokens`). ' +
          "`extend` (one of the owner's finished videos) continues that clip: a model that " +
          "starts from a picture starts from the clip's last frame, priced as any of its " +
          'generations; once it is made, Kadr joins the clip and the continuation into a new ' +
          'generation of model `join` (free, listed by `GET /generations`, its `source_id` the ' +
          "clip). Another person's or an unfinished clip, or a model that cannot continue one, " +
          'is 400 `invalid_request` naming `extend` or `model`. A talking character (model ' +
          "`omni-human`) takes `parameters.image` (a picture of the owner's) and " +
          '`parameters.audio` (a recording from `POST /recordings`): the video lasts as long as ' +
          'the recording and costs its seconds, rounded up; it takes no `duration`.',
        body: apiCreateBodySchema,
        response: {
          200: apiGenerationSchema,
          201: apiGenerationSchema,
          ...problems(400, 402, 409),
        },
      },
    },
    async (request, reply) => {
      const { user, key } = keyOf(request);
      const idempotency = idempotencyKeyOf(request.headers);
      return answerCreate(
        request,
        reply,
        await v1.create(user, key, request.body, idempotency, requestLocale(request)),
      );
    },
  );

  const { clips, crossfade, minClipMs, maxDurationMs } = videoJoin;
  app.post(
    '/joins',
    {
      schema: {
        tags,
        security,
        operationId: 'createJoin',
        description:
          `Join ${clips.min} to ${clips.max} of the key owner's finished videos (\`clips[].id\`, ` +
          "their generation ids), in order, into one MP4 (H.264 + AAC, at the first clip's size): " +
          'each clip trimmed from `start_ms` to `end_ms` (milliseconds; the whole clip when ' +
          `absent; at least ${minClipMs} ms kept), with an optional \`crossfade_ms\` between ` +
          `clips (0, a straight cut, by default; at most ${crossfade.maxMs} and shorter than ` +
          `every clip); at most ${maxDurationMs / 60_000} minutes in all. Its length is the ` +
          "kept lengths less one cross-fade per cut. It is Kadr's own work, not a model's: " +
          "free (cost 0, no statement entry, nothing counted against the key's spend limits) " +
          'and allowed with every key, whatever its allowed models. Answers 201 with the pending ' +
          'generation of model `join` (its `source_id` is the first clip); wait for it and ' +
          "download its output as any generation's. `Idempotency-Key` as a create: the same key " +
          'and body again answers the same join with 200; another body with that key is 409 ' +
          "`idempotency_key_reused`. A clip that is not one of the owner's finished videos, too " +
          'few or too many clips, a trim or cross-fade out of bounds: 400 `invalid_request` ' +
          'naming the field (`clips.<i>.id`, `clips.<i>`, `clips`, `crossfade_ms`).',
        body: apiCreateJoinBodySchema,
        response: {
          200: apiGenerationSchema,
          201: apiGenerationSchema,
          ...problems(400, 409),
        },
      },
    },
    async (request, reply) => {
      const { user, key } = keyOf(request);
      const idempotency = idempotencyKeyOf(request.headers);
      return answerCreate(
        request,
        reply,
        await v1.createJoin(user, key, request.body, idempotency, requestLocale(request)),
      );
    },
  );

  app.get(
    '/generations',
    {
      schema: {
        tags,
        security,
        operationId: 'listGenerations',
        description:
          "The key owner's generations (made in the studio or with any key), newest first. Pass " +
          '`next_cursor` as `cursor` for the next page; it is null on the last.',
        querystring: apiGenerationListQuerySchema,
        response: { 200: apiGenerationListSchema, ...problems(400) },
      },
    },
    async (request) => {
      const { user, key } = keyOf(request);
      const listed = await v1.list(user, key, request.query, requestLocale(request));
      if (listed.outcome === 'listed') return listed.list;
      throw badCursor(request);
    },
  );

  app.get(
    '/generations/:id',
    {
      schema: {
        tags,
        security,
        operationId: 'getGeneration',
        description: "One of the key owner's generations; anyone else's is 404 `not_found`.",
        params: idParams,
        response: { 200: apiGenerationSchema, ...problems(404) },
      },
    },
    async (request) => {
      const { user, key } = keyOf(request);
      const read = await v1.read(user, request.params.id, requestLocale(request), key);
      if (read.outcome !== 'found') throw notFound(request);
      return read.generation;
    },
  );

  app.post(
    '/generations/:id/cancel',
    {
      schema: {
        tags,
        security,
        operationId: 'cancelGeneration',
        description:
          'Stop a running generation: it fails as canceled and its tokens are refunded in full. A ' +
          'finished one is 409 `conflict`.',
        params: idParams,
        response: { 200: apiGenerationSchema, ...problems(404, 409) },
      },
    },
    async (request) => {
      const canceled = await v1.cancel(
        keyOf(request).user,
        keyOf(request).key,
        request.params.id,
        requestLocale(request),
      );
      if (canceled.outcome === 'found') return canceled.generation;
      if (canceled.outcome === 'finished') throw apiProblem('conflict', requestLocale(request));
      throw notFound(request);
    },
  );

  app.get(
    '/generations/:id/outputs/:index',
    {
      schema: {
        tags,
        security,
        operationId: 'downloadOutput',
        description:
          "An output's bytes (`outputs[].url`), with its content type and a download name; one " +
          'byte range is honoured. A generation still running, failed or canceled has no ' +
          'outputs: 409 `conflict`, saying which; an index past its outputs is 404 `not_found`, ' +
          'saying how many it has.',
        params: outputParams,
        response: {
          200: { description: 'The whole file.', content: bytes },
          206: { description: 'The requested range of the file.', content: bytes },
          ...problems(400, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { user, key } = keyOf(request);
      const locale = requestLocale(request);
      const output = await v1.output(user, key, request.params.id, request.params.index, locale);
      if (output.outcome === 'not_found') throw notFound(request);
      if (output.outcome !== 'found') throw outputProblem(output, locale);
      reply.header('content-type', output.mime);
      reply.header('content-disposition', attachmentDisposition(output.name));
      reply.header('cache-control', 'private, no-store');
      return sendObject(request, reply, output.object);
    },
  );

  // Multipart only where it is read: @fastify/multipart adds hooks to every route of its context
  // (a listener and two async hooks per request), which the other v1 routes need not pay.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: options.maxUploadBytes, files: 1, fields: 0, parts: 2, headerPairs: 50 },
    });
    uploads.post(
      '/uploads',
      {
        schema: {
          tags,
          security,
          operationId: 'uploadImage',
          description:
            'A picture (multipart/form-data, field `image`: JPEG, PNG, GIF or WebP) to use as a ' +
            "model's or tool's `file` parameter: pass the answer's `url`.",
          consumes: ['multipart/form-data'],
          response: { 201: apiUploadSchema, ...problems(400, 413, 415) },
        },
      },
      async (request, reply) => {
        const { user } = keyOf(request);
        const locale = requestLocale(request);
        const field = fieldProblem(locale, 'image');
        const data = await readUpload(request, locale, 'image', options.maxUploadBytes);
        const stored = await v1.upload(user, data);
        switch (stored.outcome) {
          case 'stored':
            return reply.code(201).send(stored.upload);
          case 'empty':
            throw field(
              'invalid_request',
              locale === 'ru' ? 'Файл пустой.' : 'The file is empty.',
              'empty',
              'is empty',
            );
          case 'unsupported_type':
          case 'undecodable':
            throw field(
              'unsupported_media_type',
              codeText('unsupported_media_type', locale),
              stored.outcome,
              'must be a JPEG, PNG, GIF or WebP picture',
            );
          default:
            return unhandledOutcome(stored);
        }
      },
    );

    uploads.post(
      '/recordings',
      {
        schema: {
          tags,
          security,
          operationId: 'uploadRecording',
          description:
            "A recording for a talking character's `audio` parameter (model `omni-human`): " +
            `multipart/form-data, field \`audio\`: MP3, WAV, M4A, AAC or Ogg, 1 to ${recordingMaxSeconds} ` +
            `seconds, at most ${Math.round(options.maxUploadBytes / 1024 / 1024)} MB. Kadr keeps it ` +
            'as an MP3 (its sound only, no metadata) and answers its `url` and `duration_ms`: the ' +
            'video lasts as long, and is charged by its seconds, rounded up.',
          consumes: ['multipart/form-data'],
          response: { 201: apiRecordingSchema, ...problems(400, 413, 415) },
        },
      },
      async (request, reply) => {
        const { user } = keyOf(request);
        const locale = requestLocale(request);
        const ru = locale === 'ru';
        const field = fieldProblem(locale, 'audio');
        const data = await readUpload(request, locale, 'audio', options.maxUploadBytes);
        const stored = await v1.record(user, data);
        switch (stored.outcome) {
          case 'stored':
            return reply.code(201).send(stored.recording);
          case 'empty':
            throw field(
              'invalid_request',
              ru ? 'Файл пустой.' : 'The file is empty.',
              'empty',
              'is empty',
            );
          case 'unsupported_type':
          case 'undecodable':
            throw field(
              'unsupported_media_type',
              ru
                ? 'Подойдут только записи MP3, WAV, M4A, AAC и Ogg, в которых есть звук.'
                : 'Only MP3, WAV, M4A, AAC and Ogg recordings with sound in them can be used.',
              stored.outcome,
              'must be an MP3, WAV, M4A, AAC or Ogg recording',
            );
          case 'too_short':
            throw field(
              'invalid_request',
              ru ? 'Запись короче секунды.' : 'The recording is shorter than a second.',
              'too_short',
              'must last at least 1 s',
            );
          case 'too_long':
            throw field(
              'invalid_request',
              ru
                ? `Запись длиннее ${recordingMaxSeconds} секунд.`
                : `The recording is longer than ${recordingMaxSeconds} seconds.`,
              'too_long',
              `must last at most ${recordingMaxSeconds} s`,
            );
          default:
            return unhandledOutcome(stored);
        }
      },
    );
  });

  const element = (request: FastifyRequest, outcome: ApiElementOutcome) => {
    if (outcome.outcome !== 'done') throw elementProblem(outcome, requestLocale(request));
    return outcome.element;
  };

  app.get(
    '/elements',
    {
      schema: {
        tags,
        security,
        operationId: 'listElements',
        description:
          "The key owner's library of characters and products (the studio's own), latest changed " +
          'first: the ones in use, or with `archived=true` the archived ones.',
        querystring: apiElementListQuerySchema,
        response: { 200: apiElementListSchema, ...problems(400) },
      },
    },
    async (request) => v1.elements(keyOf(request).user, request.query.archived === 'true'),
  );

  app.get(
    '/elements/:id',
    {
      schema: {
        tags,
        security,
        operationId: 'getElement',
        description: "One of the key owner's elements; anyone else's is 404 `not_found`.",
        params: idParams,
        response: { 200: apiElementSchema, ...problems(404) },
      },
    },
    async (request) => element(request, await v1.element(keyOf(request).user, request.params.id)),
  );

  app.post(
    '/elements',
    {
      schema: {
        tags,
        security,
        operationId: 'createElement',
        description:
          "A new character or product from 1–20 of the key owner's pictures, each given by its Kadr " +
          "URL: an upload (`POST /api/v1/uploads`), an image result (an output's `url`; it is " +
          'copied, so deleting the generation later leaves the element whole) or another ' +
          "element's picture. Answers 201 with the element. A picture that is not the owner's is " +
          '400 `invalid_request` naming `pictures.<i>`; a name another of their elements has ' +
          '(whatever its case) is 409 `conflict` naming `name`. Costs no tokens.',
        body: apiCreateElementBodySchema,
        response: { 201: apiElementSchema, ...problems(400, 409) },
      },
    },
    async (request, reply) => {
      const { user, key } = keyOf(request);
      const created = await v1.createElement(user, key, request.body);
      return reply.code(201).send(element(request, created));
    },
  );

  app.post(
    '/elements/:id/pictures',
    {
      schema: {
        tags,
        security,
        operationId: 'addElementPictures',
        description:
          "Add pictures after the element's last one, given as a create's are (one it holds " +
          'already is kept once). More than 20 in all is 400 `invalid_request` with `limit`, and ' +
          'adds none.',
        params: idParams,
        body: apiAddElementPicturesBodySchema,
        response: { 200: apiElementSchema, ...problems(400, 404) },
      },
    },
    async (request) => {
      const { user, key } = keyOf(request);
      return element(
        request,
        await v1.addElementPictures(user, key, request.params.id, request.body.pictures),
      );
    },
  );

  app.delete(
    '/elements/:id',
    {
      schema: {
        tags,
        security,
        operationId: 'deleteElement',
        description:
          "Delete an element (204). Its pictures stay the owner's files, and results made with " +
          'it keep them.',
        params: idParams,
        response: { 204: noContentSchema, ...problems(404) },
      },
    },
    async (request, reply) => {
      const removed = await v1.deleteElement(keyOf(request).user, request.params.id);
      if (removed.outcome !== 'deleted') throw elementProblem(removed, requestLocale(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/balance',
    {
      schema: {
        tags,
        security,
        operationId: 'getBalance',
        description:
          "The owner's balance in tokens (the studio's and the API's alike) and the key's own " +
          'settings — the models it may run (null: all), what it sees (`scope`: its own ' +
          "generations or the whole account's) — and limits, with what it spent today and " +
          'this month (UTC).',
        response: { 200: apiBalanceSchema, ...problems() },
      },
    },
    async (request) => {
      const { user, key } = keyOf(request);
      return v1.balance(user, key);
    },
  );

  app.get(
    '/statement',
    {
      schema: {
        tags,
        security,
        operationId: 'getStatement',
        description:
          "The owner's token statement, newest first: every credit and debit with the balance " +
          'right after it. Pass `next_cursor` as `cursor` for the next page.',
        querystring: apiPageQuerySchema,
        response: { 200: apiStatementSchema, ...problems(400) },
      },
    },
    async (request) => {
      const listed = await v1.statement(keyOf(request).user, request.query);
      if (listed.outcome === 'listed') return listed.statement;
      throw badCursor(request);
    },
  );

  let document: ReturnType<typeof v1Document> | undefined;
  app.get(
    '/openapi.json',
    {
      schema: {
        tags,
        security: [],
        operationId: 'getOpenApi',
        description: 'This OpenAPI 3.1 document of `/api/v1` (no key needed).',
        response: {
          200: {
            description: 'The OpenAPI document.',
            content: { 'application/json': { schema: z.object({}).loose() } },
          },
        },
      },
    },
    async () => {
      document ??= v1Document(app.swagger() as unknown as OpenApiDocument, options.publicUrl);
      return document;
    },
  );
};

/**
 * An unknown v1 address, method, or a CORS preflight (no allowance is ever given): 404 `not_found`.
 * The app's own not-found handler sends v1 addresses here too (a GET reaches it through the web
 * app's catch-all route).
 */
export function v1NotFound(request: FastifyRequest, reply: FastifyReply) {
  const locale = requestLocale(request);
  const where = `${request.method} ${request.url.split('?')[0]}`;
  return sendProblem(
    reply,
    apiProblem('not_found', locale, {
      detail: locale === 'ru' ? `Нет такого адреса: ${where}` : `No route for ${where}`,
    }),
  );
}

function badCursor(request: FastifyRequest): HttpProblem {
  const locale = requestLocale(request);
  return invalidRequest(
    [
      {
        field: 'cursor',
        code: 'invalid_cursor',
        message:
          locale === 'ru'
            ? 'не курсор этого списка: передайте next_cursor из предыдущей страницы'
            : "is not this list's cursor: pass the previous page's next_cursor",
      },
    ],
    locale,
  );
}

interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, unknown>;
  components?: Record<string, unknown>;
}

type Operation = {
  operationId?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, unknown> }>;
};

/**
 * What the route schemas cannot say and the document must: a problem's media type (every 4xx and
 * 5xx is `application/problem+json`), the `Idempotency-Key` header of a create and a join, the
 * upload's body.
 */
function completed(operation: Operation): Operation {
  const responses = Object.fromEntries(
    Object.entries(operation.responses ?? {}).map(([status, response]) => {
      const json = response.content?.['application/json'];
      return [
        status,
        Number(status) >= 400 && json !== undefined
          ? { ...response, content: { 'application/problem+json': json } }
          : response,
      ];
    }),
  );
  const extra: Operation = {};
  if (operation.operationId === 'createGeneration' || operation.operationId === 'createJoin') {
    extra.parameters = [
      ...(operation.parameters ?? []),
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          '1–255 printable ASCII characters. The same key with the same body answers the same ' +
          'generation, made and charged once (200); with another body, 409 ' +
          '`idempotency_key_reused`. It belongs to the API key that sent it (two keys never meet ' +
          "each other's) and answers for 24 hours; after that it is free again.",
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
      },
    ];
  }
  // The uploads' one file field: a picture's `image`, a recording's `audio`.
  const fileField = { uploadImage: 'image', uploadRecording: 'audio' }[operation.operationId ?? ''];
  if (fileField) {
    extra.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { [fileField]: { type: 'string', format: 'binary' } },
            required: [fileField],
          },
        },
      },
    };
  }
  return { ...operation, responses, ...extra };
}

/** The main document cut to `/api/v1`, with the bearer scheme (ADR 040). */
function v1Document(full: OpenApiDocument, publicUrl: string) {
  const paths = Object.fromEntries(
    Object.entries(full.paths)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .map(([path, item]) => [
        path,
        Object.fromEntries(
          Object.entries(item as Record<string, Operation>).map(([method, operation]) => [
            method,
            completed(operation),
          ]),
        ),
      ]),
  );
  return {
    openapi: full.openapi,
    info: {
      title: 'Kadr API',
      version: '1.0.0',
      description:
        'Images, videos and finishing tools from code, paid from the same token balance as the ' +
        'studio. Authenticate with `Authorization: Bearer kadr_…` (a key made in the profile). ' +
        'Every error is application/problem+json with a stable `code`. Stability: within v1, ' +
        'fields, optional parameters, problem codes and models may be added; removing or renaming ' +
        'a field, changing its type or meaning, or adding a required parameter needs v2.',
    },
    servers: [{ url: publicUrl }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      ...(full.components ?? {}),
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key, `kadr_…`.' },
      },
    },
  };
}

/** A refusal of an upload naming its field, in the request's language. */
function fieldProblem(locale: Locale, name: 'image' | 'audio') {
  return (code: ApiProblemCode, detail: string, errorCode: string, message: string) =>
    apiProblem(code, locale, { detail, errors: [{ field: name, code: errorCode, message }] });
}

/** The one file of a v1 upload, from its field (`image` a picture, `audio` a recording). */
async function readUpload(
  request: FastifyRequest,
  locale: Locale,
  name: 'image' | 'audio',
  maxBytes: number,
): Promise<Buffer> {
  const ru = locale === 'ru';
  const field = fieldProblem(locale, name);
  const what = name === 'image' ? (ru ? 'картинку' : 'picture') : ru ? 'запись' : 'recording';
  if (!request.isMultipart()) {
    throw field(
      'unsupported_media_type',
      ru
        ? `Отправьте ${what} как multipart/form-data в поле «${name}».`
        : `Send the ${what} as multipart/form-data in the field "${name}".`,
      'required',
      'is required',
    );
  }
  const mb = Math.round(maxBytes / 1024 / 1024);
  try {
    const part = await request.file();
    if (part?.fieldname !== name) throw new Error(`no ${name} part`);
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw field(
        'too_large',
        name === 'image'
          ? ru
            ? `Картинка больше ${mb} МБ.`
            : `The picture is larger than ${mb} MB.`
          : ru
            ? `Запись больше ${mb} МБ.`
            : `The recording is larger than ${mb} MB.`,
        'too_large',
        `must be at most ${mb} MB`,
      );
    }
    throw field(
      'invalid_request',
      ru
        ? `Отправьте одну ${what} в поле «${name}» (multipart/form-data).`
        : `Send one ${what} in the field "${name}" (multipart/form-data).`,
      'required',
      'must be a file',
    );
  }
}
