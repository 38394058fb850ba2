import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  getModel,
  type ModelDefinition,
  type Size,
  toProviderRequest,
  type ValidatedRequest,
} from '@kadr/catalog';
import type { GenerationErrorCode } from '@kadr/contract';
import type { Transaction } from '../../lib/transaction.ts';
import { RefusedAddressError } from '../../providers/http/outbound-fetch.ts';
import type { MediaTools } from '../../providers/media/media.ts';
import {
  type ModelProvider,
  type Prediction,
  ProviderError,
  terminalStatuses,
} from '../../providers/replicate/replicate.adapter.ts';
import type { ObjectStorage } from '../../providers/storage/storage.ts';
import { needsTranslation, type Translator } from '../../providers/translate/translator.ts';
import type { FileRepository, FileUrls } from '../files/index.ts';
import type { Ledger } from '../ledger/index.ts';
import { type JobRepository, SUBMIT_JOB_KEY_PREFIX } from '../queue/index.ts';
import type { WebhookDeliveryRepository } from '../webhooks-out/index.ts';
import type { GenerationRepository, GenerationRow, Generations } from './generation.repository.ts';
import { generationErrorTexts, providerFailureCode } from './generation-errors.ts';
import { announceGeneration } from './generation-events.ts';

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
}

/** Where a job is in its retries: the last attempt must settle the request, not throw. */
export interface JobAttempt {
  number: number;
  max: number;
}

/** A delivery arrived for a request whose prediction id is not recorded yet; the job retries. */
class SubmissionNotRecordedError extends Error {
  constructor(requestId: string) {
    super(`request ${requestId} has no recorded prediction yet`);
    this.name = 'SubmissionNotRecordedError';
  }
}

/** Another submit is waiting for the provider's answer for this request; the job retries. */
class SubmissionInFlightError extends Error {
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

  function deadlineFor(model: ModelDefinition): Date {
    // Generous: three times the slowest usual run, at least ten minutes.
    return new Date(Date.now() + Math.max(600, model.typicalSeconds.max * 3) * 1000);
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

  function validatedOf(row: GenerationRow, prompt: string): ValidatedRequest {
    const input = (row.jsondata.input ?? {}) as Record<string, string | number | boolean | null>;
    const { duration, ...parameters } = input;
    return {
      model: row.model,
      type: row.type,
      prompt,
      parameters,
      duration: typeof duration === 'number' ? duration : 0,
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
    const stored: {
      key: string;
      mime: string;
      bytes: number;
      width: number | null;
      height: number | null;
      durationMs: number | null;
      preview: { key: string; bytes: number; width: number; height: number };
    }[] = [];
    // Every object written, so a failure or a lost race leaves nothing behind in storage.
    const written: string[] = [];
    const removeWritten = async () => {
      for (const key of written) await options.storage.delete(key);
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
        stored.push({
          key,
          mime: info.mime,
          bytes,
          width: info.width,
          height: info.height,
          durationMs: info.durationMs,
          preview: {
            key: previewKey,
            bytes: preview.data.length,
            width: preview.width,
            height: preview.height,
          },
        });
      }
    } catch (error) {
      await removeWritten();
      const last = attempt !== undefined && attempt.number >= attempt.max;
      if (!(error instanceof PermanentSaveError) && !last) throw error;
      logger.warn({ err: error, id: row.id }, 'outputs could not be saved; refunding');
      await failAndRefund(row.id, 'save_failed');
      return;
    }

    const uses = ['generations', 'files', 'webhookDeliveries', 'jobs'] as const;
    const done = await repositories.transaction(uses, async (tx) => {
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
      return completed;
    });
    if (!done) await removeWritten();
    else
      logger.info(
        { generation: row.id, step: 'completed', files: stored.length },
        'generation completed',
      );
  }

  return {
    /** Job `submit_generation`: translate if asked, create the prediction, remember its id. */
    async submit(id: string, attempt: JobAttempt): Promise<void> {
      const row = await generations.findById(id);
      // Submitted already (it stays pending while the model boots): a second prediction would run,
      // and be paid for, for nothing. A job retried late (a dead worker's, freed hours after)
      // and a reconcile racing a slow worker end here.
      if (row?.status !== 'pending' || row.replicateId) return;
      const model = getModel(row.model);
      if (!model) {
        await failAndRefund(id, 'not_accepted');
        return;
      }
      try {
        const original = String(row.jsondata.prompt ?? '');
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
      const prediction = known ?? (await provider.get(payload.predictionId));
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
          await failAndRefund(row.id, 'timeout');
          handled++;
        } else if (
          !row.replicateId &&
          row.status === 'pending' &&
          row.updated.getTime() < now.getTime() - 60_000
        ) {
          await repositories.jobs.enqueue(
            'submit_generation',
            { id: row.id },
            { jobKey: `${SUBMIT_JOB_KEY_PREFIX}${row.id}` },
          );
          await generations.touch(row.id);
          handled++;
        } else if (row.replicateId && row.updated.getTime() < now.getTime() - usual) {
          await repositories.jobs.enqueue(
            'ingest_prediction',
            { requestId: row.id, predictionId: row.replicateId },
            { jobKey: `ingest:${row.replicateId}` },
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
        const prediction = await provider.cancel(row.replicateId);
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
