import path from 'node:path';
import { HttpProblem } from '../../lib/problem.ts';
import type { ObjectStorage } from '../../providers/storage/storage.ts';
import type { Repositories } from '../../repositories.ts';
import type { SessionUser } from '../auth/session.service.ts';
import type { FileRow } from './file.repository.ts';
import type { FileUrls } from './file-url.ts';

/** A stored file someone may read, and where this node finds its bytes. */
export interface ReadableFile {
  file: FileRow;
  localPath: string;
}

/** Stored files: who may read which, and where they are. */
export function createFileService(deps: {
  repositories: Pick<Repositories, 'files'>;
  storage: ObjectStorage;
  urls: FileUrls;
}) {
  return {
    /**
     * The file, to its owner or to a valid signed URL; anyone else gets 404 (never 403: we do not
     * confirm that someone else's file exists).
     */
    async openForReading(
      user: SessionUser | undefined,
      request: {
        id: string;
        name: string;
        expires?: string | undefined;
        signature?: string | undefined;
      },
    ): Promise<ReadableFile> {
      const file = await deps.repositories.files.findById(request.id);
      const allowed =
        file !== undefined &&
        path.posix.basename(file.storageKey) === request.name &&
        (user?.id === file.ownerId ||
          deps.urls.verify(request.id, request.expires, request.signature));
      if (!file || !allowed) throw new HttpProblem(404, 'File not found.');
      const localPath = deps.storage.localPath(file.storageKey);
      if (!localPath) throw new HttpProblem(501, 'This storage backend serves files by redirect.');
      return { file, localPath };
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
