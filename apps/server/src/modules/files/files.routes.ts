import {
  fileBytesSchema,
  noContentSchema,
  problemSchema,
  redirectSchema,
  storedFileTypes,
} from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../lib/content-disposition.ts';
import { HttpProblem } from '../../lib/problem.ts';
import { sendObject } from '../../lib/send-object.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
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
          302: redirectSchema.check(
            z.describe(
              'With FILE_DELIVERY=redirect: a short-lived presigned address in the bucket.',
            ),
          ),
          304: noContentSchema.check(z.describe('Not modified (If-None-Match).')),
          404: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const { id, name } = request.params;
      // An ASCII name for old clients, the real one (any script) for every current browser.
      const saveAs = request.query.download ? (request.query.as ?? `kadr-${name}`) : undefined;
      const readable = await options.files.openForReading(request.user, {
        id,
        name,
        expires: request.query.expires,
        signature: request.query.signature,
        downloadAs: saveAs,
      });
      switch (readable.outcome) {
        case 'redirect':
          // The bucket's own address, valid for minutes: never cached, never shared.
          reply.header('cache-control', 'private, no-store');
          return reply.redirect(readable.url, 302);
        case 'send':
          if (saveAs) reply.header('content-disposition', attachmentDisposition(saveAs));
          reply.header('content-type', readable.file.mime);
          reply.header('cache-control', 'private, max-age=3600');
          return sendObject(request, reply, readable.object);
        case 'not_found':
          throw new HttpProblem(404, 'File not found.');
        default:
          return unhandledOutcome(readable);
      }
    },
  );
};
