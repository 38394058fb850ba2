import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AcceptedImageType, recordingMaxSeconds, recordingMinMs } from '@kadr/catalog';
import sharp from 'sharp';
import type { MediaTools } from '../../providers/media/media.ts';
import { type ObjectStorage, StorageUnavailableError } from '../../providers/storage/storage.ts';
import type { FileRepository, FileRow, NewFile } from '../files/index.ts';
import { sniffAudioType } from './audio-sniff.ts';
import { extensionOf, sniffImageType } from './image-sniff.ts';

export interface UploadLimits {
  maxBytes: number;
  /** Longest side kept; larger pictures are scaled down (models do not need more). */
  maxSide: number;
}

/** How storing an upload ended: the picture's file record, or why it was refused. */
export type ImageStore =
  | { outcome: 'stored'; file: FileRow }
  | { outcome: 'empty' }
  /** Not JPEG, PNG, GIF or WebP by its bytes (whatever it is called). */
  | { outcome: 'unsupported_type' }
  /** It claims a picture type but does not decode (damaged, or a decompression bomb). */
  | { outcome: 'undecodable' };

/** How storing a recording ended (issue #48, ADR 049): its file record, or why it was refused. */
export type RecordingStore =
  | { outcome: 'stored'; file: FileRow }
  | { outcome: 'empty' }
  /** Not MP3, WAV, M4A, AAC or Ogg by its bytes. */
  | { outcome: 'unsupported_type' }
  /** It claims an audio type but holds no sound ffmpeg can read. */
  | { outcome: 'undecodable' }
  | { outcome: 'too_short'; durationMs: number }
  | { outcome: 'too_long'; durationMs: number };

// A decompression bomb (a tiny file that decodes to gigapixels) is refused before decoding.
const MAX_INPUT_PIXELS = 100_000_000;

export function createUploadService(deps: {
  storage: ObjectStorage;
  repositories: { files: FileRepository };
  limits: UploadLimits;
  /** Reads and rewrites recordings; absent, a recording is refused as unreadable. */
  media?: Pick<MediaTools, 'recording'>;
}) {
  async function reencode(
    bytes: Buffer,
    type: AcceptedImageType,
  ): Promise<{ data: Buffer; width: number; height: number }> {
    const animated = type === 'image/gif' || type === 'image/webp';
    let image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' })
      .rotate()
      .resize({
        width: deps.limits.maxSide,
        height: deps.limits.maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      });
    // Re-encoding drops anything that is not the picture: metadata, trailing payloads, polyglots.
    if (type === 'image/jpeg') image = image.jpeg({ quality: 92, mozjpeg: true });
    else if (type === 'image/png') image = image.png();
    else if (type === 'image/gif') image = image.gif();
    else image = image.webp({ quality: 92 });
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.pageHeight ?? info.height };
  }

  /** Removes an object nobody will ever name; a store still away keeps it (nothing refers to it). */
  const forget = (key: string) => deps.storage.delete(key).catch(() => {});

  return {
    /** Checks, cleans and stores a picture a person uploaded; answers its file record. */
    async storeImage(ownerId: string, bytes: Buffer): Promise<ImageStore> {
      if (bytes.length === 0) return { outcome: 'empty' };
      const type = sniffImageType(bytes);
      if (!type) return { outcome: 'unsupported_type' };
      let encoded: { data: Buffer; width: number; height: number };
      try {
        encoded = await reencode(bytes, type);
      } catch {
        return { outcome: 'undecodable' };
      }
      const file = await keep(ownerId, encoded.data, extensionOf[type], {
        mime: type,
        width: encoded.width,
        height: encoded.height,
      });
      return { outcome: 'stored', file };
    },

    /**
     * Checks and stores a recording a person uploaded (a talking character's voice): sniffed,
     * then read and written again as an MP3 by ffmpeg, 1 to `recordingMaxSeconds` seconds long;
     * answers its file record, whose `durationMs` prices the video made from it.
     */
    async storeRecording(ownerId: string, bytes: Buffer): Promise<RecordingStore> {
      if (bytes.length === 0) return { outcome: 'empty' };
      if (!sniffAudioType(bytes)) return { outcome: 'unsupported_type' };
      if (!deps.media) return { outcome: 'undecodable' };
      const dir = await mkdtemp(path.join(tmpdir(), 'kadr-recording-'));
      try {
        const input = path.join(dir, 'input');
        const output = path.join(dir, 'recording.mp3');
        await writeFile(input, bytes);
        const read = await deps.media.recording(input, output, recordingMaxSeconds * 1000);
        if (read.outcome === 'unreadable') return { outcome: 'undecodable' };
        if (read.outcome === 'too_long') return read;
        if (read.durationMs < recordingMinMs) {
          return { outcome: 'too_short', durationMs: read.durationMs };
        }
        const data = await readFile(output);
        const file = await keep(ownerId, data, 'mp3', {
          mime: 'audio/mpeg',
          durationMs: read.durationMs,
        });
        return { outcome: 'stored', file };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };

  /**
   * Stores an upload's bytes under a random name and records them. The object first, then its row:
   * a row never names an object that is not there. Whichever fails, the other is not left behind,
   * so a retry starts from nothing.
   */
  async function keep(
    ownerId: string,
    data: Buffer,
    extension: string,
    facts: Pick<NewFile, 'mime' | 'width' | 'height' | 'durationMs'>,
  ): Promise<FileRow> {
    const id = randomUUID();
    const key = `uploads/${id.slice(0, 2)}/${id}.${extension}`;
    try {
      await deps.storage.put(key, data, { contentType: facts.mime });
    } catch (error) {
      // A write that timed out may still have landed: take it back if the store lets us.
      if (error instanceof StorageUnavailableError) await forget(key);
      throw error;
    }
    try {
      return await deps.repositories.files.insert({
        id,
        ownerId,
        kind: 'upload',
        storageKey: key,
        bytes: data.length,
        ...facts,
      });
    } catch (error) {
      // No row (the database went away): the object would be an orphan nobody can reach.
      await forget(key);
      throw error;
    }
  }
}

export type UploadService = ReturnType<typeof createUploadService>;
