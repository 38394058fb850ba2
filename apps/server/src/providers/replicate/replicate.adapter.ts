import Replicate from 'replicate';

export type PredictionStatus =
  | 'starting'
  | 'processing'
  | 'succeeded'
  | 'failed'
  | 'canceled'
  | 'aborted';

/** What Kadr needs of a provider's prediction. */
export interface Prediction {
  id: string;
  status: PredictionStatus;
  output: unknown;
  error: string | null;
}

type ModelRef = { model: string } | { version: string };

export const terminalStatuses: ReadonlySet<PredictionStatus> = new Set([
  'succeeded',
  'failed',
  'canceled',
  'aborted',
]);

/** A provider call that failed; `permanent` means retrying the same request cannot help. */
export class ProviderError extends Error {
  /** The provider's HTTP status; undefined when no answer came (unreachable, timed out). */
  readonly status: number | undefined;
  readonly permanent: boolean;
  /** How long the provider asked us to wait (its Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;
  /** The failure in short, for the operator: `HTTP 503`, `timeout` or `unreachable`. */
  readonly summary: string;
  constructor(
    message: string,
    status: number | undefined,
    options: { retryAfterMs?: number | undefined; timedOut?: boolean } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
    this.status = status;
    // 4xx other than rate limiting and timeouts are the request's fault: it will fail the same again.
    this.permanent =
      status !== undefined && status >= 400 && status < 500 && status !== 429 && status !== 408;
    this.retryAfterMs = options.retryAfterMs;
    this.summary =
      status !== undefined ? `HTTP ${status}` : options.timedOut ? 'timeout' : 'unreachable';
  }
}

/**
 * A Retry-After header's wait in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3);
 * undefined when absent or unreadable. A date already past is no wait (0).
 */
export function retryAfterMs(
  header: string | null | undefined,
  now = Date.now(),
): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its day and month in letters; anything else (`-5`) is unreadable.
  const at = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The longest a call to the provider may take; shorter than the engine's submission lease. */
const CALL_TIMEOUT_MS = 30_000;

export interface ModelProvider {
  create(request: {
    ref: ModelRef;
    input: Record<string, unknown>;
    webhook?: string;
  }): Promise<Prediction>;
  /** The prediction, or undefined when the provider no longer knows it. */
  get(id: string): Promise<Prediction | undefined>;
  /**
   * The prediction created with this webhook address since `since`, if any: how a submit that lost
   * the provider's answer (a crash, a timeout) finds what it asked for instead of asking twice.
   */
  findByWebhook(webhook: string, since: Date): Promise<Prediction | undefined>;
  cancel(id: string): Promise<Prediction | undefined>;
}

/** Replicate through its official client; `baseUrl` points it at the emulator in demo mode. */
export function createReplicateProvider(options: {
  token: string;
  baseUrl: string;
  /** What the client calls the provider with (the global fetch unless a test hands its own). */
  fetch?: typeof fetch;
}): ModelProvider {
  const client = new Replicate({
    auth: options.token,
    baseUrl: options.baseUrl,
    useFileOutput: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw toProviderError(error);
    }
  };

  return {
    async create({ ref, input, webhook }) {
      const prediction = await call(() =>
        client.predictions.create({
          ...ref,
          input,
          // An answer that never comes is an unknown outcome, left to the submission claim's lease.
          signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
          ...(webhook ? { webhook, webhook_events_filter: ['start', 'completed'] as const } : {}),
        }),
      );
      return normalise(prediction);
    },
    async get(id) {
      try {
        return normalise(await client.predictions.get(id));
      } catch (error) {
        const failure = toProviderError(error);
        if (failure.status === 404) return undefined;
        throw failure;
      }
    },
    async findByWebhook(webhook, since) {
      // Newest first, page by page, until the pages are older than the submit that asked.
      return call(async () => {
        for await (const page of client.paginate(() =>
          client.predictions.list({ signal: AbortSignal.timeout(CALL_TIMEOUT_MS) }),
        )) {
          for (const prediction of page) {
            if (prediction.webhook === webhook) return normalise(prediction);
          }
          const oldest = page.at(-1);
          if (!oldest || new Date(oldest.created_at) < since) return undefined;
        }
        return undefined;
      });
    },
    async cancel(id) {
      try {
        return normalise(await client.predictions.cancel(id));
      } catch (error) {
        const failure = toProviderError(error);
        if (failure.status === 404) return undefined;
        throw failure;
      }
    },
  };
}

function normalise(prediction: {
  id: string;
  status: string;
  output?: unknown;
  error?: unknown;
}): Prediction {
  return {
    id: prediction.id,
    status: prediction.status as PredictionStatus,
    output: prediction.output ?? null,
    error:
      prediction.error === null || prediction.error === undefined
        ? null
        : typeof prediction.error === 'string'
          ? prediction.error
          : JSON.stringify(prediction.error),
  };
}

/** Whatever the client threw as a ProviderError: its answer's status and Retry-After, if one came. */
export function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  // The client's ApiError carries the answer (a fetch Response); a failed fetch carries none.
  const response = (error as { response?: { status?: number; headers?: Headers } } | null)
    ?.response;
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(message, response?.status, {
    retryAfterMs: retryAfterMs(response?.headers?.get?.('retry-after')),
    timedOut: timedOut(error),
  });
}

/** An abort by our own time limit (AbortSignal.timeout), however deep the client wrapped it. */
function timedOut(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (e instanceof Error && e.name === 'TimeoutError') return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}

/** What Kadr needs of a provider's training (ADR 045). */
export interface ProviderTraining {
  id: string;
  status: PredictionStatus;
  /** Once it succeeded: the version it made (`owner/name:id`) and its weights' address. */
  version: string | null;
  weights: string | null;
  error: string | null;
}

/** Replicate's trainings API: a character taught once, then run as a version of a model of ours. */
export interface TrainingProvider {
  /** Makes sure the destination model (`owner/name`) exists, private, creating it the first time. */
  ensureDestination(destination: string): Promise<void>;
  create(request: {
    trainer: { model: string; version: string };
    destination: string;
    input: Record<string, unknown>;
  }): Promise<ProviderTraining>;
  /** The training, or undefined when the provider no longer knows it. */
  get(id: string): Promise<ProviderTraining | undefined>;
  /**
   * The training made since `since` whose input had this trigger word (each training's own): how
   * a submit that lost the provider's answer finds what it asked for instead of asking twice.
   */
  findByTriggerWord(triggerWord: string, since: Date): Promise<ProviderTraining | undefined>;
  cancel(id: string): Promise<ProviderTraining | undefined>;
}

/** Replicate's trainings through its official client, as `createReplicateProvider` does predictions. */
export function createReplicateTrainer(options: {
  token: string;
  baseUrl: string;
  fetch?: typeof fetch;
}): TrainingProvider {
  const client = new Replicate({
    auth: options.token,
    baseUrl: options.baseUrl,
    useFileOutput: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const signal = () => AbortSignal.timeout(CALL_TIMEOUT_MS);
  const orUndefinedOn404 = async <T>(run: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await run();
    } catch (error) {
      const failure = toProviderError(error);
      if (failure.status === 404) return undefined;
      throw failure;
    }
  };
  const split = (ref: string): [string, string] => {
    const [owner = '', name = ''] = ref.split('/');
    return [owner, name];
  };

  return {
    async ensureDestination(destination) {
      const [owner, name] = split(destination);
      const found = await orUndefinedOn404(() =>
        client.models.get(owner, name, { signal: signal() }),
      );
      if (found) return;
      try {
        // Flux fine-tunes run on H100s (Replicate's pricing page); private: only Kadr runs them.
        await client.models.create(owner, name, {
          visibility: 'private',
          hardware: 'gpu-h100',
          description: 'Characters trained by Kadr’s customers (one version each).',
          signal: signal(),
        });
      } catch (error) {
        // Another node made it at the same moment.
        if (toProviderError(error).status !== 409) throw toProviderError(error);
      }
    },
    async create({ trainer, destination, input }) {
      const [owner, name] = split(trainer.model);
      try {
        const training = await client.trainings.create(owner, name, trainer.version, {
          destination: destination as `${string}/${string}`,
          input,
          signal: signal(),
        });
        return normaliseTraining(training);
      } catch (error) {
        throw toProviderError(error);
      }
    },
    async get(id) {
      const training = await orUndefinedOn404(() => client.trainings.get(id, { signal: signal() }));
      return training ? normaliseTraining(training) : undefined;
    },
    async findByTriggerWord(triggerWord, since) {
      try {
        for await (const page of client.paginate(() =>
          client.trainings.list({ signal: signal() }),
        )) {
          for (const training of page) {
            const input = training.input as { trigger_word?: unknown } | undefined;
            if (input?.trigger_word === triggerWord) return normaliseTraining(training);
          }
          const oldest = page.at(-1) as { created_at?: string } | undefined;
          if (!oldest?.created_at || new Date(oldest.created_at) < since) return undefined;
        }
        return undefined;
      } catch (error) {
        throw toProviderError(error);
      }
    },
    async cancel(id) {
      const training = await orUndefinedOn404(() =>
        client.trainings.cancel(id, { signal: signal() }),
      );
      return training ? normaliseTraining(training) : undefined;
    },
  };
}

function normaliseTraining(training: {
  id: string;
  status: string;
  output?: { version?: string; weights?: string } | null;
  error?: unknown;
}): ProviderTraining {
  const base = normalise(training);
  return {
    id: base.id,
    status: base.status,
    error: base.error,
    version: training.output?.version ?? null,
    weights: training.output?.weights ?? null,
  };
}
