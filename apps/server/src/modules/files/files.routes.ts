import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem } from '../../lib/problem.ts';
import type { ObjectStorage } from '../../providers/storage/storage.ts';
import type { FileRepository } from './file.repository.ts';
import type { FileUrls } from './file-url.ts';

export interface FilesRoutesOptions {
  files: FileRepository;
  urls: FileUrls;
  storage: ObjectStorage;
}

const paramsSchema = z.object({ id: z.uuid(), name: z.string().min(1).max(200) });
const querySchema = z.object({
  download: z.enum(['1', 'true']).optional(),
  expires: z.string().optional(),
  signature: z.string().optional(),
});

/**
 * `GET /api/files/:id/:name`: a stored file, to its owner or to a valid signed URL; anyone else gets
 * 404 (never 403: we do not confirm that someone else's file exists). Ranges are honoured (video
 * seeking), and `?download=1` asks the browser to save it.
 */
export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (app, options) => {
  app.get(
    '/api/files/:id/:name',
    { schema: { tags: ['files'], params: paramsSchema, querystring: querySchema } },
    async (request, reply) => {
      const { id, name } = request.params;
      const file = await options.files.findById(id);
      const allowed =
        file !== undefined &&
        path.posix.basename(file.storageKey) === name &&
        (request.user?.id === file.ownerId ||
          options.urls.verify(id, request.query.expires, request.query.signature));
      if (!file || !allowed) throw new HttpProblem(404, 'File not found.');
      const local = options.storage.localPath(file.storageKey);
      if (!local) throw new HttpProblem(501, 'This storage backend serves files by redirect.');
      if (request.query.download) {
        reply.header('content-disposition', `attachment; filename="kadr-${name}"`);
      }
      reply.header('content-type', file.mime);
      reply.header('cache-control', 'private, max-age=3600');
      return reply.sendFile(path.basename(local), path.dirname(local), {
        cacheControl: false,
        contentType: false,
      });
    },
  );
};
