import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { videoJoin } from '@kadr/catalog';
import type { GenerationErrorCode } from '@kadr/contract';
import type { Transaction } from '../../lib/transaction.ts';
import type { JoinClip, MediaTools } from '../../providers/media/media.ts';
import { type ObjectStorage, StorageUnavailableError } from '../../providers/storage/storage.ts';
import type { FileRepository, FileRow } from '../files/index.ts';
import type { GenerationRepository, GenerationRow } from './generation.repository.ts';

/** One output copied into our storage, with its preview, before its rows are written. */
export interface StoredOutput {
  key: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  preview: { key: string; bytes: number; width: number; height: number };
}

/** An output as stored: its object, what the file is (probed) and its preview's object. */
export function storedOutput(
  key: string,
  bytes: number,
  info: { mime: string; width: number | null; height: number | null; durationMs: number | null },
  preview: { key: string; data: Buffer; width: number; height: number },
): StoredOutput {
  return {
    key,
    mime: info.mime,
    bytes,
    width: info.width,
    height: info.height,
    durationMs: info.durationMs,
    preview: {
      key: preview.key,
      bytes: preview.data.length,
      width: preview.width,
      height: preview.height,
    },
  };
}

/** Where a job is in its retries (the engine's). */
interface Attempt {
  number: number;
  max: number;
}

/** A join that cannot be made by trying again: a clip is gone, or ffmpeg refused it. */
class JoinRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JoinRefusedError';
  }
}

/**
 * Kadr's own join of clips (ADR 047): the clips' stored videos, trimmed and joined by ffmpeg into
 * one MP4 stored as the request's output. It runs as the request's submission job, with no model;
 * it costs nothing, so a failure refunds nothing.
 */
export function createJoinRunner(deps: {
  transaction: Transaction<{ files: FileRepository; generations: GenerationRepository }>;
  storage: ObjectStorage;
  media: MediaTools;
  videoBytes: number;
  /** Records the stored output and completes the request (the engine's own completion). */
  record: (row: GenerationRow, stored: StoredOutput[]) => Promise<GenerationRow | undefined>;
  fail: (id: string, code: GenerationErrorCode, detail?: string) => Promise<unknown>;
  logger: { warn(details: object, message: string): void };
}) {
  /** Each clip's stored video, all of the person's own; a missing one refuses the join. */
  async function clipFiles(row: GenerationRow): Promise<FileRow[]> {
    const clips = row.jsondata.join?.clips ?? [];
    const ids = clips.map((clip) => clip.id);
    const found = await deps.transaction(['files'], (tx) => tx.files.findByGenerations(ids));
    return clips.map((clip) => {
      const file = found.find(
        (candidate) =>
          candidate.generationId === clip.id &&
          candidate.kind === 'output' &&
          candidate.position === 0 &&
          candidate.ownerId === row.userId &&
          candidate.mime.startsWith('video/'),
      );
      if (!file) throw new JoinRefusedError(`clip ${clip.id} is no longer there`);
      return file;
    });
  }

  /** Every file as a local copy (the store hands them out) for as long as `use` runs. */
  async function withLocalFiles<T>(
    keys: readonly string[],
    use: (locals: string[]) => Promise<T>,
    locals: string[] = [],
  ): Promise<T> {
    const [key, ...rest] = keys;
    if (key === undefined) return use(locals);
    return deps.storage.withLocalFile(key, (local) =>
      withLocalFiles(rest, use, [...locals, local]),
    );
  }

  async function render(row: GenerationRow, files: FileRow[]): Promise<StoredOutput> {
    const join = row.jsondata.join;
    if (!join) throw new JoinRefusedError('the request names no clips');
    const folder = `outputs/${row.id.slice(0, 2)}/${row.id}/${randomUUID().slice(0, 8)}`;
    const key = `${folder}/0.mp4`;
    const previewKey = `${folder}/0.preview.webp`;
    const work = await mkdtemp(path.join(tmpdir(), 'kadr-join-'));
    try {
      const output = path.join(work, 'joined.mp4');
      await withLocalFiles(
        files.map((file) => file.storageKey),
        async (locals) => {
          const clips: JoinClip[] = [];
          for (const [index, local] of locals.entries()) {
            const facts = await deps.media.videoFacts(local);
            const asked = join.clips[index];
            // A trim past the clip's real end keeps what there is.
            const endMs = Math.min(asked?.end_ms ?? facts.durationMs, facts.durationMs);
            const startMs = Math.min(
              asked?.start_ms ?? 0,
              Math.max(0, endMs - videoJoin.minClipMs),
            );
            clips.push({ file: local, startMs, endMs, facts });
          }
          try {
            await deps.media.join(clips, join.crossfade_ms, output);
          } catch (error) {
            throw new JoinRefusedError((error as Error).message);
          }
        },
      );
      const { size } = await stat(output);
      if (size > deps.videoBytes) throw new JoinRefusedError(`joined video too large: ${size}`);
      const info = await deps.media.probe(output, 'video');
      const preview = await deps.media.preview(output, 'video');
      await deps.storage.put(key, createReadStream(output), { maxBytes: deps.videoBytes });
      try {
        await deps.storage.put(previewKey, preview.data, { contentType: 'image/webp' });
      } catch (error) {
        await deps.storage.delete(key).catch(() => undefined);
        throw error;
      }
      return storedOutput(key, size, info, { key: previewKey, ...preview });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  return {
    /** Job `submit_generation` of a join: render it, store it, complete the request. */
    async run(row: GenerationRow, attempt: Attempt): Promise<void> {
      let stored: StoredOutput;
      try {
        stored = await render(row, await clipFiles(row));
      } catch (error) {
        const last = attempt.number >= attempt.max;
        // A store that is away may be back for the job's next attempt.
        if (error instanceof StorageUnavailableError && !last) throw error;
        deps.logger.warn({ err: error, id: row.id }, 'the clips could not be joined');
        await deps.fail(
          row.id,
          'join_failed',
          error instanceof JoinRefusedError ? error.message : undefined,
        );
        return;
      }
      const done = await deps.record(row, [stored]);
      // Someone else ended it meanwhile (deleted, cancelled): our copy goes.
      if (!done) {
        for (const key of [stored.key, stored.preview.key]) {
          await deps.storage.delete(key).catch(() => undefined);
        }
      }
    },
  };
}
