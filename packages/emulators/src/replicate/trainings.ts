import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isoWithMicros, newPredictionId, preciseNow } from './ids.ts';
import { fetchInputBytes, InputError } from './inputs.ts';
import { writeAtomically } from './media.ts';
import { FLUX_LORA_TRAINER_REF, FLUX_LORA_TRAINER_VERSION } from './models.ts';
import { type EmulatorLogger, FAIL_SWITCH, SLOW_RUNTIME_MS, SLOW_SWITCH } from './predictions.ts';
import type { TrainedVersion } from './trained-lora.ts';
import type { TrainedStore } from './trained-store.ts';
import { parseResolution, type TrainerInput, trainedWeightsTar } from './trainer.ts';
import { readTrainingZip, type TrainingPictures } from './training-images.ts';
import {
  chainWebhook,
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  type FetchLike,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from './webhooks.ts';

/**
 * Trainings of `ostris/flux-dev-lora-trainer`, in memory as predictions are: starting → processing
 * → succeeded | failed | canceled, in `TRAINING_LATENCY_FACTOR` × the emulator's latency. While it
 * processes, a training fetches its zip and reads its pictures; on success it writes the weights
 * tar, keeps the trained version (its thumbnails and trigger word) in the store, and makes it the
 * destination model's latest version — then a prediction can run it (trained-lora.ts).
 */

export type TrainingStatus = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';

/** The JSON Replicate returns from `GET /v1/trainings/{id}` and posts to webhooks. */
export type Training = {
  id: string;
  model: string;
  version: string;
  input: Record<string, unknown>;
  status: TrainingStatus;
  logs: string;
  error: string | null;
  /** `version` is `<destination>:<64-hex id>`; `weights` the URL of trained_model.tar. */
  output: { version: string; weights: string } | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  urls: { get: string; cancel: string };
  metrics: { predict_time?: number; total_time?: number };
  source: 'api';
  webhook?: string;
  webhook_events_filter?: WebhookEvent[];
};

/** A training takes this many times the emulator's latency, so tests with small ones stay fast. */
export const TRAINING_LATENCY_FACTOR = 4;
const MAX_KEPT_TRAININGS = 1000;

export type TrainingEngineOptions = {
  storageDir: string;
  store: TrainedStore;
  webhookSecret: string;
  /** The emulator's latency now; read when a training is created. */
  latencyMs: () => number;
  fetch?: FetchLike;
  logger?: EmulatorLogger;
  webhookRetryDelaysMs?: readonly number[];
};

export type CreateTrainingParams = {
  /** As sent, shown back in `input`. */
  input: Record<string, unknown>;
  parsed: TrainerInput;
  /** Text scanned for `#fail` and `#slow`. */
  switches: string;
  /** `owner/name`, an existing model. */
  destination: string;
  /** Absolute URL where the emulator plugin is mounted, without a trailing slash. */
  baseUrl: string;
  webhook?: string;
  webhookEventsFilter?: WebhookEvent[];
};

type TrainingRecord = {
  training: Training;
  input: TrainerInput;
  destination: string;
  switches: string;
  baseUrl: string;
  /** From `starting` to terminal, fixed at creation. */
  durationMs: number;
  createdMs: number;
  startedMs?: number;
  abort: AbortController;
  webhookChain: Promise<void>;
};

type Learned = { pictures: TrainingPictures; resolution: number[] };
type LearnOutcome = { ok: true; learned: Learned | undefined } | { ok: false; error: unknown };

function isTerminal(status: TrainingStatus): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'canceled';
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export function createTrainingEngine(options: TrainingEngineOptions) {
  const records = new Map<string, TrainingRecord>();
  const fetchImpl = options.fetch ?? globalThis.fetch;
  let lifetime = new AbortController();
  /** Work and webhook deliveries still running, awaited by `stop()`. */
  const pending = new Set<Promise<unknown>>();
  function track<T>(promise: Promise<T>): Promise<T> {
    pending.add(promise);
    const done = () => pending.delete(promise);
    promise.then(done, done);
    return promise;
  }

  const snapshot = (record: TrainingRecord): Training => structuredClone(record.training);

  function appendLog(record: TrainingRecord, line: string): void {
    record.training.logs += `${line}\n`;
  }

  function emit(record: TrainingRecord, event: WebhookEvent): void {
    const { webhook, webhook_events_filter: filter } = record.training;
    if (!webhook || !(filter ?? WEBHOOK_EVENTS).includes(event)) return;
    record.webhookChain = track(
      chainWebhook(
        record.webhookChain,
        {
          url: webhook,
          body: JSON.stringify(record.training),
          secret: options.webhookSecret,
          fetch: fetchImpl,
          retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
          signal: lifetime.signal,
        },
        (attempts) =>
          options.logger?.warn(
            { trainingId: record.training.id, event, webhook, attempts },
            'replicate emulator: training webhook delivery failed',
          ),
      ),
    );
  }

  function finish(record: TrainingRecord, status: TrainingStatus, error?: string): void {
    const nowMs = preciseNow();
    const training = record.training;
    training.status = status;
    training.error = error ?? null;
    training.completed_at = isoWithMicros(nowMs);
    training.metrics = {
      ...(record.startedMs === undefined
        ? {}
        : { predict_time: round3((nowMs - record.startedMs) / 1000) }),
      total_time: round3((nowMs - record.createdMs) / 1000),
    };
    if (status === 'canceled') appendLog(record, 'Training canceled.');
    if (error) appendLog(record, error);
    emit(record, 'completed');
  }

  /** Fetches the zip and reads its pictures, as train.py extracts and captions them. */
  async function learn(record: TrainingRecord, signal: AbortSignal): Promise<Learned> {
    const bytes = await fetchInputBytes(record.input.input_images, {
      fetch: fetchImpl,
      field: 'input_images',
      signal,
      job: 'Training',
    });
    const resolution = parseResolution(record.input.resolution);
    if (!resolution) {
      throw new InputError(
        `Training failed: resolution must be numbers separated by commas, not '${record.input.resolution}'`,
      );
    }
    const pictures = await readTrainingZip(bytes, signal);
    appendLog(
      record,
      `Extracted ${pictures.pictures} picture(s) and ${pictures.captions.size} caption(s) from input_images`,
    );
    for (const line of pictures.skipped.slice(0, 20)) appendLog(record, `Skipped ${line}`);
    if (pictures.pictures === 0) {
      throw new InputError(
        'Training failed: input_images holds no picture the trainer can read (jpg, jpeg, png or webp)',
      );
    }
    if (record.input.autocaption && pictures.uncaptioned > 0) {
      appendLog(record, `Autocaptioning ${pictures.uncaptioned} image(s)`);
    }
    return { pictures, resolution };
  }

  /**
   * Writes the weights and the trained version, then — unless canceled meanwhile — makes it the
   * destination's latest version and the training succeeded, in that order, so a caller who sees
   * `succeeded` can run the version at once.
   */
  async function publish(record: TrainingRecord, learned: Learned, signal: AbortSignal) {
    const { id } = record.training;
    const versionId = randomBytes(32).toString('hex');
    const createdAt = isoWithMicros(preciseNow());
    const tar = trainedWeightsTar(record.input, learned.resolution, learned.pictures.captions);
    await writeAtomically(join(options.storageDir, id, 'trained_model.tar'), (tmp) =>
      writeFile(tmp, tar),
    );
    const version: TrainedVersion = {
      id: versionId,
      destination: record.destination,
      triggerWord: record.input.trigger_word,
      trainingId: id,
      createdAt,
      pictures: learned.pictures.pictures,
      thumbnails: learned.pictures.thumbnails,
    };
    await options.store.saveVersion(version);
    if (signal.aborted) return;
    const saved = options.store.setLatestVersion(record.destination, { id: versionId, createdAt });
    record.training.output = {
      version: `${record.destination}:${versionId}`,
      weights: `${record.baseUrl}/delivery/${id}/trained_model.tar`,
    };
    appendLog(record, `Saved the LoRA as version ${versionId} of ${record.destination}`);
    emit(record, 'output');
    finish(record, 'succeeded');
    await saved;
  }

  async function run(record: TrainingRecord): Promise<void> {
    const signal = AbortSignal.any([record.abort.signal, lifetime.signal]);
    const queued = Math.min(500, Math.round(record.durationMs / 10));
    const total = SLOW_SWITCH.test(record.switches) ? SLOW_RUNTIME_MS : record.durationMs;
    await sleep(queued, undefined, { signal });

    record.startedMs = preciseNow();
    record.training.status = 'processing';
    record.training.started_at = isoWithMicros(record.startedMs);
    appendLog(record, `Running ${FLUX_LORA_TRAINER_REF} into ${record.destination}`);
    emit(record, 'start');

    const failing = FAIL_SWITCH.test(record.switches);
    const learning: Promise<LearnOutcome> = failing
      ? Promise.resolve({ ok: true, learned: undefined })
      : track(learn(record, signal)).then(
          (learned): LearnOutcome => ({ ok: true, learned }),
          (error: unknown): LearnOutcome => ({ ok: false, error }),
        );
    const processing = total - queued;
    const steps = record.input.steps;
    await sleep(processing / 2, undefined, { signal });
    appendLog(record, `flux_train_replicate:  50%|█████     | ${Math.floor(steps / 2)}/${steps}`);
    emit(record, 'logs');
    await sleep(processing - processing / 2, undefined, { signal });
    const outcome = await learning;
    if (signal.aborted) return;

    if (failing) {
      finish(
        record,
        'failed',
        'Training failed: the trainer could not learn from these pictures (#fail)',
      );
    } else if (!outcome.ok && outcome.error instanceof InputError) {
      finish(record, 'failed', outcome.error.message);
    } else if (!outcome.ok || !outcome.learned) {
      options.logger?.error(
        { trainingId: record.training.id, err: outcome.ok ? undefined : outcome.error },
        'replicate emulator: training failed',
      );
      finish(record, 'failed', 'Training failed: internal emulator error');
    } else {
      appendLog(record, `flux_train_replicate: 100%|██████████| ${steps}/${steps}`);
      await publish(record, outcome.learned, signal);
    }
  }

  function forget(): void {
    for (const [id, record] of records) {
      if (records.size <= MAX_KEPT_TRAININGS) break;
      if (isTerminal(record.training.status)) records.delete(id);
    }
  }

  return {
    create(params: CreateTrainingParams): Training {
      const id = newPredictionId();
      const createdMs = preciseNow();
      const training: Training = {
        id,
        model: FLUX_LORA_TRAINER_REF,
        version: FLUX_LORA_TRAINER_VERSION,
        input: params.input,
        status: 'starting',
        logs: '',
        error: null,
        output: null,
        created_at: isoWithMicros(createdMs),
        started_at: null,
        completed_at: null,
        urls: {
          get: `${params.baseUrl}/v1/trainings/${id}`,
          cancel: `${params.baseUrl}/v1/trainings/${id}/cancel`,
        },
        metrics: {},
        source: 'api',
        ...(params.webhook
          ? {
              webhook: params.webhook,
              webhook_events_filter: params.webhookEventsFilter ?? [...WEBHOOK_EVENTS],
            }
          : {}),
      };
      const record: TrainingRecord = {
        training,
        input: params.parsed,
        destination: params.destination,
        switches: params.switches,
        baseUrl: params.baseUrl,
        durationMs: options.latencyMs() * TRAINING_LATENCY_FACTOR,
        createdMs,
        abort: new AbortController(),
        webhookChain: Promise.resolve(),
      };
      records.set(id, record);
      forget();
      track(run(record)).catch((error: unknown) => {
        if (record.abort.signal.aborted || lifetime.signal.aborted) return;
        options.logger?.error(
          { trainingId: id, err: error },
          'replicate emulator: training failed',
        );
        if (!isTerminal(record.training.status)) {
          finish(record, 'failed', 'Training failed: internal emulator error');
        }
      });
      return snapshot(record);
    },

    get(id: string): Training | undefined {
      const record = records.get(id);
      return record ? snapshot(record) : undefined;
    },

    /** Newest first. */
    list(): Training[] {
      return [...records.values()].reverse().map(snapshot);
    },

    /** Cancels a running training; a terminal one is returned unchanged. */
    cancel(id: string): Training | undefined {
      const record = records.get(id);
      if (!record) return undefined;
      if (!isTerminal(record.training.status)) {
        record.abort.abort();
        finish(record, 'canceled');
      }
      return snapshot(record);
    },

    /** Resolves when every queued webhook delivery of the training has finished. */
    async webhooksSettled(id: string): Promise<void> {
      await records.get(id)?.webhookChain;
    },

    /** Stops the trainings running and resolves once their work has wound down. */
    async stop(): Promise<void> {
      lifetime.abort();
      lifetime = new AbortController();
      await Promise.allSettled([...pending]);
    },

    /** Forgets every training; trained versions stay in the store. */
    clear(): void {
      for (const record of records.values()) record.abort.abort();
      records.clear();
    },
  };
}
