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
