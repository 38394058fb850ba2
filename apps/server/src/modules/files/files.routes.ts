import path from 'node:path';
import { fileBytesSchema, problemSchema, storedFileTypes } from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { downloadNamePattern } from './download-name.ts';
import type { FileService } from './file.service.ts';

export interface FilesRoutesOptions {
  files: FileService;
}

const paramsSchema = z.object({ id: z.uuid(), name: z.string().min(1).max(200) });
const querySchema = z.object({
  download: z.enum(['1', 'true']).optional(),
  /** The name to save a download as (the record's `download_url` carries it). */
  as: z.string().regex(downloadNamePattern).optional(),
  expires: z.string().optional(),
  signature: z.string().optional(),
});
const bytes = Object.fromEntries(
  storedFileTypes.map((type) => [type, { schema: fileBytesSchema }]),
);

/**
 * `GET /api/files/:id/:name`: a stored file, to its owner or to a valid signed URL; anyone else gets
 * 404. Ranges are honoured (video seeking), and `?download=1` asks the browser to save it.
 */
export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (app, options) => {
  app.get(
    '/api/files/:id/:name',
    {
      schema: {
        tags: ['files'],
        params: paramsSchema,
        querystring: querySchema,
        response: {
          200: { description: 'The whole file.', content: bytes },
          206: { description: 'The requested range of the file.', content: bytes },
          404: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const { id, name } = request.params;
      const { file, localPath } = await options.files.openForReading(request.user, {
        id,
        name,
        expires: request.query.expires,
        signature: request.query.signature,
      });
      if (request.query.download) {
        // An ASCII name for old clients, the real one (any script) for every current browser.
        const saveAs = request.query.as ?? `kadr-${name}`;
        reply.header(
          'content-disposition',
          `attachment; filename="kadr-${name}"; filename*=UTF-8''${encodeURIComponent(saveAs)}`,
        );
      }
      reply.header('content-type', file.mime);
      reply.header('cache-control', 'private, max-age=3600');
      return reply.sendFile(path.basename(localPath), path.dirname(localPath), {
        cacheControl: false,
        contentType: false,
      });
    },
  );
};
