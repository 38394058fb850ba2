import { randomUUID } from 'node:crypto';
import type { AcceptedImageType } from '@kadr/catalog';
import sharp from 'sharp';
import { type ObjectStorage, StorageUnavailableError } from '../../providers/storage/storage.ts';
import type { FileRepository, FileRow } from '../files/index.ts';
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

// A decompression bomb (a tiny file that decodes to gigapixels) is refused before decoding.
const MAX_INPUT_PIXELS = 100_000_000;

export function createUploadService(deps: {
  storage: ObjectStorage;
  repositories: { files: FileRepository };
  limits: UploadLimits;
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
      const id = randomUUID();
      const key = `uploads/${id.slice(0, 2)}/${id}.${extensionOf[type]}`;
      // The object first, then its row: a row never names an object that is not there. Whichever
      // fails, the other is not left behind, so a retry starts from nothing.
      try {
        await deps.storage.put(key, encoded.data, { contentType: type });
      } catch (error) {
        // A write that timed out may still have landed: take it back if the store lets us.
        if (error instanceof StorageUnavailableError) await forget(key);
        throw error;
      }
      try {
        const file = await deps.repositories.files.insert({
          id,
          ownerId,
          kind: 'upload',
          storageKey: key,
          mime: type,
          bytes: encoded.data.length,
          width: encoded.width,
          height: encoded.height,
        });
        return { outcome: 'stored', file };
      } catch (error) {
        // No row (the database went away): the object would be an orphan nobody can reach.
        await forget(key);
        throw error;
      }
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
