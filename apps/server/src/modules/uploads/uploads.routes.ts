import multipart from '@fastify/multipart';
import { recordingMaxSeconds } from '@kadr/catalog';
import { problemSchema, recordingUploadResponseSchema, uploadResponseSchema } from '@kadr/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpProblem } from '../../lib/problem.ts';
import { unhandledOutcome } from '../../lib/unhandled-outcome.ts';
import { requireUser } from '../auth/index.ts';
import type { FileUrls } from '../files/index.ts';
import type { ImageStore, RecordingStore, UploadService } from './upload.service.ts';

export interface UploadRoutesOptions {
  uploads: UploadService;
  urls: FileUrls;
  maxBytes: number;
}

/**
 * `POST /api/upload-image`: one multipart file in the field `image` → `{urls: {get}}`;
 * `POST /api/upload-audio`: one recording in the field `audio` → `{urls: {get}, duration_ms}`.
 */
/** How an upload is refused: a malformed body, too large, not a type taken, bytes it cannot use. */
const refusals = { 400: problemSchema, 413: problemSchema, 415: problemSchema, 422: problemSchema };

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
        response: { 200: uploadResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) {
        throw new HttpProblem(415, 'Send the image as multipart/form-data in the field "image".');
      }
      const bytes = await readPart(request, 'image', 'image', options.maxBytes);
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

  app.post(
    '/api/upload-audio',
    {
      schema: {
        tags: ['uploads'],
        consumes: ['multipart/form-data'],
        response: { 200: recordingUploadResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) {
        throw new HttpProblem(
          415,
          'Send the recording as multipart/form-data in the field "audio".',
        );
      }
      const bytes = await readPart(request, 'audio', 'recording', options.maxBytes);
      const stored = await options.uploads.storeRecording(user.id, bytes);
      if (stored.outcome !== 'stored') throw recordingProblem(stored);
      const name = stored.file.storageKey.split('/').pop() ?? '';
      return {
        urls: { get: options.urls.absolute(stored.file.id, name) },
        duration_ms: stored.file.durationMs ?? 0,
      };
    },
  );
};

/** The one file of a multipart upload, from its field; a refusal says what was wrong. */
async function readPart(
  request: FastifyRequest,
  field: string,
  noun: 'image' | 'recording',
  maxBytes: number,
): Promise<Buffer> {
  try {
    const part = await request.file();
    if (part?.fieldname !== field) {
      throw new HttpProblem(400, `Send the ${noun} in the form field "${field}".`, {
        errors: [{ field, code: 'required', message: 'is required' }],
      });
    }
    return await part.toBuffer();
  } catch (error) {
    throw uploadProblem(error, Math.round(maxBytes / 1024 / 1024), field, noun);
  }
}

/** Why the service refused the recording, as the person reads it (the app says it by code). */
function recordingProblem(refusal: Exclude<RecordingStore, { outcome: 'stored' }>): HttpProblem {
  const refused = (status: number, detail: string, message: string, limit?: number) =>
    new HttpProblem(status, detail, {
      errors: [{ field: 'audio', code: refusal.outcome, message }],
      ...(limit === undefined ? {} : { limit }),
    });
  switch (refusal.outcome) {
    case 'empty':
      return refused(400, 'The uploaded file is empty.', 'is empty');
    case 'unsupported_type':
      return refused(
        415,
        'Only MP3, WAV, M4A, AAC and Ogg recordings can be uploaded.',
        'must be an MP3, WAV, M4A, AAC or Ogg recording',
      );
    case 'undecodable':
      return refused(
        422,
        'The recording could not be read; it may be damaged.',
        'could not be decoded',
      );
    case 'too_short':
      return refused(422, 'The recording is shorter than a second.', 'must last at least 1 s', 1);
    case 'too_long':
      return refused(
        422,
        `The recording is longer than ${recordingMaxSeconds} seconds.`,
        `must last at most ${recordingMaxSeconds} s`,
        recordingMaxSeconds,
      );
    default:
      return unhandledOutcome(refusal);
  }
}

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
function uploadProblem(error: unknown, mb: number, field: string, noun: string): HttpProblem {
  if (error instanceof HttpProblem) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpProblem(413, `The ${noun} is larger than ${mb} MB.`, {
      limit: mb,
      errors: [{ field, code: 'too_large', message: `must be at most ${mb} MB` }],
    });
  }
  if (code === 'FST_FIELDS_LIMIT') {
    return new HttpProblem(400, `Send the ${noun} as a file in the form field "${field}".`, {
      errors: [{ field, code: 'required', message: 'must be a file' }],
    });
  }
  return new HttpProblem(400, 'The upload is not well-formed multipart/form-data.', {
    errors: [{ field, code: 'malformed', message: 'could not be read' }],
  });
}
