import path from 'node:path';
import type { SendableObject } from '../../lib/send-object.ts';
import { ObjectMissingError, type ObjectStorage } from '../../providers/storage/storage.ts';
import type { SessionUser } from '../auth/index.ts';
import type { FileRepository, FileRow } from './file.repository.ts';
import type { FileUrls } from './file-url.ts';

/**
 * A stored object as a route sends it. A row whose object has gone from the store (deleted after a
 * crash, a restored bucket) opens as `missing`.
 */
export function sendable(
  storage: Pick<ObjectStorage, 'open'>,
  file: Pick<FileRow, 'id' | 'storageKey' | 'bytes'>,
): SendableObject {
  return {
    size: file.bytes,
    etag: `"${file.id}"`,
    async open(range) {
      try {
        return { outcome: 'opened', stream: await storage.open(file.storageKey, range) };
      } catch (error) {
        if (error instanceof ObjectMissingError) return { outcome: 'missing' };
        throw error;
      }
    },
  };
}

/**
 * One of the person's own pictures by its Kadr file address (absolute, as an upload answers, or the
 * `/api/files/…` path a record gives): an upload or an image result of theirs. Undefined for
 * anything else — someone else's file, a video, an address that is not ours.
 */
export async function findOwnImage(
  deps: {
    files: Pick<FileRepository, 'findById'>;
    urls: Pick<FileUrls, 'parseOwn'>;
    publicUrl: string;
  },
  userId: string,
  address: string,
): Promise<FileRow | undefined> {
  const absolute = address.startsWith('/api/files/') ? `${deps.publicUrl}${address}` : address;
  const own = deps.urls.parseOwn(absolute);
  const file = own ? await deps.files.findById(own.id) : undefined;
  if (!own || !file || file.ownerId !== userId) return undefined;
  if (path.posix.basename(file.storageKey) !== own.name) return undefined;
  // An upload may be a recording (ADR 049): only pictures count.
  const picture =
    file.mime.startsWith('image/') && (file.kind === 'upload' || file.kind === 'output');
  return picture ? file : undefined;
}

/** A stored file's bytes, or undefined when its object has gone from the store. */
export async function readStored(
  storage: Pick<ObjectStorage, 'read'>,
  file: Pick<FileRow, 'storageKey'>,
): Promise<Buffer | undefined> {
  try {
    return await storage.read(file.storageKey);
  } catch (error) {
    if (error instanceof ObjectMissingError) return undefined;
    throw error;
  }
}

/**
 * A stored file someone may read — sent through this node, or a short-lived address of the
 * store's — or `not_found` for anyone else.
 */
export type FileOpening =
  | { outcome: 'send'; file: FileRow; object: SendableObject }
  | { outcome: 'redirect'; file: FileRow; url: string }
  | { outcome: 'not_found' };

/** Stored files: who may read which, and how their bytes reach them. */
export function createFileService(deps: {
  repositories: { files: FileRepository };
  storage: ObjectStorage;
  urls: FileUrls;
  /** `stream`: through the API (ranges honoured); `redirect`: a presigned URL (STORAGE_DELIVERY). */
  delivery: { delivery: 'stream' | 'redirect'; urlTtlSeconds: number };
}) {
  return {
    /**
     * The file, to its owner or to a valid signed URL; anyone else gets not found (never a refusal:
     * we do not confirm that someone else's file exists). With `FILE_DELIVERY=redirect`, the
     * answer is a presigned address of the bucket, made only after that check.
     */
    async openForReading(
      user: SessionUser | undefined,
      request: {
        id: string;
        name: string;
        expires?: string | undefined;
        signature?: string | undefined;
        /** Save as this name (a download). */
        downloadAs?: string | undefined;
      },
    ): Promise<FileOpening> {
      const file = await deps.repositories.files.findById(request.id);
      const allowed =
        file !== undefined &&
        path.posix.basename(file.storageKey) === request.name &&
        (user?.id === file.ownerId ||
          deps.urls.verify(request.id, request.expires, request.signature));
      if (!file || !allowed) return { outcome: 'not_found' };
      if (deps.delivery.delivery === 'redirect') {
        const redirect = await deps.storage.presignedUrl(file.storageKey, {
          expiresInSeconds: deps.delivery.urlTtlSeconds,
          contentType: file.mime,
          downloadAs: request.downloadAs,
        });
        if (redirect) return { outcome: 'redirect', file, url: redirect };
      }
      return { outcome: 'send', file, object: sendable(deps.storage, file) };
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
