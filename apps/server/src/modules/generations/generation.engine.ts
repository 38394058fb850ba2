import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  getModel,
  getStyle,
  isJoin,
  type ModelDefinition,
  type Size,
  styledPrompt,
  toProviderRequest,
  type ValidatedRequest,
  videoJoin,
  withElementNames,
  withTriggerWord,
} from '@kadr/catalog';
import type { GenerationErrorCode, GenerationJsondata } from '@kadr/contract';
import type { Transaction } from '../../lib/transaction.ts';
import { RefusedAddressError } from '../../providers/http/outbound-fetch.ts';
import type { MediaTools } from '../../providers/media/media.ts';
import {
  type ModelProvider,
  type Prediction,
  ProviderError,
  terminalStatuses,
} from '../../providers/replicate/replicate.adapter.ts';
import { type ObjectStorage, StorageUnavailableError } from '../../providers/storage/storage.ts';
import { needsTranslation, type Translator } from '../../providers/translate/translator.ts';
import type { FileRepository, FileUrls } from '../files/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { ProviderHealth } from '../provider-health/index.ts';
import { type JobRepository, SUBMIT_JOB_KEY_PREFIX } from '../queue/index.ts';
import type { WebhookDeliveryRepository } from '../webhooks-out/index.ts';
import type { GenerationRepository, GenerationRow, Generations } from './generation.repository.ts';
import { generationErrorTexts, providerFailureCode } from './generation-errors.ts';
import { announceGeneration } from './generation-events.ts';
import { budgetMs, PAUSE_SPREAD_MS, retryAt, retryDelayMs } from './retry-schedule.ts';
import { createJoinRunner, type StoredOutput, storedOutput } from './video-joins.ts';

export interface EngineLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface EngineOptions {
  repositories: {
    generations: Generations;
    jobs: JobRepository;
    transaction: Transaction<{
      generations: GenerationRepository;
      ledger: Ledger;
      files: FileRepository;
      webhookDeliveries: WebhookDeliveryRepository;
      jobs: JobRepository;
    }>;
  };
  provider: ModelProvider;
  /** The provider's shared pause after a 429: read before every submission, started on one. */
  providerHealth: Pick<ProviderHealth, 'pausedUntil' | 'rateLimited'>;
  translator: Translator;
  storage: ObjectStorage;
  media: MediaTools;
  urls: FileUrls;
  /** The webhook address a request's prediction is created with (bound to the request). */
  webhookUrlFor: (requestId: string) => string;
  /** The site's origin: webhook messages name outputs by absolute v1 URLs. */
  publicUrl: string;
  /** Hosts outputs may be downloaded from (the provider's delivery CDN). */
  deliveryHosts: (host: string) => boolean;
  limits: { imageBytes: number; videoBytes: number };
  logger: EngineLogger;
  /** Fetches the provider's outputs (the global fetch unless a test hands its own). */
  fetch?: typeof fetch;
  /** The retries' jitter (Math.random unless a test fixes it). */
  random?: () => number;
}

/** Where a job is in its retries: the last attempt must settle the request, not throw. */
export interface JobAttempt {
  number: number;
  max: number;
}

/**
 * A job that waits for another step of the same generation — its submission's record — and is
 * retried by the queue: expected (a delivery can outrun a submit, more so while PostgreSQL is
 * away), so logged as a warning until the job's last attempt (main.ts, lib/job-logger.ts).
 */
export class WaitingForSubmissionError extends Error {}

/** A delivery arrived for a request whose prediction id is not recorded yet; the job retries. */
class SubmissionNotRecordedError extends WaitingForSubmissionError {
  constructor(requestId: string) {
    super(`request ${requestId} has no recorded prediction yet`);
    this.name = 'SubmissionNotRecordedError';
  }
}

/** Another submit is waiting for the provider's answer for this request; the job retries. */
class SubmissionInFlightError extends WaitingForSubmissionError {
  constructor(requestId: string) {
    super(`request ${requestId} is being submitted by another worker`);
    this.name = 'SubmissionInFlightError';
  }
}

/** Saving an output failed in a way another attempt cannot fix (a refused host, too large). */
class PermanentSaveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentSaveError';
  }
}

/**
 * How long a submit's claim on a request keeps other submits from asking the provider again. Longer
 * than a provider call may take (the adapter gives up after 30 s), so only a crashed or hung
 * submit's claim ever expires.
 */
const SUBMIT_LEASE_MS = 90_000;

/** Reconcile looks only at requests nobody has heard about for this long. */
export const RECONCILE_QUIET_MS = 30_000;

/**
 * Moves a request through the provider: submit, ingest results, reconcile the quiet ones, cancel.
 * Every transition is conditional on the current status, so retries, duplicate webhooks and
 * concurrent workers change a request at most once, and a failure refunds at most once.
 */
export function createGenerationEngine(options: EngineOptions) {
  const { repositories, provider, logger } = options;
  const generations = repositories.generations;
  const fetchOutput = options.fetch ?? fetch;
  const random = options.random ?? Math.random;

  function deadlineFor(model: ModelDefinition): Date {
    // Generous: three times the slowest usual run, at least ten minutes.
    return new Date(Date.now() + budgetMs(model));
  }

  /**
   * The provider cannot take the request now (issue #38): its submission waits for the model and
   * runs again at `wanted` (never past its budget, created + the model's span), marked
   * `waiting_for: 'model'` — the person is told when that starts. Once the budget has ended it
   * fails as `timeout` and is refunded, once; `why` (the provider's last failure) is kept for the
   * operator.
   */
  async function submitLater(
    row: GenerationRow,
    model: ModelDefinition,
    next: { wanted: number; retries: number; why: string },
  ): Promise<void> {
    const end = row.created.getTime() + budgetMs(model);
    const at = retryAt(next.wanted, end, Date.now());
    if (!at) {
      logger.warn(
        { generation: row.id, step: 'waiting', for: 'model', why: next.why },
        'the model service did not take the submission within its budget; refunding',
      );
      await failAndRefund(
        row.id,
        'timeout',
        `${generationErrorTexts.timeout} The model service's last answer: ${next.why}`,
      );
      return;
    }
    const waiting = await repositories.transaction(['generations', 'jobs'], async (tx) => {
      const marked = await tx.generations.markWaiting(row.id, {
        for: 'model',
        patch: { submit_retries: next.retries },
      });
      if (!marked) return undefined;
      // The same key: this run (which holds it) finishes, and the submission waits as a new job.
      await tx.jobs.enqueue(
        'submit_generation',
        { id: row.id },
        { jobKey: `${SUBMIT_JOB_KEY_PREFIX}${row.id}`, runAt: at },
      );
      if (row.jsondata.waiting_for !== 'model') await tx.generations.notify(row.userId, row.id);
      return marked;
    });
    if (waiting) {
      logger.info(
        { generation: row.id, step: 'waiting', for: 'model', at: at.toISOString(), why: next.why },
        'submission waits for the model service',
      );
    }
  }

  /**
   * The store is away while saving a finished result (issue #38): the prediction's result is kept
   * with the request (`jsondata.provider_output`, so a later run needs nothing from the provider,
   * and the reconcile job's re-enqueue, which carries no result, cannot lose it), which waits
   * for the store (`waiting_for: 'storage'`) and is stored again with our backoff until its
   * deadline; then it fails as `save_failed` and is refunded, once.
   */
  async function storeLater(
    row: GenerationRow,
    prediction: Prediction,
    error: StorageUnavailableError,
  ): Promise<void> {
    // Set when it was submitted; a request that has a prediction always has one.
    const end =
      row.deadline?.getTime() ??
      row.created.getTime() + budgetMs(getModel(row.model) ?? { typicalSeconds: { max: 0 } });
    const retries = Number(row.jsondata.store_retries ?? 0);
    const at = retryAt(Date.now() + retryDelayMs(retries, random), end, Date.now());
    if (!at) {
      logger.warn(
        { err: error, generation: row.id, step: 'waiting', for: 'storage' },
        'the file store did not come back before the deadline; refunding',
      );
      await failAndRefund(
        row.id,
        'save_failed',
        `${generationErrorTexts.save_failed} The file store: ${error.message}`,
      );
      return;
    }
    const waiting = await repositories.transaction(['generations', 'jobs'], async (tx) => {
      const marked = await tx.generations.markWaiting(row.id, {
        for: 'storage',
        predictionId: prediction.id,
        patch: { store_retries: retries + 1, provider_output: prediction.output },
      });
      if (!marked) return undefined;
      await tx.jobs.enqueue(
        'ingest_prediction',
        { requestId: row.id, predictionId: prediction.id },
        { jobKey: `ingest:${prediction.id}`, runAt: at },
      );
      if (row.jsondata.waiting_for !== 'storage') await tx.generations.notify(row.userId, row.id);
      return marked;
    });
    if (waiting) {
      logger.warn(
        { err: error, generation: row.id, step: 'waiting', for: 'storage', at: at.toISOString() },
        'the result waits for the file store',
      );
    }
  }

  /** A result kept while it waited for the store: the prediction as it ended, without asking. */
  function keptResult(row: GenerationRow, predictionId: string): Prediction | undefined {
    if (row.jsondata.waiting_for !== 'storage' || !('provider_output' in row.jsondata)) {
      return undefined;
    }
    return {
      id: predictionId,
      status: 'succeeded',
      output: row.jsondata.provider_output,
      error: null,
    };
  }

  /**
   * Ends an active request as failed and gives every token back — at most once, whoever calls.
   * `code` is what the person is told; `detail` (the provider's words, by default the code's
   * sentence) is kept for the operator.
   */
  async function failAndRefund(
    id: string,
    code: GenerationErrorCode,
    detail: string = generationErrorTexts[code],
  ): Promise<GenerationRow | undefined> {
    const uses = ['generations', 'ledger', 'webhookDeliveries', 'jobs'] as const;
    const failed = await repositories.transaction(uses, async (tx) => {
      const row = await tx.generations.markFailed(id, code, detail.slice(0, 2000));
      if (!row) return undefined;
      if (row.cost > 0)
        await tx.ledger.refundGeneration({
          userId: row.userId,
          generationId: row.id,
          tokens: row.cost,
        });
      await tx.generations.notify(row.userId, row.id);
      // A key's generation: its receivers hear of the failure (and the refund) with the settle.
      if (row.apiKeyId) {
        await announceGeneration(tx, row.id, 'generation.failed', {
          refunded: row.cost > 0,
          publicUrl: options.publicUrl,
        });
      }
      return row;
    });
    if (failed)
      logger.info({ generation: id, step: 'failed', code }, 'generation failed; refunded');
    return failed;
  }

  /**
   * The prompt as the model should read the elements it names: a trained character's trigger word
   * where it names the character (ADR 045), or for references which picture shows each element
   * (issue #47). Put in before translation, which keeps Latin words.
   */
  function withNames(row: GenerationRow, prompt: string): string {
    const { trained, elements = [], references = [] } = row.jsondata;
    if (trained) return withTriggerWord(prompt, elements[0]?.name ?? '', trained.trigger_word);
    return references.length > 0 ? withElementNames(prompt, elements) : prompt;
  }

  function negativeOf(parameters: Record<string, unknown>): string | undefined {
    const value = parameters.negative_prompt;
    return typeof value === 'string' ? value : undefined;
  }

  function validatedOf(row: GenerationRow, prompt: string): ValidatedRequest {
    const input = (row.jsondata.input ?? {}) as Record<string, string | number | boolean | null>;
    const { duration, ...parameters } = input;
    const references = row.jsondata.references ?? [];
    // A trained character (ADR 045): its version, and its trigger word (kept by the translation,
    // or put first if it was not: `withTriggerWord` adds it only when missing).
    const trained = row.jsondata.trained;
    const character = row.jsondata.elements?.[0]?.name ?? '';
    const named = trained ? withTriggerWord(prompt, character, trained.trigger_word) : prompt;
    // A style preset's words after the prompt as translated, and its negative words where the
    // model takes a negative prompt (ADR 051).
    const style = row.jsondata.style ? getStyle(row.jsondata.style) : undefined;
    const model = getModel(row.model);
    const styled =
      style && model ? styledPrompt(style, model, named, negativeOf(parameters)) : null;
    const takesNegative = model?.parameters.some((def) => def.name === 'negative_prompt') ?? false;
    if (styled?.negative && takesNegative) parameters.negative_prompt = styled.negative;
    return {
      model: row.model,
      type: row.type,
      prompt: styled ? styled.prompt : named,
      parameters,
      duration: typeof duration === 'number' ? duration : 0,
      ...(references.length > 0 ? { references } : {}),
      ...(trained ? { version: trained.version } : {}),
    } as ValidatedRequest;
  }

  /** A tool's source picture's size, kept with the request at create (jsondata.source_size). */
  function sourceSizeOf(row: GenerationRow): Size | undefined {
    const size = row.jsondata.source_size;
    return size && size.width > 0 && size.height > 0 ? size : undefined;
  }

  /** Our file URLs become short-lived signed URLs the provider can fetch. */
  function signedInputUrl(url: string): string {
    const own = options.urls.parseOwn(url);
    return own ? options.urls.signed(own.id, own.name, 3600) : url;
  }

  async function download(url: string, maxBytes: number, key: string) {
    const parsed = new URL(url);
    if (!['https:', 'http:'].includes(parsed.protocol) || !options.deliveryHosts(parsed.host)) {
      throw new PermanentSaveError(`refusing to download from ${parsed.host}`);
    }
    const response = await fetchOutput(url, {
      redirect: 'error',
      signal: AbortSignal.timeout(120_000),
    }).catch((error: unknown) => {
      // An internal address will not become public on a retry.
      if (error instanceof RefusedAddressError) throw new PermanentSaveError(error.message);
      throw error;
    });
    if (!response.ok || !response.body) throw new Error(`download failed: HTTP ${response.status}`);
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxBytes) throw new PermanentSaveError(`output too large: ${declared} bytes`);
    const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    const { bytes } = await options.storage.put(key, body, { maxBytes });
    return bytes;
  }

  function outputUrls(output: unknown): string[] {
    if (typeof output === 'string') return [output];
    if (Array.isArray(output)) return output.filter((o): o is string => typeof o === 'string');
    return [];
  }

  /**
   * Marks the request completed with its stored outputs, their rows written in the same
   * transaction (nothing if someone else ended it first). A continuation (ADR 047) adds, in that
   * transaction, the free join of the clip it continues with what it made.
   */
  async function recordOutputs(
    row: GenerationRow,
    stored: readonly StoredOutput[],
  ): Promise<GenerationRow | undefined> {
    const uses = ['generations', 'files', 'webhookDeliveries', 'jobs'] as const;
    return repositories.transaction(uses, async (tx) => {
      const ids = stored.map(() => randomUUID());
      const records = stored.map((file, i) =>
        options.urls.path(ids[i] ?? '', path.posix.basename(file.key)),
      );
      // The status moves first: if someone else ended the request (a cancel, a duplicate delivery)
      // nothing is recorded and our copy is removed below.
      const completed = await tx.generations.markCompleted(row.id, records);
      if (!completed) return undefined;
      for (const [position, file] of stored.entries()) {
        await tx.files.insert({
          id: ids[position],
          ownerId: row.userId,
          generationId: row.id,
          kind: 'output',
          storageKey: file.key,
          mime: file.mime,
          bytes: file.bytes,
          width: file.width,
          height: file.height,
          durationMs: file.durationMs,
          position,
        });
        await tx.files.insert({
          ownerId: row.userId,
          generationId: row.id,
          kind: row.type === 'video' ? 'poster' : 'thumbnail',
          storageKey: file.preview.key,
          mime: 'image/webp',
          bytes: file.preview.bytes,
          width: file.preview.width,
          height: file.preview.height,
          position,
        });
      }
      await tx.generations.notify(row.userId, row.id);
      // A key's generation: its receivers hear of it with the files it names, in this transaction.
      if (completed.apiKeyId) {
        await announceGeneration(tx, row.id, 'generation.completed', {
          refunded: false,
          publicUrl: options.publicUrl,
        });
      }
      const continued = row.jsondata.extend_of;
      const made = stored[0]?.durationMs;
      if (continued && made) {
        const clip = await tx.generations.findById(continued);
        const [clipFile] = (await tx.files.findByGenerations([continued])).filter(
          (file) => file.kind === 'output' && file.position === 0,
        );
        // The clip may have been deleted meanwhile: what was made stays a result of its own.
        if (clip?.userId === row.userId && clip.status === 'completed' && clipFile?.durationMs) {
          const join: GenerationJsondata = {
            type: 'video',
            prompt: row.jsondata.prompt ?? '',
            input: {},
            output: null,
            join: {
              clips: [
                { id: clip.id, start_ms: 0, end_ms: clipFile.durationMs },
                { id: row.id, start_ms: 0, end_ms: made },
              ],
              crossfade_ms: 0,
              extension: row.id,
            },
          };
          const joined = await tx.generations.insertFree({
            id: randomUUID(),
            userId: row.userId,
            type: 'video',
            model: videoJoin.id,
            jsondata: join,
            sourceId: clip.id,
            // The continuation's key made it too: a key that reads only its own sees the join.
            apiKeyId: row.apiKeyId,
          });
          await tx.jobs.enqueue(
            'submit_generation',
            { id: joined.id },
            { jobKey: `${SUBMIT_JOB_KEY_PREFIX}${joined.id}` },
          );
          await tx.generations.notify(row.userId, joined.id);
        }
      }
      return completed;
    });
  }

  /**
   * Copies every output into our storage, then marks the request completed with its files. A save
   * that fails removes whatever it wrote; it is retried (the error is thrown) unless it cannot
   * succeed or this was the job's last attempt, and then the request fails and is refunded.
   */
  async function completeWith(
    row: GenerationRow,
    prediction: Prediction,
    attempt: JobAttempt | undefined,
  ): Promise<void> {
    const urls = outputUrls(prediction.output);
    if (urls.length === 0) {
      await failAndRefund(row.id, 'no_output');
      return;
    }
    const stored: StoredOutput[] = [];
    // Every object written, so a failure or a lost race leaves nothing behind in storage.
    const written: string[] = [];
    const removeWritten = async () => {
      for (const key of written) {
        // A store that is away may refuse the removal too: the orphan is logged, the job goes on.
        await options.storage.delete(key).catch((error: unknown) => {
          logger.warn(
            { err: error, id: row.id, key },
            'a partly saved output could not be removed',
          );
        });
      }
    };
    // This run's own folder: two runs at once for one prediction (a cancel's and a webhook's ingest)
    // then never overwrite each other's objects, nor remove the winner's when one loses or fails.
    const folder = `outputs/${row.id.slice(0, 2)}/${row.id}/${randomUUID().slice(0, 8)}`;
    try {
      for (const [index, url] of urls.entries()) {
        const extension =
          path.posix.extname(new URL(url).pathname).toLowerCase().replace('.', '') ||
          (row.type === 'video' ? 'mp4' : 'png');
        const key = `${folder}/${index}.${extension}`;
        const maxBytes =
          row.type === 'video' ? options.limits.videoBytes : options.limits.imageBytes;
        written.push(key);
        const bytes = await download(url, maxBytes, key);
        // ffprobe and the preview read a file: the store hands one out (a copy, on S3) and removes it.
        const { info, preview } = await options.storage.withLocalFile(key, async (local) => ({
          info: await options.media.probe(local, row.type),
          preview: await options.media.preview(local, row.type),
        }));
        const previewKey = `${folder}/${index}.preview.webp`;
        written.push(previewKey);
        await options.storage.put(previewKey, preview.data, { contentType: 'image/webp' });
        stored.push(storedOutput(key, bytes, info, { key: previewKey, ...preview }));
      }
    } catch (error) {
      await removeWritten();
      if (error instanceof StorageUnavailableError) {
        await storeLater(row, prediction, error);
        return;
      }
      const last = attempt !== undefined && attempt.number >= attempt.max;
      if (!(error instanceof PermanentSaveError) && !last) throw error;
      logger.warn({ err: error, id: row.id }, 'outputs could not be saved; refunding');
      await failAndRefund(row.id, 'save_failed');
      return;
    }

    const done = await recordOutputs(row, stored);
    if (!done) await removeWritten();
    else
      logger.info(
        { generation: row.id, step: 'completed', files: stored.length },
        'generation completed',
      );
  }

  // Kadr's own joins of clips (ADR 047): no model, the same completion.
  const joins = createJoinRunner({
    transaction: repositories.transaction,
    storage: options.storage,
    media: options.media,
    videoBytes: options.limits.videoBytes,
    record: recordOutputs,
    fail: failAndRefund,
    logger,
  });

  return {
    /** Job `submit_generation`: translate if asked, create the prediction, remember its id. */
    async submit(id: string, attempt: JobAttempt): Promise<void> {
      const row = await generations.findById(id);
      // Submitted already (it stays pending while the model boots): a second prediction would run,
      // and be paid for, for nothing. A job retried late (a dead worker's, freed hours after)
      // and a reconcile racing a slow worker end here.
      if (row?.status !== 'pending' || row.replicateId) return;
      if (isJoin(row.model)) {
        await joins.run(row, attempt);
        return;
      }
      const model = getModel(row.model);
      if (!model) {
        await failAndRefund(id, 'not_accepted');
        return;
      }
      const retries = Number(row.jsondata.submit_retries ?? 0);
      // A 429 paused every submission: wait for its end without asking (no retry is used up).
      const paused = await options.providerHealth.pausedUntil();
      if (paused) {
        await submitLater(row, model, {
          wanted: paused.getTime() + random() * PAUSE_SPREAD_MS,
          retries,
          why: `HTTP 429, submissions paused until ${paused.toISOString()}`,
        });
        return;
      }
      try {
        // A trained character's trigger word stands where the prompt names it before translation
        // (which keeps Latin words): a translated name would no longer be found (ADR 045).
        const original = withNames(row, String(row.jsondata.prompt ?? ''));
        let prompt =
          typeof row.jsondata.sent_prompt === 'string' ? row.jsondata.sent_prompt : original;
        if (
          row.jsondata.translate_prompt === true &&
          prompt === original &&
          needsTranslation(original)
        ) {
          try {
            prompt = await options.translator.toEnglish(original);
            await generations.mergeJsondata(id, { sent_prompt: prompt });
          } catch (error) {
            // The provider is away (it runs the translation too): the submission waits for it.
            if (error instanceof ProviderError && !error.permanent) throw error;
            // Most models read other languages too: a failed translation should not fail the request.
            logger.warn({ err: error, id }, 'prompt translation failed; sending the original');
            await generations.mergeJsondata(id, {
              sent_prompt: original,
              translation_failed: true,
            });
          }
        }
        const webhook = options.webhookUrlFor(id);
        // Replicate takes no idempotency key: a submit that asked and lost the answer (killed,
        // timed out) would make and pay for a second prediction. A claim records each ask; the
        // next submit first looks for the prediction that ask may have made, and adopts it.
        const claim = await generations.claimSubmission(id, SUBMIT_LEASE_MS);
        if (!claim) return;
        const earlier = claim.previous
          ? await provider.findByWebhook(webhook, new Date(claim.previous.getTime() - 60_000))
          : undefined;
        if (!earlier && !claim.claimed) throw new SubmissionInFlightError(id);
        let prediction: Prediction;
        if (earlier) {
          prediction = earlier;
        } else {
          const request = toProviderRequest(
            validatedOf(row, prompt),
            signedInputUrl,
            sourceSizeOf(row),
          );
          try {
            prediction = await provider.create({ ...request, webhook });
          } catch (error) {
            // The provider answered with a refusal: nothing was made, nothing to look for later.
            if (error instanceof ProviderError && error.status !== undefined) {
              await generations.releaseSubmission(id);
            }
            throw error;
          }
        }
        const updated = await repositories.transaction(['generations'], async (tx) => {
          const marked = await tx.generations.markSubmitted(
            id,
            prediction.id,
            deadlineFor(model),
            prediction.status === 'starting' ? 'pending' : 'processing',
          );
          if (marked) await tx.generations.notify(marked.userId, marked.id);
          return marked;
        });
        if (updated) {
          logger.info(
            { generation: id, step: 'submitted', prediction: prediction.id, model: row.model },
            'generation submitted',
          );
        }
        if (!updated) {
          // The request ended while we were submitting (canceled), or another submit recorded a
          // prediction first: stop ours, unless it is the very one recorded (adopted by both).
          const now = await generations.findById(id);
          if (now?.replicateId !== prediction.id) {
            await provider.cancel(prediction.id).catch(() => undefined);
          }
        } else if (terminalStatuses.has(prediction.status)) {
          await this.ingest({ requestId: id, predictionId: prediction.id }, prediction);
        }
      } catch (error) {
        if (error instanceof ProviderError && !error.permanent) {
          // 5xx, 429, a timeout, unreachable: the submission waits with our backoff (a 429 also
          // pauses everyone's), within its budget; the job ends well and does not count it.
          const backoff = Date.now() + retryDelayMs(retries, random);
          const pausedUntil =
            error.status === 429
              ? await options.providerHealth.rateLimited(error.retryAfterMs)
              : undefined;
          logger.warn(
            { err: error, generation: id, step: 'waiting', for: 'model', retry: retries + 1 },
            'the model service failed the submission; it is retried later',
          );
          await submitLater(row, model, {
            wanted: pausedUntil
              ? Math.max(backoff, pausedUntil.getTime() + random() * PAUSE_SPREAD_MS)
              : backoff,
            retries: retries + 1,
            why: `${error.summary}: ${error.message}`,
          });
          return;
        }
        const permanent = error instanceof ProviderError && error.permanent;
        if (permanent || attempt.number >= attempt.max) {
          logger.warn({ err: error, id }, 'submission failed for good; refunding');
          const detail =
            error instanceof ProviderError
              ? `${generationErrorTexts.not_accepted} ${error.message}`
              : generationErrorTexts.not_accepted;
          await failAndRefund(id, 'not_accepted', detail);
          return;
        }
        throw error;
      }
    },

    /**
     * Job `ingest_prediction`: bring a request up to date with its prediction (`known` when the
     * caller has it already; `attempt` when a job runs it, so its last attempt settles the request).
     */
    async ingest(
      payload: { requestId?: string | undefined; predictionId: string },
      known?: Prediction,
      attempt?: JobAttempt,
    ): Promise<void> {
      const row =
        (payload.requestId ? await generations.findById(payload.requestId) : undefined) ??
        (await generations.findByPrediction(payload.predictionId));
      if (!row || row.status === 'completed' || row.status === 'failed') return;
      // A request is bound to the prediction it was submitted with, and to nothing else.
      if (row.replicateId && row.replicateId !== payload.predictionId) return;
      if (!row.replicateId) {
        // Its submission has not recorded a prediction yet (a delivery can outrun the submit's
        // commit). Never take the delivery's word for which prediction it is: try again once the
        // submit has written it; after the last attempt the reconcile job settles the request.
        if (attempt && attempt.number < attempt.max) throw new SubmissionNotRecordedError(row.id);
        return;
      }
      const prediction =
        known ??
        keptResult(row, payload.predictionId) ??
        (await provider.get(payload.predictionId));
      if (!prediction) {
        await failAndRefund(row.id, 'lost');
        return;
      }
      if (!terminalStatuses.has(prediction.status)) {
        if (prediction.status === 'processing' && row.status === 'pending') {
          const began = await repositories.transaction(['generations'], async (tx) => {
            const started = await tx.generations.markProcessing(row.id);
            if (started) await tx.generations.notify(started.userId, started.id);
            return started;
          });
          if (began) logger.info({ generation: row.id, step: 'started' }, 'generation started');
        } else {
          await generations.touch(row.id);
        }
        return;
      }
      if (prediction.status === 'succeeded') {
        await completeWith(row, prediction, attempt);
        return;
      }
      if (prediction.status === 'canceled' || prediction.status === 'aborted') {
        await failAndRefund(row.id, 'canceled');
      } else {
        await failAndRefund(
          row.id,
          providerFailureCode(prediction.error),
          prediction.error ?? generationErrorTexts.model_failed,
        );
      }
    },

    /** Job `reconcile_generations`: nothing stays pending because a webhook or a worker was lost. */
    async reconcile(now = new Date()): Promise<number> {
      const quiet = await generations.findQuiet(new Date(now.getTime() - RECONCILE_QUIET_MS), 200);
      let handled = 0;
      for (const row of quiet) {
        const model = getModel(row.model);
        const usual = (model?.typicalSeconds.max ?? 60) * 1000;
        if (row.deadline && row.deadline < now) {
          if (row.replicateId) await provider.cancel(row.replicateId).catch(() => undefined);
          // A result made but never stored (the store stayed away) failed to save, not to run.
          await failAndRefund(
            row.id,
            row.jsondata.waiting_for === 'storage' ? 'save_failed' : 'timeout',
          );
          handled++;
        } else if (
          !row.replicateId &&
          row.status === 'pending' &&
          row.updated.getTime() < now.getTime() - 60_000
        ) {
          // Only makes sure a job exists: a retry the engine scheduled keeps its time.
          await repositories.jobs.enqueue(
            'submit_generation',
            { id: row.id },
            { jobKey: `${SUBMIT_JOB_KEY_PREFIX}${row.id}`, jobKeyMode: 'preserve_run_at' },
          );
          await generations.touch(row.id);
          handled++;
        } else if (row.replicateId && row.updated.getTime() < now.getTime() - usual) {
          await repositories.jobs.enqueue(
            'ingest_prediction',
            { requestId: row.id, predictionId: row.replicateId },
            { jobKey: `ingest:${row.replicateId}`, jobKeyMode: 'preserve_run_at' },
          );
          await generations.touch(row.id);
          handled++;
        }
      }
      if (handled > 0) logger.info({ handled }, 'reconciled quiet generations');
      return handled;
    },

    /** A person stops a running request: cancel at the provider, fail it as 'Canceled', refund. */
    async cancel(row: GenerationRow): Promise<GenerationRow | undefined> {
      if (row.replicateId) {
        const prediction = await provider.cancel(row.replicateId).catch((error: unknown) => {
          // The provider is away (issue #38): the person's cancel still ends it here and refunds;
          // whatever the prediction does later finds it ended.
          if (!(error instanceof ProviderError) || error.permanent) throw error;
          logger.warn(
            { err: error, id: row.id },
            'the provider did not take the cancel; ending it here',
          );
          return undefined;
        });
        if (prediction?.status === 'succeeded') {
          await this.ingest({ requestId: row.id, predictionId: prediction.id }, prediction);
          return generations.findById(row.id);
        }
      }
      await failAndRefund(row.id, 'canceled');
      return generations.findById(row.id);
    },
  };
}

export type GenerationEngine = ReturnType<typeof createGenerationEngine>;
