import path from 'node:path';
import { HttpProblem } from '../../lib/problem.ts';
import type { SendableObject } from '../../lib/send-object.ts';
import { ObjectMissingError, type ObjectStorage } from '../../providers/storage/storage.ts';
import type { SessionUser } from '../auth/index.ts';
import type { FileRepository, FileRow } from './file.repository.ts';
import type { FileUrls } from './file-url.ts';

/**
 * A stored object as a route sends it. A row whose object has gone from the store (deleted after a
 * crash, a restored bucket) answers 404, like a row that does not exist.
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
        return await storage.open(file.storageKey, range);
      } catch (error) {
        if (error instanceof ObjectMissingError) throw new HttpProblem(404, 'File not found.');
        throw error;
      }
    },
  };
}

/** A stored file someone may read: sent through this node, or a short-lived address of the store's. */
export type ReadableFile =
  | { file: FileRow; redirect: undefined; object: SendableObject }
  | { file: FileRow; redirect: string; object: undefined };

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
     * The file, to its owner or to a valid signed URL; anyone else gets 404 (never 403: we do not
     * confirm that someone else's file exists). With `FILE_DELIVERY=redirect`, the answer is a
     * presigned address of the bucket, made only after that check.
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
    ): Promise<ReadableFile> {
      const file = await deps.repositories.files.findById(request.id);
      const allowed =
        file !== undefined &&
        path.posix.basename(file.storageKey) === request.name &&
        (user?.id === file.ownerId ||
          deps.urls.verify(request.id, request.expires, request.signature));
      if (!file || !allowed) throw new HttpProblem(404, 'File not found.');
      if (deps.delivery.delivery === 'redirect') {
        const redirect = await deps.storage.presignedUrl(file.storageKey, {
          expiresInSeconds: deps.delivery.urlTtlSeconds,
          contentType: file.mime,
          downloadAs: request.downloadAs,
        });
        if (redirect) return { file, redirect, object: undefined };
      }
      return { file, redirect: undefined, object: sendable(deps.storage, file) };
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
