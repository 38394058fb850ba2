import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fitFramePicture } from './frames.ts';
import type { Size } from './geometry.ts';
import { isoWithMicros, newPredictionId, preciseNow } from './ids.ts';
import { improvePrompt, isImproveRequest } from './improver.ts';
import { fetchInputBytes, fetchInputPicture, InputError, probeImageSize } from './inputs.ts';
import { recordingSeconds, renderImage, renderVideo, type VideoFramePictures } from './media.ts';
import {
  type EmulatedModel,
  OMNI_HUMAN_MAX_AUDIO_SEC,
  type RenderPlan,
  type VideoFrames,
} from './models.ts';
import { referenceOverlay } from './references.ts';
import type { PictureRef } from './tool-jobs.ts';
import { describeToolJob, runTool } from './tools.ts';
import { triggerMarkLayer } from './trained-lora.ts';
import { extractSourceText, toTokens, translateRuToEn } from './translator.ts';
import {
  chainWebhook,
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  type FetchLike,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from './webhooks.ts';

export type PredictionStatus =
  | 'starting'
  | 'processing'
  | 'succeeded'
  | 'failed'
  | 'canceled'
  | 'aborted';

/** The JSON Replicate returns from `GET /v1/predictions/{id}` and posts to webhooks. */
export type Prediction = {
  id: string;
  model: string;
  version: string;
  input: Record<string, unknown>;
  output: string | string[] | null;
  error: string | null;
  logs: string;
  status: PredictionStatus;
  source: 'api';
  data_removed: boolean;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  metrics: { predict_time?: number; total_time?: number };
  urls: { get: string; cancel: string };
  webhook?: string;
  webhook_events_filter?: WebhookEvent[];
};

const TERMINAL_STATUSES: readonly PredictionStatus[] = [
  'succeeded',
  'failed',
  'canceled',
  'aborted',
];

function isTerminal(status: PredictionStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/** Minimal logger; a Fastify/pino logger fits. */
export type EmulatorLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/** Prompt switches that steer the outcome, so failures and cancellation can be demonstrated. */
export const FAIL_SWITCH = /#fail\b/i;
/** A safety checker's refusal, worded as Replicate's NSFW checkers word it. */
const NSFW_SWITCH = /#nsfw\b/i;
export const SLOW_SWITCH = /#slow\b/i;
const TRANSLATOR_FAIL_SWITCH = /#translator-fail\b/i;

export const SLOW_RUNTIME_MS = 60_000;
export const TRANSLATOR_RUNTIME_MS = 100;
/** A prompt improvement (ADR 050) writes more than a translation: long enough to see it run. */
const IMPROVER_RUNTIME_MS = 600;
const MAX_KEPT_PREDICTIONS = 5000;

export function failureMessage(prompt = ''): string {
  if (NSFW_SWITCH.test(prompt)) {
    return 'NSFW content detected. Try running it again, or try a different prompt.';
  }
  return 'Prediction failed: the model could not generate this prompt (#fail)';
}

export type PredictionEngineOptions = {
  storageDir: string;
  webhookSecret: string;
  latencyMs: number;
  fetch?: FetchLike;
  logger?: EmulatorLogger;
  webhookRetryDelaysMs?: readonly number[];
};

export type CreatePredictionParams = {
  model: EmulatedModel;
  input: Record<string, unknown>;
  prompt: string;
  /** Prompt-like text scanned for `#fail`, `#slow`…; defaults to `prompt`. */
  switches?: string;
  plan: (probe: (url: string) => ReturnType<typeof probeImageSize>) => Promise<RenderPlan>;
  /** Absolute URL where the emulator plugin is mounted, without a trailing slash. */
  baseUrl: string;
  webhook?: string;
  webhookEventsFilter?: WebhookEvent[];
};

type PredictionRecord = {
  prediction: Prediction;
  model: EmulatedModel;
  prompt: string;
  switches: string;
  plan: CreatePredictionParams['plan'];
  baseUrl: string;
  createdMs: number;
  startedMs?: number;
  /** Aborted by cancel: stops the timers and any ffmpeg run. */
  abort: AbortController;
  webhookChain: Promise<void>;
  settled: Promise<void>;
  resolveSettled: () => void;
};

/** Ensures at most `limit` tasks run at once (videos share two cores with everything else). */
function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: Array<() => void> = [];
  return async (task) => {
    if (active >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}

/** In-memory predictions and their lifecycle: starting → processing → a terminal status. */
export function createPredictionEngine(options: PredictionEngineOptions) {
  const records = new Map<string, PredictionRecord>();
  const limitVideos = createLimiter(2);
  /** Tools hold a decoded picture or two: a few at once keep memory bounded. */
  const limitTools = createLimiter(4);
  let latencyMs = options.latencyMs;
  let lifetime = new AbortController();
  /** Renders and webhook deliveries still running, awaited by `stop()`. */
  const pending = new Set<Promise<unknown>>();
  function track<T>(promise: Promise<T>): Promise<T> {
    pending.add(promise);
    promise.then(
      () => pending.delete(promise),
      () => pending.delete(promise),
    );
    return promise;
  }
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const probe = (url: string) => probeImageSize(url, fetchImpl);

  function snapshot(record: PredictionRecord): Prediction {
    return structuredClone(record.prediction);
  }

  /** Time from `starting` to terminal, and the part of it spent in `starting`. */
  function timing(record: PredictionRecord): { total: number; queued: number } {
    const improving = record.model.kind === 'text' && isImproveRequest(record.prediction.input);
    const base =
      record.model.kind === 'text'
        ? improving
          ? IMPROVER_RUNTIME_MS
          : TRANSLATOR_RUNTIME_MS
        : record.model.kind === 'video'
          ? latencyMs * 2
          : latencyMs;
    const queued = Math.min(500, Math.round(base / 10));
    // A translation is never slow (its generation's `#slow` is the model's); an improvement is.
    const slow = (record.model.kind !== 'text' || improving) && SLOW_SWITCH.test(record.switches);
    return { total: slow ? SLOW_RUNTIME_MS : base, queued };
  }

  function shouldFail(record: PredictionRecord): boolean {
    if (record.model.kind !== 'text') {
      return FAIL_SWITCH.test(record.switches) || NSFW_SWITCH.test(record.switches);
    }
    // A prompt improvement fails on `#fail` in the person's prompt; a translation only on its own
    // switch, so a generation's `#fail` is translated and fails at its model.
    return isImproveRequest(record.prediction.input)
      ? FAIL_SWITCH.test(record.switches)
      : TRANSLATOR_FAIL_SWITCH.test(record.switches);
  }

  function appendLog(record: PredictionRecord, line: string): void {
    record.prediction.logs += `${line}\n`;
  }

  function emit(record: PredictionRecord, event: WebhookEvent): void {
    const { webhook, webhook_events_filter: filter } = record.prediction;
    if (!webhook || !(filter ?? WEBHOOK_EVENTS).includes(event)) return;
    record.webhookChain = track(
      chainWebhook(
        record.webhookChain,
        {
          url: webhook,
          body: JSON.stringify(record.prediction),
          secret: options.webhookSecret,
          fetch: fetchImpl,
          retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
          signal: lifetime.signal,
        },
        (attempts) =>
          options.logger?.warn(
            { predictionId: record.prediction.id, event, webhook, attempts },
            'replicate emulator: webhook delivery failed',
          ),
      ),
    );
  }

  function finish(
    record: PredictionRecord,
    status: PredictionStatus,
    fields: { output?: Prediction['output']; error?: string } = {},
  ): void {
    const nowMs = preciseNow();
    const prediction = record.prediction;
    prediction.status = status;
    if (fields.output !== undefined) prediction.output = fields.output;
    prediction.error = fields.error ?? null;
    prediction.completed_at = isoWithMicros(nowMs);
    prediction.metrics = {
      ...(record.startedMs === undefined
        ? {}
        : { predict_time: round3((nowMs - record.startedMs) / 1000) }),
      total_time: round3((nowMs - record.createdMs) / 1000),
    };
    if (status === 'canceled') appendLog(record, 'Prediction canceled.');
    if (status === 'failed' && fields.error) appendLog(record, fields.error);
    emit(record, 'completed');
    record.resolveSettled();
  }

  /**
   * The start and end pictures fetched (both at once, through the guarded input fetch) and fitted
   * to the render's size; the first field that cannot be read fails the prediction.
   */
  function framePictures(frames: VideoFrames, signal: AbortSignal) {
    return async (size: Size): Promise<VideoFramePictures> => {
      const fitted = async (picture: PictureRef) => {
        const input = await fetchInputPicture(picture.url, {
          fetch: fetchImpl,
          field: picture.field,
          signal,
        });
        try {
          return await fitFramePicture(input.open(), size).png().toBuffer();
        } catch {
          // A header that reads over pixels that do not.
          throw new InputError(
            `Prediction failed: could not read input ${picture.field}: not a picture the model can decode`,
          );
        }
      };
      const [first, last] = await Promise.allSettled([fitted(frames.first), fitted(frames.last)]);
      if (first.status === 'rejected') throw first.reason;
      if (last.status === 'rejected') throw last.reason;
      return { first: first.value, last: last.value };
    };
  }

  /**
   * A recording input (OmniHuman's `audio`) fetched through the guarded input fetch into the
   * prediction's folder, and its length; a file with no sound, or one as long as the model
   * refuses, fails the prediction as the model would.
   */
  async function speechInput(
    ref: PictureRef,
    dir: string,
    signal: AbortSignal,
  ): Promise<{ path: string; seconds: number }> {
    const bytes = await fetchInputBytes(ref.url, { fetch: fetchImpl, field: ref.field, signal });
    await mkdir(dir, { recursive: true });
    const path = join(dir, 'speech-input');
    await writeFile(path, bytes);
    const seconds = await recordingSeconds(path, signal);
    if (seconds === null || seconds <= 0) {
      await rm(path, { force: true });
      throw new InputError(
        `Prediction failed: could not read input ${ref.field}: not audio the model can decode`,
      );
    }
    if (seconds >= OMNI_HUMAN_MAX_AUDIO_SEC) {
      await rm(path, { force: true });
      throw new InputError(
        `Prediction failed: audio duration must be less than ${OMNI_HUMAN_MAX_AUDIO_SEC} seconds`,
      );
    }
    return { path, seconds };
  }

  async function render(
    record: PredictionRecord,
    signal: AbortSignal,
  ): Promise<Prediction['output']> {
    const { id } = record.prediction;
    const plan = await record.plan(probe);
    if (plan.kind === 'text') {
      const { input } = record.prediction;
      return toTokens(
        isImproveRequest(input)
          ? improvePrompt(record.prompt, input)
          : translateRuToEn(extractSourceText(record.prompt)),
      );
    }
    const caption = `${record.model.ref} · Kadr emulator`;
    const dir = join(options.storageDir, id);
    const urlOf = (file: string) => `${record.baseUrl}/delivery/${id}/${file}`;
    const references =
      plan.kind === 'image' || plan.kind === 'video' ? (plan.references ?? []) : [];
    const lora = plan.kind === 'image' ? plan.lora : undefined;
    const mark = lora?.triggered ? lora.triggerWord : undefined;
    const overlay =
      references.length > 0 || mark !== undefined
        ? (size: { width: number; height: number }) =>
            referenceOverlay(
              size,
              references,
              { fetch: fetchImpl, signal },
              mark === undefined ? [] : [triggerMarkLayer(size, mark)],
            )
        : undefined;
    if (lora) {
      appendLog(
        record,
        `Loaded the trained LoRA (${references.length} of its pictures shown); trigger word ${lora.triggerWord} ${lora.triggered ? 'in' : 'not in'} the prompt`,
      );
    } else if (references.length > 0) {
      appendLog(record, `Using ${references.length} reference image(s)`);
    }
    if (plan.kind === 'video') {
      const file = 'out-0.mp4';
      // A talking character's recording, fetched and measured: the video lasts as long.
      const speech = plan.speech ? await speechInput(plan.speech, dir, signal) : undefined;
      const durationSec = speech?.seconds ?? plan.durationSec;
      appendLog(
        record,
        `Generating ${plan.size.width}x${plan.size.height}, ${durationSec.toFixed(2)} s${speech ? ', speaking the recording' : plan.frames ? ', from the first frame to the last frame' : ''}`,
      );
      try {
        await limitVideos(() =>
          renderVideo({
            size: plan.size,
            durationSec,
            audio: plan.audio,
            prompt: record.prompt,
            caption,
            path: join(dir, file),
            signal,
            ...(overlay ? { overlay } : {}),
            ...(plan.frames ? { frames: framePictures(plan.frames, signal) } : {}),
            ...(speech ? { speech: speech.path } : {}),
          }),
        );
      } finally {
        if (speech) await rm(speech.path, { force: true });
      }
      return urlOf(file);
    }
    if (plan.kind === 'tool') {
      const file = `out-0.${plan.job.format}`;
      appendLog(record, describeToolJob(plan.job));
      await limitTools(() =>
        runTool(plan.job, { fetch: fetchImpl, path: join(dir, file), signal }),
      );
      const url = urlOf(file);
      return record.model.output === 'uri-array' ? [url] : url;
    }
    appendLog(
      record,
      `Generating ${plan.count} image(s) at ${plan.size.width}x${plan.size.height}`,
    );
    const files = Array.from({ length: plan.count }, (_, i) => `out-${i}.${plan.format}`);
    // Fetched once for every output of the prediction.
    const imageOverlay = overlay ? await overlay(plan.size) : undefined;
    await Promise.all(
      files.map((file, variant) =>
        renderImage({
          size: plan.size,
          format: plan.format,
          prompt: record.prompt,
          caption,
          variant,
          path: join(dir, file),
          ...(imageOverlay ? { overlay: imageOverlay } : {}),
        }),
      ),
    );
    const urls = files.map(urlOf);
    return record.model.output === 'uri-array' ? urls : (urls[0] ?? null);
  }

  async function run(record: PredictionRecord): Promise<void> {
    const signal = AbortSignal.any([record.abort.signal, lifetime.signal]);
    const { total, queued } = timing(record);
    await sleep(queued, undefined, { signal });

    record.startedMs = preciseNow();
    record.prediction.status = 'processing';
    record.prediction.started_at = isoWithMicros(record.startedMs);
    appendLog(record, `Running ${record.model.ref}`);
    emit(record, 'start');

    const failing = shouldFail(record);
    const rendering = failing
      ? Promise.resolve<RenderOutcome>({ ok: true, output: null })
      : track(render(record, signal)).then(
          (output): RenderOutcome => ({ ok: true, output }),
          (error: unknown): RenderOutcome => ({ ok: false, error }),
        );
    const processing = total - queued;
    if (record.model.kind !== 'text') {
      await sleep(processing / 2, undefined, { signal });
      appendLog(record, '50%|█████     | 14/28');
      emit(record, 'logs');
      await sleep(processing - processing / 2, undefined, { signal });
    } else {
      await sleep(processing, undefined, { signal });
    }
    const outcome = await rendering;
    if (signal.aborted) return;

    if (failing) {
      finish(record, 'failed', { error: failureMessage(record.switches) });
    } else if (!outcome.ok && outcome.error instanceof InputError) {
      // The input itself is at fault: say so, as a model that cannot read its input would.
      finish(record, 'failed', { error: outcome.error.message });
    } else if (!outcome.ok) {
      options.logger?.error(
        { predictionId: record.prediction.id, err: outcome.error },
        'replicate emulator: rendering failed',
      );
      finish(record, 'failed', {
        error: 'Prediction failed: the emulator could not render output',
      });
    } else {
      record.prediction.output = outcome.output;
      appendLog(record, '100%|██████████| 28/28');
      emit(record, 'output');
      finish(record, 'succeeded');
    }
  }

  function forget(): void {
    if (records.size <= MAX_KEPT_PREDICTIONS) return;
    for (const [id, record] of records) {
      if (records.size <= MAX_KEPT_PREDICTIONS) break;
      if (isTerminal(record.prediction.status)) records.delete(id);
    }
  }

  return {
    create(params: CreatePredictionParams): Prediction {
      const id = newPredictionId();
      const createdMs = preciseNow();
      let resolveSettled = () => {};
      const settled = new Promise<void>((resolve) => {
        resolveSettled = resolve;
      });
      const prediction: Prediction = {
        id,
        model: params.model.ref,
        version: params.model.version,
        input: params.input,
        output: null,
        error: null,
        logs: '',
        status: 'starting',
        source: 'api',
        data_removed: false,
        created_at: isoWithMicros(createdMs),
        started_at: null,
        completed_at: null,
        metrics: {},
        urls: {
          get: `${params.baseUrl}/v1/predictions/${id}`,
          cancel: `${params.baseUrl}/v1/predictions/${id}/cancel`,
        },
        ...(params.webhook
          ? {
              webhook: params.webhook,
              webhook_events_filter: params.webhookEventsFilter ?? [...WEBHOOK_EVENTS],
            }
          : {}),
      };
      const record: PredictionRecord = {
        prediction,
        model: params.model,
        prompt: params.prompt,
        switches: params.switches ?? params.prompt,
        plan: params.plan,
        baseUrl: params.baseUrl,
        createdMs,
        abort: new AbortController(),
        webhookChain: Promise.resolve(),
        settled,
        resolveSettled,
      };
      records.set(id, record);
      forget();
      run(record).catch((error: unknown) => {
        if (record.abort.signal.aborted || lifetime.signal.aborted) return;
        options.logger?.error({ predictionId: id, err: error }, 'replicate emulator: run failed');
        if (!isTerminal(record.prediction.status)) {
          finish(record, 'failed', { error: 'Prediction failed: internal emulator error' });
        }
      });
      return snapshot(record);
    },

    get(id: string): Prediction | undefined {
      const record = records.get(id);
      return record ? snapshot(record) : undefined;
    },

    list(): Prediction[] {
      return [...records.values()].reverse().map(snapshot);
    },

    /** Cancels a running prediction; a terminal one is returned unchanged. */
    cancel(id: string): Prediction | undefined {
      const record = records.get(id);
      if (!record) return undefined;
      if (!isTerminal(record.prediction.status)) {
        record.abort.abort();
        finish(record, 'canceled');
      }
      return snapshot(record);
    },

    /** Resolves when the prediction is terminal or `timeoutMs` passes, whichever is first. */
    async waitForTerminal(id: string, timeoutMs: number): Promise<Prediction | undefined> {
      const record = records.get(id);
      if (!record) return undefined;
      const timeout = new AbortController();
      await Promise.race([
        record.settled,
        sleep(timeoutMs, undefined, { signal: timeout.signal }).catch(() => {}),
      ]);
      timeout.abort();
      return snapshot(record);
    },

    /** Resolves when every queued webhook delivery of the prediction has finished. */
    async webhooksSettled(id: string): Promise<void> {
      await records.get(id)?.webhookChain;
    },

    get latencyMs(): number {
      return latencyMs;
    },

    set latencyMs(value: number) {
      if (!Number.isFinite(value) || value < 0) throw new RangeError('latencyMs must be >= 0');
      latencyMs = value;
    },

    /**
     * Stops timers, renders and deliveries of running predictions and resolves once they have
     * wound down; predictions created later run normally.
     */
    async stop(): Promise<void> {
      lifetime.abort();
      lifetime = new AbortController();
      await Promise.allSettled([...pending]);
    },

    clear(): void {
      for (const record of records.values()) record.abort.abort();
      records.clear();
    },
  };
}

type RenderOutcome = { ok: true; output: Prediction['output'] } | { ok: false; error: unknown };

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
