import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { characterTraining, trainingInput, triggerWordFor } from '@kadr/catalog';
import { type Training, uuidPattern } from '@kadr/contract';
import sharp from 'sharp';
import yazl from 'yazl';
import type { Locale } from '../../lib/locale.ts';
import type { Transaction } from '../../lib/transaction.ts';
import {
  ProviderError,
  type ProviderTraining,
  type TrainingProvider,
} from '../../providers/replicate/replicate.adapter.ts';
import { ObjectMissingError, type ObjectStorage } from '../../providers/storage/storage.ts';
import type { FileUrls } from '../files/index.ts';
import { InsufficientTokensError, type Ledger } from '../ledger/index.ts';
import type { JobRepository } from '../queue/index.ts';
import type { ElementRepository } from './element.repository.ts';
import {
  activeTrainingStatuses,
  type TrainingEnd,
  type TrainingRepository,
  type TrainingRow,
  trainingUnderWay,
} from './training.repository.ts';

type Parts = {
  trainings: TrainingRepository;
  ledger: Pick<Ledger, 'chargeTraining' | 'refundTraining'>;
  jobs: Pick<JobRepository, 'enqueue'>;
};

/** How asking for a training, or to stop one, ended. */
export type TrainingOutcome =
  | { outcome: 'done'; training: Training }
  | { outcome: 'not_found' }
  /** A product, which the trainer does not learn. */
  | { outcome: 'not_trainable' }
  | { outcome: 'wrong_picture_count'; count: number; min: number; max: number }
  /** One is under way already (asking again), or none is (stopping). */
  | { outcome: 'running' }
  | { outcome: 'not_running' }
  | { outcome: 'insufficient_tokens'; required: number }
  /** Trainings are not set up here (no destination model configured). */
  | { outcome: 'unavailable' };

/** A job's place in its retries: the last one settles the training instead of throwing. */
type Attempt = { number: number; max: number };

/**
 * What went wrong, in the person's words (the provider's own error is for the operator's log); the
 * screens say the refund themselves, from `refunded`. A stopped training needs no explaining.
 */
const failedText: Record<Locale, string> = {
  ru: 'Не получилось обучить персонажа на этих фотографиях. Попробуйте другие: чёткие, при хорошем свете, на каждой одно и то же лицо.',
  en: 'The character could not be learnt from these photos. Try others: sharp, well lit, the same face on each.',
};

/** Where a training's zip of pictures is kept while the provider may fetch it. */
const zipKey = (id: string) => `trainings/${id}/pictures.zip`;

/** How long a trained character may take before Kadr stops it and gives the tokens back. */
const DEADLINE_MS = 3 * 60 * 60_000;
/** The zip's signed address lives this long: the provider fetches it when the training starts. */
const ZIP_URL_TTL_SECONDS = 6 * 60 * 60;

export interface TrainingLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Training a character once (issue #47, ADR 045). Asking charges the catalogue's price in the
 * transaction that records the training and its submit job; the job zips the element's pictures,
 * asks Replicate's trainings API and hands over to a poll job that follows it to the end. A
 * training that fails, is cancelled or outlives its deadline is refunded once (the ledger's
 * training entries are keyed by it); one that succeeds records the version its character runs.
 */
export function createTrainingService(deps: {
  repositories: {
    trainings: TrainingRepository;
    elements: ElementRepository;
    transaction: Transaction<Parts>;
  };
  trainer: TrainingProvider;
  storage: Pick<ObjectStorage, 'put' | 'read' | 'open' | 'delete'>;
  urls: Pick<FileUrls, 'signedFor'>;
  /** `owner/name` of the model trainings make versions of; undefined: trainings are off. */
  destination: string | undefined;
  /** Between two looks at a training under way. */
  pollEveryMs: number;
  logger: TrainingLogger;
  now?: () => number;
}) {
  const { trainings, elements, transaction } = deps.repositories;
  const now = deps.now ?? Date.now;
  const definition = characterTraining;

  function toRecord(row: TrainingRow, refunded: boolean, locale: Locale): Training {
    return {
      id: row.id,
      status: row.status,
      cost: row.cost,
      refunded,
      pictures: row.pictures,
      error: row.status === 'failed' ? failedText[locale] : null,
      created: row.created.toISOString(),
      finished: row.finished ? row.finished.toISOString() : null,
    };
  }

  async function recordOf(row: TrainingRow, locale: Locale): Promise<Training> {
    return toRecord(row, (await trainings.refunded([row.id])).has(row.id), locale);
  }

  /** Ends a training under way and, unless it succeeded, gives its tokens back — once. */
  async function finish(row: TrainingRow, end: TrainingEnd): Promise<TrainingRow | undefined> {
    const finished = await transaction(['trainings', 'ledger'], async (tx) => {
      const ended = await tx.trainings.finish(row.id, end);
      if (ended && end.status !== 'succeeded' && ended.cost > 0) {
        await tx.ledger.refundTraining({
          userId: ended.userId,
          trainingId: ended.id,
          tokens: ended.cost,
        });
      }
      return ended;
    });
    if (finished) {
      // The provider has read the pictures by now: the zip of them goes (a failure to remove it
      // leaves a file, never a wrong balance).
      await deps.storage.delete(zipKey(row.id)).catch((error: unknown) => {
        deps.logger.warn({ training: row.id, error: String(error) }, 'training zip not removed');
      });
      deps.logger.info(
        {
          training: row.id,
          step: end.status,
          ...(end.status === 'succeeded' ? {} : { error: end.error }),
        },
        end.status === 'succeeded' ? 'training succeeded' : 'training ended; refunded',
      );
    }
    return finished;
  }

  async function poll(id: string, delayMs = deps.pollEveryMs): Promise<void> {
    await transaction(['jobs'], (tx) =>
      tx.jobs.enqueue(
        'poll_training',
        { id },
        { jobKey: `training-poll:${id}`, runAt: new Date(now() + delayMs) },
      ),
    );
  }

  /** The element's pictures as one zip, stored for the provider to fetch: its signed address. */
  async function storeZip(row: TrainingRow, storageKeys: readonly string[]): Promise<string> {
    const zip = new yazl.ZipFile();
    for (const [index, key] of storageKeys.entries()) {
      // The trainer learns at 512–1024 px: a phone's full-size photo would only make the zip
      // heavier to fetch. Each is sent as a JPEG of at most 1536 px a side, upright.
      const picture = await sharp(await deps.storage.read(key))
        .rotate()
        .resize({ width: 1536, height: 1536, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 92 })
        .toBuffer();
      zip.addBuffer(picture, `${String(index + 1).padStart(2, '0')}.jpg`);
    }
    zip.end();
    await deps.storage.put(zipKey(row.id), zip.outputStream.pipe(new PassThrough()), {
      contentType: 'application/zip',
      maxBytes: 500 * 1024 * 1024,
    });
    return deps.urls.signedFor(
      `/api/trainings/${row.id}/pictures.zip`,
      row.id,
      ZIP_URL_TTL_SECONDS,
    );
  }

  function endOf(training: ProviderTraining): TrainingEnd | undefined {
    if (training.status === 'succeeded') {
      return training.version
        ? { status: 'succeeded', version: training.version, weights: training.weights }
        : { status: 'failed', error: 'the training succeeded without a version' };
    }
    if (training.status === 'failed') return { status: 'failed', error: training.error };
    if (training.status === 'canceled' || training.status === 'aborted') {
      return { status: 'canceled', error: training.error };
    }
    return undefined;
  }

  return {
    /** Asks for a training of one of the person's characters: charged now, refunded on failure. */
    async start(userId: string, elementId: string, locale: Locale): Promise<TrainingOutcome> {
      if (!uuidPattern.test(elementId)) return { outcome: 'not_found' };
      const element = await elements.find(userId, elementId);
      if (!element) return { outcome: 'not_found' };
      if (!definition.kinds.includes(element.kind)) return { outcome: 'not_trainable' };
      const { min, max } = definition.pictures;
      const count = element.pictures.length;
      if (count < min || count > max) return { outcome: 'wrong_picture_count', count, min, max };
      if (!deps.destination) return { outcome: 'unavailable' };
      const id = randomUUID();
      const tokens = definition.price.tokens;
      try {
        const row = await transaction(['trainings', 'ledger', 'jobs'], async (tx) => {
          const created = await tx.trainings.create({
            id,
            userId,
            elementId,
            cost: tokens,
            pictures: count,
            triggerWord: triggerWordFor(id),
          });
          await tx.ledger.chargeTraining({ userId, trainingId: id, tokens });
          await tx.jobs.enqueue('submit_training', { id }, { jobKey: `training-submit:${id}` });
          return created;
        });
        deps.logger.info(
          { training: id, element: elementId, step: 'asked', cost: tokens },
          'training asked',
        );
        return { outcome: 'done', training: toRecord(row, false, locale) };
      } catch (error) {
        if (trainingUnderWay(error)) return { outcome: 'running' };
        if (error instanceof InsufficientTokensError) {
          return { outcome: 'insufficient_tokens', required: tokens };
        }
        throw error;
      }
    },

    /** Stops the person's training under way: at once if not yet asked, else at the next look. */
    async cancel(userId: string, elementId: string, locale: Locale): Promise<TrainingOutcome> {
      if (!uuidPattern.test(elementId) || !(await elements.find(userId, elementId))) {
        return { outcome: 'not_found' };
      }
      const row = await transaction(['trainings'], async (tx) => {
        const active = await tx.trainings.lockActive(userId, elementId);
        if (active) await tx.trainings.requestCancel(active.id);
        return active;
      });
      if (!row) return { outcome: 'not_running' };
      if (!row.providerId) {
        const ended = await finish(row, {
          status: 'canceled',
          error: 'cancelled before it was asked',
        });
        if (ended) return { outcome: 'done', training: await recordOf(ended, locale) };
      }
      await poll(row.id, 0);
      const current = (await trainings.find(row.id)) ?? row;
      return { outcome: 'done', training: await recordOf(current, locale) };
    },

    /** The latest training of each element, as records, by element id. */
    async latest(userId: string, elementIds: readonly string[], locale: Locale) {
      const rows = await trainings.latestOf(userId, elementIds);
      const refunded = await trainings.refunded(rows.map((row) => row.id));
      return new Map(
        rows.flatMap((row) =>
          row.elementId
            ? [[row.elementId, toRecord(row, refunded.has(row.id), locale)] as const]
            : [],
        ),
      );
    },

    /** The versions the person's trained characters run, by element id (their latest success). */
    async trained(
      userId: string,
      elementIds: readonly string[],
    ): Promise<Map<string, { version: string; triggerWord: string }>> {
      const rows = await trainings.trainedOf(userId, elementIds);
      return new Map(
        rows.flatMap((row) =>
          row.elementId && row.version
            ? [[row.elementId, { version: row.version, triggerWord: row.triggerWord }] as const]
            : [],
        ),
      );
    },

    /** The stored zip of a training, for the provider holding its signed address. */
    async zip(id: string) {
      const row = uuidPattern.test(id) ? await trainings.find(id) : undefined;
      if (!row) return undefined;
      try {
        return await deps.storage.open(zipKey(row.id));
      } catch (error) {
        if (error instanceof ObjectMissingError) return undefined;
        throw error;
      }
    },

    /** The submit job: zips the pictures and asks the provider, once (a lost answer is found). */
    async submit(id: string, attempt: Attempt): Promise<void> {
      const row = await trainings.find(id);
      if (!row || !activeTrainingStatuses.includes(row.status)) return;
      if (row.providerId) return poll(id);
      const element = row.elementId ? await elements.find(row.userId, row.elementId) : undefined;
      if (!element || row.cancelRequested) {
        await finish(row, { status: 'canceled', error: element ? 'cancelled' : 'element deleted' });
        return;
      }
      if (!deps.destination) {
        await finish(row, { status: 'failed', error: 'trainings are not configured' });
        return;
      }
      try {
        // A retried submit may have asked already and lost the answer: its trigger word finds it.
        const earlier =
          attempt.number > 1
            ? await deps.trainer.findByTriggerWord(
                row.triggerWord,
                new Date(row.created.getTime() - 60_000),
              )
            : undefined;
        let training = earlier;
        if (!training) {
          const zipUrl = await storeZip(
            row,
            element.pictures.map((picture) => picture.storageKey),
          );
          await deps.trainer.ensureDestination(deps.destination);
          training = await deps.trainer.create({
            trainer: definition.provider.ref,
            destination: deps.destination,
            input: trainingInput(definition, {
              zipUrl,
              triggerWord: row.triggerWord,
              description: element.description,
            }),
          });
        }
        await trainings.markSubmitted(
          id,
          training.id,
          training.status === 'starting' ? 'starting' : 'processing',
        );
        deps.logger.info(
          { training: id, step: 'submitted', provider: training.id },
          'training submitted',
        );
        await poll(id);
      } catch (error) {
        const permanent = error instanceof ProviderError && error.permanent;
        if (permanent || attempt.number >= attempt.max) {
          await finish(row, {
            status: 'failed',
            error: error instanceof Error ? error.message : String(error),
          });
          return;
        }
        throw error;
      }
    },

    /** The poll job: one look at the provider; the end settles it, anything else looks again. */
    async follow(id: string): Promise<void> {
      const row = await trainings.find(id);
      if (!row || !activeTrainingStatuses.includes(row.status) || !row.providerId) return;
      try {
        const overdue = now() - row.created.getTime() > DEADLINE_MS;
        if (row.cancelRequested || !row.elementId || overdue) {
          const stopped = await deps.trainer.cancel(row.providerId);
          const end = stopped ? endOf(stopped) : { status: 'canceled' as const, error: 'gone' };
          if (end || overdue) {
            await finish(row, end ?? { status: 'failed', error: 'past its deadline' });
            return;
          }
        }
        const training = await deps.trainer.get(row.providerId);
        if (!training) {
          await finish(row, { status: 'failed', error: 'the provider no longer knows it' });
          return;
        }
        const end = endOf(training);
        if (end) {
          await finish(row, end);
          return;
        }
        if (training.status === 'processing' && row.status !== 'processing') {
          await trainings.markProcessing(id);
        }
      } catch (error) {
        // The provider away: look again later; the deadline settles one that never comes back.
        deps.logger.warn(
          { training: id, step: 'poll', error: String(error) },
          'training poll failed',
        );
        await poll(id, Math.max(deps.pollEveryMs, 5_000));
        return;
      }
      await poll(id);
    },
  };
}

export type TrainingService = ReturnType<typeof createTrainingService>;
