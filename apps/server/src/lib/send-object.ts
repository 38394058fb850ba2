import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem } from './problem.ts';
import { unhandledOutcome } from './unhandled-outcome.ts';

/** An object's bytes, or `missing`: it has gone from the store though its record remains. */
type ObjectOpening = { outcome: 'opened'; stream: Readable } | { outcome: 'missing' };

/** A stored object as a route sends it: its size, a validator, and its bytes on demand. */
export interface SendableObject {
  size: number;
  /** A strong validator: stored objects never change under their key, so any stable id will do. */
  etag: string;
  open(range?: { start: number; end: number }): Promise<ObjectOpening>;
}

/**
 * The one `bytes=` range a request asks for, `unsatisfiable`, or undefined for the whole object
 * (no header, several ranges, another unit, or an `If-Range` that no longer matches).
 */
export function requestedRange(
  header: string | undefined,
  size: number,
  ifRange?: string,
  etag?: string,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header || (ifRange !== undefined && ifRange !== etag)) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    // The last `to` bytes.
    const length = Number(to);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Sends a stored object from any store: `ETag` and `If-None-Match`, one byte range (video seeking),
 * `HEAD` without reading the object. The caller sets the content type and disposition. An object
 * gone from the store (deleted after a crash, a restored bucket) answers 404, like a record that
 * does not exist.
 */
export async function sendObject(
  request: FastifyRequest,
  reply: FastifyReply,
  object: SendableObject,
): Promise<FastifyReply> {
  reply.header('accept-ranges', 'bytes');
  reply.header('etag', object.etag);
  if (request.headers['if-none-match'] === object.etag) return reply.code(304).send();
  const ifRange = request.headers['if-range'];
  const range = requestedRange(
    request.headers.range,
    object.size,
    typeof ifRange === 'string' ? ifRange : undefined,
    object.etag,
  );
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${object.size}`);
    return reply.code(416).send();
  }
  if (range) {
    reply.code(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
  }
  const length = range ? range.end - range.start + 1 : object.size;
  reply.header('content-length', length);
  if (request.method === 'HEAD') return reply.send();
  const opened = await object.open(range);
  switch (opened.outcome) {
    case 'opened':
      return reply.send(opened.stream);
    case 'missing':
      throw new HttpProblem(404, 'File not found.');
    default:
      return unhandledOutcome(opened);
  }
}
