import { timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isoWithMicros, preciseNow } from './ids.ts';
import { CONTENT_TYPES } from './media.ts';
import {
  type EmulatedModel,
  FLUX_LORA_TRAINER_REF,
  FLUX_LORA_TRAINER_VERSION,
  findModelByRef,
  findModelByVersion,
  type InvalidField,
} from './models.ts';
import {
  createOutageSwitch,
  outageBodySchema,
  outageFromBody,
  outageToBody,
  type ReplicateOutage,
} from './outage.ts';
import { createPredictionEngine, type EmulatorLogger, type Prediction } from './predictions.ts';
import { trainedLoraModel } from './trained-lora.ts';
import {
  createTrainedStore,
  destinationModelJson,
  emulatedModelJson,
  MODEL_NAME,
} from './trained-store.ts';
import { prepareTraining } from './trainer.ts';
import { createTrainingEngine, type Training } from './trainings.ts';
import { type FetchLike, generateWebhookSecret, WEBHOOK_EVENTS } from './webhooks.ts';

export type ReplicateEmulatorOptions = {
  /**
   * Absolute URL where the plugin is mounted, e.g. `http://localhost:3000/emulators/replicate`.
   * Output file URLs and `urls.get` start with it. Without it, each prediction uses the
   * protocol and host of the request that created it plus the mount prefix.
   */
  publicBaseUrl?: string | (() => string);
  /** `whsec_<base64>`; generated when absent (read it back from `emulator.webhookSecret`). */
  webhookSecret?: string;
  /** Time from `starting` to a terminal status for images; videos take twice as long. */
  latencyMs?: number;
  /**
   * Where rendered outputs are written, one folder per prediction (and per training, its weights);
   * also where created models and trained versions are kept, so they outlive a restart.
   */
  storageDir?: string;
  /** Used for webhook deliveries and for fetching input images. */
  fetch?: FetchLike;
  /** When set, `/v1/*` requires `Authorization: Bearer <token>` (or `Token <token>`). */
  apiToken?: string;
  /** Defaults to the Fastify instance's logger. */
  logger?: EmulatorLogger;
  /** Waits between webhook retries; defaults to 0.5 s, 1 s, 2 s. */
  webhookRetryDelaysMs?: readonly number[];
  /**
   * URL prefixes the emulator may reach on a caller's word: input files it fetches, and webhooks it
   * posts to. Unset: anywhere (a stand-alone emulator in tests). Demo mode sets both to Kadr's own
   * file and webhook routes, so a reachable demo cannot be made to fetch or post anywhere else.
   */
  reachable?: { inputs: readonly string[]; webhooks: readonly string[] };
};

export type ReplicateEmulator = {
  /** Register with `app.register(emulator.plugin, { prefix: '/emulators/replicate' })`. */
  plugin: FastifyPluginAsync;
  webhookSecret: string;
  getLatencyMs(): number;
  /** Applies to predictions created afterwards. */
  setLatencyMs(ms: number): void;
  /** Plays an outage of the API until it is set back to null (also `POST …/_control/outage`). */
  setOutage(outage: ReplicateOutage | null): void;
  getOutage(): ReplicateOutage | null;
  /** API calls held right now by a `hold` outage. */
  heldRequests(): number;
  getPrediction(id: string): Prediction | undefined;
  getTraining(id: string): Training | undefined;
  /** Resolves when the prediction's (or training's) queued webhook deliveries are done. */
  webhooksSettled(id: string): Promise<void>;
  /**
   * Forgets every prediction and training, as a restart of the real service would look to Kadr;
   * created models and trained versions stay in `storageDir`, as a restart keeps them.
   */
  clear(): void;
  /** Stops timers, renders and webhook deliveries in flight. Also runs on the app's close. */
  close(): Promise<void>;
};

export const DEFAULT_LATENCY_MS = 3000;
const MAX_PREFER_WAIT_SECONDS = 60;
const MAX_LATENCY_MS = 600_000;

const latencyBodySchema = z.strictObject({ ms: z.number().int().min(0).max(MAX_LATENCY_MS) });

const ERROR_TITLES: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
};

type Problem = { title: string; status: number; detail: string; invalid_fields?: unknown[] };

function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  return reply.code(problem.status).type('application/json').send(problem);
}

function notFound(detail: string): Problem {
  return { title: 'Not found', status: 404, detail };
}

const PAGE_SIZE = 100;

/** Input URLs and a webhook outside the allowed prefixes, as invalid fields. */
function unreachableUrls(
  body: { input: Record<string, unknown>; webhook?: string | null | undefined },
  reachable: ReplicateEmulatorOptions['reachable'],
): InvalidField[] {
  if (!reachable) return [];
  const allowed = (url: string, prefixes: readonly string[]) =>
    prefixes.some((prefix) => url.startsWith(prefix));
  const fields: InvalidField[] = [];
  for (const [field, value] of Object.entries(body.input)) {
    const urls = (Array.isArray(value) ? value : [value]).filter(
      (item): item is string => typeof item === 'string' && /^https?:\/\//i.test(item),
    );
    if (urls.some((url) => !allowed(url, reachable.inputs))) {
      fields.push({ field, description: 'this emulator fetches input files only from Kadr' });
    }
  }
  if (body.webhook && !allowed(body.webhook, reachable.webhooks)) {
    fields.push({ field: 'webhook', description: 'this emulator posts webhooks only to Kadr' });
  }
  return fields;
}

function invalid(fields: InvalidField[], title = 'Input validation failed'): Problem {
  return {
    title,
    status: 422,
    detail: fields.map((field) => `- ${field.field}: ${field.description}\n`).join(''),
    invalid_fields: fields.map((field) => ({ type: 'invalid', ...field })),
  };
}

const createBodySchema = z.object({
  input: z.record(z.string(), z.unknown(), {
    error: (issue) => (issue.input === undefined ? 'input is required' : 'input must be an object'),
  }),
  webhook: z
    .url({ protocol: /^https?$/, error: 'webhook must be an http(s) URL' })
    .nullable()
    .optional(),
  webhook_events_filter: z.array(z.enum(WEBHOOK_EVENTS)).nullable().optional(),
});

const versionBodySchema = z.object({ version: z.string({ error: 'version is required' }) });

const modelName = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .regex(
      MODEL_NAME,
      `${field} can only contain lowercase letters, numbers, dashes, underscores or periods`,
    );

const createModelBodySchema = z.object({
  owner: modelName('owner'),
  name: modelName('name'),
  visibility: z.enum(['public', 'private'], { error: 'visibility must be public or private' }),
  hardware: z.string({ error: 'hardware is required' }).min(1, 'hardware is required'),
  description: z.string().nullable().optional(),
});

const destinationSchema = z.string({ error: 'destination is required' }).refine((value) => {
  const [owner, name, ...rest] = value.split('/');
  return rest.length === 0 && MODEL_NAME.test(owner ?? '') && MODEL_NAME.test(name ?? '');
}, 'destination must be owner/name of a model');

const createTrainingBodySchema = createBodySchema.extend({ destination: destinationSchema });

type CreateBody = z.output<typeof createBodySchema>;

function issuesToFields(issues: z.core.$ZodIssue[]): InvalidField[] {
  return issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : 'body',
    description: issue.message,
  }));
}

/** `Prefer: wait` → 60 s, `Prefer: wait=n` → n seconds (1–60); undefined when absent. */
function parsePreferWait(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  const match = value ? /(?:^|[,;\s])wait(?:=(\d+))?(?:$|[,;\s])/.exec(value) : null;
  if (!match) return undefined;
  const seconds = match[1] === undefined ? MAX_PREFER_WAIT_SECONDS : Number(match[1]);
  return Math.min(MAX_PREFER_WAIT_SECONDS, Math.max(1, seconds));
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const match = header ? /^(?:Bearer|Token)\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const DELIVERY_ID = /^[a-z0-9]{1,64}$/;
/** A prediction's outputs, or a training's weights. */
const DELIVERY_FILE = /^(?:out-\d{1,2}\.(jpg|png|webp|mp4)|trained_model\.(tar))$/;

/** Parses a single `bytes=a-b` range; null when unsatisfiable, undefined when absent or multi. */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(size - 1, Number(match[2]));
  }
  return start > end || start >= size ? null : { start, end };
}

export function createReplicateEmulator(options: ReplicateEmulatorOptions = {}): ReplicateEmulator {
  const webhookSecret = options.webhookSecret ?? generateWebhookSecret();
  if (!/^whsec_[A-Za-z0-9+/=]+$/.test(webhookSecret)) {
    throw new Error('webhookSecret must look like whsec_<base64>');
  }
  const storageDir = options.storageDir ?? join(tmpdir(), 'kadr-replicate-emulator');
  let logger = options.logger;
  /** Late-bound: the Fastify logger is known only once the plugin is registered. */
  const emulatorLogger: EmulatorLogger = {
    info: (obj, msg) => logger?.info(obj, msg),
    warn: (obj, msg) => logger?.warn(obj, msg),
    error: (obj, msg) => logger?.error(obj, msg),
  };
  const engine = createPredictionEngine({
    storageDir,
    webhookSecret,
    latencyMs: options.latencyMs ?? DEFAULT_LATENCY_MS,
    fetch: options.fetch,
    logger: emulatorLogger,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs,
  });
  const store = createTrainedStore(storageDir);
  const trainings = createTrainingEngine({
    storageDir,
    store,
    webhookSecret,
    latencyMs: () => engine.latencyMs,
    fetch: options.fetch,
    logger: emulatorLogger,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs,
  });
  const outage = createOutageSwitch();

  /** A model `POST /v1/predictions` names by version: an emulated one, or a trained version. */
  async function modelForVersion(version: string): Promise<EmulatedModel | undefined> {
    const emulated = findModelByVersion(version);
    if (emulated) return emulated;
    const [ref, id] = version.includes(':') ? version.split(':', 2) : [undefined, version];
    const trained = id === undefined ? undefined : await store.findVersion(id);
    if (!trained || (ref !== undefined && ref !== trained.destination)) return undefined;
    return trainedLoraModel(trained);
  }

  /** Newest first, 100 a page, with cursor URLs as Replicate's (the client's `paginate`). */
  function paginate<T>(
    request: FastifyRequest<{ Querystring: { cursor?: string } }>,
    path: string,
    all: T[],
    prefix: string,
  ) {
    const start = Math.max(0, Number.parseInt(request.query.cursor ?? '0', 10) || 0);
    const page = (at: number) => `${baseUrlFor(request, prefix)}/v1/${path}?cursor=${at}`;
    return {
      previous: start > 0 ? page(Math.max(0, start - PAGE_SIZE)) : null,
      next: start + PAGE_SIZE < all.length ? page(start + PAGE_SIZE) : null,
      results: all.slice(start, start + PAGE_SIZE),
    };
  }

  function baseUrlFor(request: FastifyRequest, prefix: string): string {
    const configured =
      typeof options.publicBaseUrl === 'function' ? options.publicBaseUrl() : options.publicBaseUrl;
    const base = configured ?? `${request.protocol}://${request.host}${prefix}`;
    return base.replace(/\/+$/, '');
  }

  async function createPrediction(
    request: FastifyRequest,
    reply: FastifyReply,
    model: EmulatedModel,
    body: CreateBody,
    prefix: string,
  ): Promise<FastifyReply> {
    const unreachable = unreachableUrls(body, options.reachable);
    if (unreachable.length > 0) return sendProblem(reply, invalid(unreachable));
    const prepared = model.prepare(body.input);
    if (!prepared.ok) return sendProblem(reply, invalid(prepared.invalidFields));
    const created = engine.create({
      model,
      input: body.input,
      prompt: prepared.prompt,
      switches: prepared.switches,
      plan: prepared.plan,
      baseUrl: baseUrlFor(request, prefix),
      webhook: body.webhook ?? undefined,
      webhookEventsFilter: body.webhook_events_filter ?? undefined,
    });
    const waitSeconds = parsePreferWait(request.headers.prefer);
    const prediction =
      waitSeconds === undefined
        ? created
        : ((await engine.waitForTerminal(created.id, waitSeconds * 1000)) ?? created);
    return reply.code(201).send(prediction);
  }

  function parseCreateBody(reply: FastifyReply, body: unknown): CreateBody | undefined {
    const parsed = createBodySchema.safeParse(body ?? {});
    if (parsed.success) return parsed.data;
    sendProblem(reply, invalid(issuesToFields(parsed.error.issues)));
    return undefined;
  }

  const plugin: FastifyPluginAsync = async (instance) => {
    logger ??= instance.log;
    const prefix = instance.prefix;
    instance.addHook('onClose', async () => {
      await Promise.all([engine.stop(), trainings.stop()]);
    });
    instance.addHook('preClose', async () => outage.close());

    // The outage switch plays before anything else (the API's token check too: a provider that is
    // down does not look at tokens); the control route is never subject to it.
    instance.addHook('onRequest', async (request, reply) => {
      const path = (request.routeOptions.url ?? '').slice(prefix.length);
      if (path.startsWith('/_control/')) return;
      return outage.play(reply, path.startsWith('/delivery/') ? 'files' : 'api');
    });

    // The replicate client sends `Content-Type: application/json` with no body on cancel.
    instance.removeContentTypeParser('application/json');
    instance.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 10 * 1024 * 1024 },
      (_request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        if (text.trim() === '') return done(null, undefined);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(Object.assign(new Error('Request body is not valid JSON'), { statusCode: 400 }));
        }
      },
    );

    instance.setErrorHandler((error, request, reply) => {
      const status =
        typeof error === 'object' && error !== null && 'statusCode' in error
          ? Number(error.statusCode)
          : 500;
      const code = status >= 400 && status < 600 ? status : 500;
      if (code >= 500) request.log.error({ err: error }, 'replicate emulator error');
      const message = error instanceof Error ? error.message : 'Internal error';
      return sendProblem(reply, {
        title: ERROR_TITLES[code] ?? (code >= 500 ? 'Internal server error' : 'Bad request'),
        status: code,
        detail: code >= 500 ? 'Internal server error' : message,
      });
    });

    await instance.register(
      async (v1: FastifyInstance) => {
        if (options.apiToken) {
          const token = options.apiToken;
          v1.addHook('onRequest', async (request, reply) => {
            if (!tokenMatches(request.headers.authorization, token)) {
              return sendProblem(reply, {
                title: 'Unauthenticated',
                status: 401,
                detail: 'You did not pass a valid authentication token',
              });
            }
          });
        }

        v1.post<{ Params: { owner: string; name: string } }>(
          '/models/:owner/:name/predictions',
          async (request, reply) => {
            const ref = `${request.params.owner}/${request.params.name}`;
            const model = findModelByRef(ref);
            if (!model) return sendProblem(reply, notFound(`Model not found: ${ref}`));
            if (!model.official) {
              // Community models run only by version, as on Replicate.
              return sendProblem(
                reply,
                notFound(
                  `${ref} is not an official model; create its predictions with POST /v1/predictions and a version`,
                ),
              );
            }
            const body = parseCreateBody(reply, request.body);
            if (!body) return reply;
            return createPrediction(request, reply, model, body, prefix);
          },
        );

        v1.post('/predictions', async (request, reply) => {
          const version = versionBodySchema.safeParse(request.body ?? {});
          if (!version.success) {
            return sendProblem(reply, invalid(issuesToFields(version.error.issues)));
          }
          const model = await modelForVersion(version.data.version);
          if (!model) {
            return sendProblem(reply, {
              title: 'Invalid version or not permitted',
              status: 422,
              detail:
                "The specified version does not exist (or perhaps you don't have permission to use it?)",
            });
          }
          const body = parseCreateBody(reply, request.body);
          if (!body) return reply;
          return createPrediction(request, reply, model, body, prefix);
        });

        v1.get<{ Querystring: { cursor?: string } }>('/predictions', async (request) =>
          paginate(request, 'predictions', engine.list(), prefix),
        );

        v1.get<{ Params: { id: string } }>('/predictions/:id', async (request, reply) => {
          const prediction = engine.get(request.params.id);
          return prediction ?? sendProblem(reply, notFound('Prediction not found.'));
        });

        v1.post<{ Params: { id: string } }>('/predictions/:id/cancel', async (request, reply) => {
          const prediction = engine.cancel(request.params.id);
          return prediction ?? sendProblem(reply, notFound('Prediction not found.'));
        });

        v1.get('/webhooks/default/secret', async () => ({ key: webhookSecret }));

        // --- Models to train into, and trainings (trainings.ts) ---------------------------------

        v1.post('/models', async (request, reply) => {
          const parsed = createModelBodySchema.safeParse(request.body ?? {});
          if (!parsed.success) {
            return sendProblem(reply, invalid(issuesToFields(parsed.error.issues)));
          }
          const { owner, name } = parsed.data;
          const model = {
            owner,
            name,
            description: parsed.data.description ?? null,
            visibility: parsed.data.visibility,
            hardware: parsed.data.hardware,
            createdAt: isoWithMicros(preciseNow()),
            latestVersion: null,
          };
          const taken = findModelByRef(`${owner}/${name}`) !== undefined;
          if (taken || !(await store.createModel(model))) {
            return sendProblem(reply, {
              title: 'Model already exists',
              status: 409,
              detail: `A model named ${owner}/${name} already exists.`,
            });
          }
          return reply.code(201).send(destinationModelJson(model));
        });

        v1.get<{ Params: { owner: string; name: string } }>(
          '/models/:owner/:name',
          async (request, reply) => {
            const { owner, name } = request.params;
            const ref = `${owner}/${name}`;
            if (ref === FLUX_LORA_TRAINER_REF) {
              return emulatedModelJson({
                ref,
                version: FLUX_LORA_TRAINER_VERSION,
                official: false,
              });
            }
            const emulated = findModelByRef(ref);
            if (emulated) return emulatedModelJson(emulated);
            const created = await store.getModel(owner, name);
            return created
              ? destinationModelJson(created)
              : sendProblem(reply, notFound('Not found.'));
          },
        );

        v1.post<{ Params: { owner: string; name: string; version: string } }>(
          '/models/:owner/:name/versions/:version/trainings',
          async (request, reply) => {
            const { owner, name, version } = request.params;
            const ref = `${owner}/${name}`;
            if (ref !== FLUX_LORA_TRAINER_REF) {
              return sendProblem(
                reply,
                notFound(
                  `Model not found or not trainable: ${ref} (this emulator trains ${FLUX_LORA_TRAINER_REF})`,
                ),
              );
            }
            if (version !== FLUX_LORA_TRAINER_VERSION) {
              return sendProblem(reply, notFound(`Version not found: ${ref}:${version}`));
            }
            const parsed = createTrainingBodySchema.safeParse(request.body ?? {});
            if (!parsed.success) {
              return sendProblem(reply, invalid(issuesToFields(parsed.error.issues)));
            }
            const body = parsed.data;
            const [destinationOwner = '', destinationName = ''] = body.destination.split('/');
            if (!(await store.getModel(destinationOwner, destinationName))) {
              return sendProblem(
                reply,
                notFound(
                  `The destination model does not exist: ${body.destination}. Create it first with POST /v1/models.`,
                ),
              );
            }
            const unreachable = unreachableUrls(body, options.reachable);
            if (unreachable.length > 0) return sendProblem(reply, invalid(unreachable));
            const prepared = prepareTraining(body.input);
            if (!prepared.ok) return sendProblem(reply, invalid(prepared.invalidFields));
            const training = trainings.create({
              input: body.input,
              parsed: prepared.input,
              switches: prepared.switches,
              destination: body.destination,
              baseUrl: baseUrlFor(request, prefix),
              webhook: body.webhook ?? undefined,
              webhookEventsFilter: body.webhook_events_filter ?? undefined,
            });
            return reply.code(201).send(training);
          },
        );

        v1.get<{ Querystring: { cursor?: string } }>('/trainings', async (request) =>
          paginate(request, 'trainings', trainings.list(), prefix),
        );

        v1.get<{ Params: { id: string } }>('/trainings/:id', async (request, reply) => {
          const training = trainings.get(request.params.id);
          return training ?? sendProblem(reply, notFound('Training not found.'));
        });

        v1.post<{ Params: { id: string } }>('/trainings/:id/cancel', async (request, reply) => {
          const training = trainings.cancel(request.params.id);
          return training ?? sendProblem(reply, notFound('Training not found.'));
        });
      },
      { prefix: '/v1' },
    );

    // The fault suite's switches, behind the API's own token (never an open switch on a demo).
    await instance.register(
      async (control: FastifyInstance) => {
        if (options.apiToken) {
          const token = options.apiToken;
          control.addHook('onRequest', async (request, reply) => {
            if (!tokenMatches(request.headers.authorization, token)) {
              return sendProblem(reply, {
                title: 'Unauthenticated',
                status: 401,
                detail: 'You did not pass a valid authentication token',
              });
            }
          });
        }
        control.get('/outage', async () => ({ outage: outageToBody(outage.get()) }));
        control.post('/outage', async (request, reply) => {
          const parsed = outageBodySchema.safeParse(request.body ?? {});
          if (!parsed.success) {
            return sendProblem(reply, invalid(issuesToFields(parsed.error.issues)));
          }
          outage.set(outageFromBody(parsed.data));
          return { outage: outageToBody(outage.get()) };
        });
        control.post('/latency', async (request, reply) => {
          const parsed = latencyBodySchema.safeParse(request.body ?? {});
          if (!parsed.success) {
            return sendProblem(reply, invalid(issuesToFields(parsed.error.issues)));
          }
          engine.latencyMs = parsed.data.ms;
          return { latency_ms: engine.latencyMs };
        });
      },
      { prefix: '/_control' },
    );

    instance.get<{ Params: { id: string; file: string } }>(
      '/delivery/:id/:file',
      async (request, reply) => {
        const { id, file } = request.params;
        const match = DELIVERY_FILE.exec(file);
        const extension = match?.[1] ?? match?.[2];
        if (!DELIVERY_ID.test(id) || extension === undefined) {
          return sendProblem(reply, notFound('File not found.'));
        }
        const path = join(storageDir, id, file);
        const info = await stat(path).catch(() => undefined);
        if (!info?.isFile()) return sendProblem(reply, notFound('File not found.'));
        const range = parseRange(request.headers.range, info.size);
        reply
          .header('content-type', CONTENT_TYPES[extension] ?? 'application/octet-stream')
          .header('accept-ranges', 'bytes')
          .header('cache-control', 'public, max-age=3600');
        if (range === null) {
          return reply.code(416).header('content-range', `bytes */${info.size}`).send();
        }
        if (range) {
          return reply
            .code(206)
            .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
            .header('content-length', range.end - range.start + 1)
            .send(createReadStream(path, range));
        }
        return reply.header('content-length', info.size).send(createReadStream(path));
      },
    );
  };

  return {
    plugin,
    webhookSecret,
    getLatencyMs: () => engine.latencyMs,
    setLatencyMs: (ms) => {
      engine.latencyMs = ms;
    },
    setOutage: (next) => outage.set(next),
    getOutage: () => outage.get(),
    heldRequests: () => outage.held(),
    getPrediction: (id) => engine.get(id),
    getTraining: (id) => trainings.get(id),
    webhooksSettled: async (id) => {
      await Promise.all([engine.webhooksSettled(id), trainings.webhooksSettled(id)]);
    },
    clear: () => {
      engine.clear();
      trainings.clear();
    },
    close: async () => {
      outage.close();
      await Promise.all([engine.stop(), trainings.stop()]);
    },
  };
}
