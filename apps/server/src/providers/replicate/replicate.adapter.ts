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
  readonly status: number | undefined;
  readonly permanent: boolean;
  constructor(message: string, status: number | undefined) {
    super(message);
    this.name = 'ProviderError';
    this.status = status;
    // 4xx other than rate limiting and timeouts are the request's fault: it will fail the same again.
    this.permanent =
      status !== undefined && status >= 400 && status < 500 && status !== 429 && status !== 408;
  }
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
}): ModelProvider {
  const client = new Replicate({
    auth: options.token,
    baseUrl: options.baseUrl,
    useFileOutput: false,
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

function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const response = (error as { response?: { status?: number } }).response;
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(message, response?.status);
}
