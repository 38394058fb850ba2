import multipart from '@fastify/multipart';
import { problemSchema, uploadResponseSchema } from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpProblem } from '../../lib/problem.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import { requireUser } from '../auth/index.ts';
import type { FileUrls } from '../files/index.ts';
import type { ImageStore, UploadService } from './upload.service.ts';

export interface UploadRoutesOptions {
  uploads: UploadService;
  urls: FileUrls;
  maxBytes: number;
}

/** `POST /api/upload-image`: one multipart file in the field `image` → `{urls: {get}}`. */
export const uploadRoutes: FastifyPluginAsyncZod<UploadRoutesOptions> = async (app, options) => {
  await app.register(multipart, {
    limits: { fileSize: options.maxBytes, files: 1, fields: 0, parts: 2, headerPairs: 50 },
  });

  app.post(
    '/api/upload-image',
    {
      schema: {
        tags: ['uploads'],
        consumes: ['multipart/form-data'],
        response: {
          200: uploadResponseSchema,
          400: problemSchema,
          413: problemSchema,
          415: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) {
        throw new HttpProblem(415, 'Send the image as multipart/form-data in the field "image".');
      }
      const mb = Math.round(options.maxBytes / 1024 / 1024);
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (part?.fieldname !== 'image') {
          throw new HttpProblem(400, 'Send the image in the form field "image".', {
            errors: [{ field: 'image', code: 'required', message: 'is required' }],
          });
        }
        bytes = await part.toBuffer();
      } catch (error) {
        throw uploadProblem(error, mb);
      }
      const stored = await options.uploads.storeImage(user.id, bytes);
      if (stored.outcome !== 'stored') throw imageProblem(stored);
      const name = stored.file.storageKey.split('/').pop() ?? '';
      return {
        urls: { get: options.urls.absolute(stored.file.id, name) },
        width: stored.file.width ?? 0,
        height: stored.file.height ?? 0,
      };
    },
  );
};

/** Why the service refused the picture, as the person reads it. */
function imageProblem(refusal: Exclude<ImageStore, { outcome: 'stored' }>): HttpProblem {
  const refused = (status: number, detail: string, message: string) =>
    new HttpProblem(status, detail, {
      errors: [{ field: 'image', code: refusal.outcome, message }],
    });
  switch (refusal.outcome) {
    case 'empty':
      return refused(400, 'The uploaded file is empty.', 'is empty');
    case 'unsupported_type':
      return refused(
        415,
        'Only JPEG, PNG, GIF and WebP images can be uploaded.',
        'must be a JPEG, PNG, GIF or WebP image',
      );
    case 'undecodable':
      return refused(
        422,
        'The image could not be read; it may be damaged.',
        'could not be decoded',
      );
    default:
      return unhandledOutcome(refusal);
  }
}

/**
 * What a failed multipart read means for the person: too large is 413; anything else the parser
 * refuses (no boundary, a body cut off before its closing boundary, a part that is not a file,
 * more parts than one image) is a malformed upload, 400, never a 500.
 */
function uploadProblem(error: unknown, mb: number): HttpProblem {
  if (error instanceof HttpProblem) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpProblem(413, `The image is larger than ${mb} MB.`, {
      limit: mb,
      errors: [{ field: 'image', code: 'too_large', message: `must be at most ${mb} MB` }],
    });
  }
  if (code === 'FST_FIELDS_LIMIT') {
    return new HttpProblem(400, 'Send the image as a file in the form field "image".', {
      errors: [{ field: 'image', code: 'required', message: 'must be a file' }],
    });
  }
  return new HttpProblem(400, 'The upload is not well-formed multipart/form-data.', {
    errors: [{ field: 'image', code: 'malformed', message: 'could not be read' }],
  });
}
