import { posix } from 'node:path';
import sharp from 'sharp';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { InputError, MAX_PIXELS } from './inputs.ts';
import { TRAINED_THUMBNAILS_MAX } from './trained-lora.ts';

/**
 * A training's zip read as train.py reads it (`__MACOSX/` and `._` entries skipped), each picture
 * (jpg, jpeg, png, webp) decoded with sharp, a caption being the `.txt` of the same name. The zip
 * was fetched within the input limits already; what it unpacks to is bounded here too, so a small
 * zip cannot expand into gigabytes.
 */

const PICTURE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp']);
/** One unpacked entry, as one input file may be. */
const MAX_ENTRY_BYTES = 25 * 1024 * 1024;
/** All unpacked entries together. */
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
const MAX_CAPTION_BYTES = 64 * 1024;
/** Thumbnails fit this box; the largest slot an output gives one is smaller. */
const THUMBNAIL_SIDE = 320;

export type TrainingPictures = {
  /** Pictures that decoded. */
  pictures: number;
  /** The first `TRAINED_THUMBNAILS_MAX` of them, by entry name, as JPEG `data:` URIs. */
  thumbnails: string[];
  /** Caption text by picture name (the entry's base name without extension). */
  captions: Map<string, string>;
  /** Pictures that did not decode, and entries too large, with the reason: for the logs. */
  skipped: string[];
  /** Decoded pictures without a caption of their own. */
  uncaptioned: number;
};

function skippedByTrainer(name: string): boolean {
  return (
    name.endsWith('/') || name.startsWith('__MACOSX/') || posix.basename(name).startsWith('._')
  );
}

/** The picture name a caption belongs to: `people/anna.txt` and `people/anna.jpg` → `anna`. */
function stem(name: string): string {
  const base = posix.basename(name);
  return base.slice(0, base.length - posix.extname(base).length);
}

async function readEntry(zip: ZipFile, entry: Entry, limit: number): Promise<Buffer> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limit) {
      stream.destroy();
      throw new Error('entry larger than declared');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

async function thumbnailOf(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { autoOrient: true, limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function openZip(bytes: Buffer): Promise<ZipFile> {
  try {
    return await yauzl.fromBufferPromise(bytes, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch {
    throw new InputError('Training failed: input_images must be a zip file');
  }
}

/** The zip's entries the trainer would use: pictures (by name) and caption files. */
async function listEntries(zip: ZipFile): Promise<{ pictures: Entry[]; captions: Entry[] }> {
  const pictures: Entry[] = [];
  const captions: Entry[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      if (skippedByTrainer(entry.fileName)) continue;
      const extension = posix.extname(entry.fileName).toLowerCase();
      if (PICTURE_EXTENSIONS.has(extension)) pictures.push(entry);
      else if (extension === '.txt') captions.push(entry);
    }
  } catch (error) {
    throw new InputError(
      `Training failed: input_images is not a readable zip file (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  pictures.sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  return { pictures, captions };
}

/** Reads the zip's pictures and captions; a zip it cannot open fails the training (InputError). */
export async function readTrainingZip(
  bytes: Buffer,
  signal?: AbortSignal,
): Promise<TrainingPictures> {
  const zip = await openZip(bytes);
  try {
    const entries = await listEntries(zip);
    const result: TrainingPictures = {
      pictures: 0,
      thumbnails: [],
      captions: new Map(),
      skipped: [],
      uncaptioned: 0,
    };
    let unpacked = 0;
    // One entry at a time: a decoded picture is the largest thing held.
    const take = async (entry: Entry, limit: number): Promise<Buffer | undefined> => {
      signal?.throwIfAborted();
      if (
        entry.uncompressedSize > limit ||
        unpacked + entry.uncompressedSize > MAX_UNPACKED_BYTES
      ) {
        result.skipped.push(`${entry.fileName}: too large`);
        return undefined;
      }
      unpacked += entry.uncompressedSize;
      try {
        return await readEntry(zip, entry, limit);
      } catch (error) {
        signal?.throwIfAborted();
        const reason = error instanceof Error ? error.message : String(error);
        throw new InputError(
          `Training failed: input_images is not a readable zip file (${entry.fileName}: ${reason})`,
        );
      }
    };
    for (const entry of entries.captions) {
      const caption = await take(entry, MAX_CAPTION_BYTES);
      if (caption) result.captions.set(stem(entry.fileName), caption.toString('utf8').trim());
    }
    for (const entry of entries.pictures) {
      const picture = await take(entry, MAX_ENTRY_BYTES);
      if (!picture) continue;
      const thumbnail = await thumbnailOf(picture).catch(() => undefined);
      if (!thumbnail) {
        result.skipped.push(`${entry.fileName}: not a picture the trainer can decode`);
        continue;
      }
      result.pictures++;
      if (!result.captions.has(stem(entry.fileName))) result.uncaptioned++;
      if (result.thumbnails.length < TRAINED_THUMBNAILS_MAX) {
        result.thumbnails.push(`data:image/jpeg;base64,${thumbnail.toString('base64')}`);
      }
    }
    return result;
  } finally {
    zip.close();
  }
}
