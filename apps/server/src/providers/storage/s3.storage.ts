import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline as pipe, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition } from '../../lib/content-disposition.ts';
import { SOCKET_FAILURE_CODES } from '../../lib/unavailable.ts';
import { byteLimit } from './byte-limit.ts';
import {
  assertStorageKey,
  ObjectMissingError,
  type ObjectStorage,
  ObjectTooLargeError,
  StorageUnavailableError,
} from './storage.ts';

export interface S3Settings {
  /** The S3 API address; unset: AWS's own for the region. */
  endpoint: string | undefined;
  /** The address browsers reach the bucket at, for presigned URLs; unset: `endpoint`. */
  publicEndpoint: string | undefined;
  region: string;
  bucket: string;
  /** Unset: the SDK's own chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (MinIO, most self-hosted stores). */
  forcePathStyle: boolean;
}

/** Parts of a multipart upload are this big (S3's least); at most two are in memory at once. */
const PART_BYTES = 5 * 1024 * 1024;

const isMissing = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode ===
  404;

/**
 * How long the store may take: to accept a connection, and to answer a request (its headers; a
 * body then streams for as long as it takes). Past either the SDK gives up, and after its retries
 * the call fails as the store being away, rather than holding a request or a job for minutes.
 */
const CONNECT_TIMEOUT_MS = 3_000;
const ANSWER_TIMEOUT_MS = 30_000;
/** A health probe answers quickly or counts as failed (readiness asks every few seconds). */
const CHECK_TIMEOUT_MS = 2_000;

/** Socket errors of a store that cannot be reached, or that went away mid-request. */
const NETWORK_CODES: ReadonlySet<string> = new Set([...SOCKET_FAILURE_CODES, 'ECONNABORTED']);

/** S3's own words for "not now": throttling, a timeout on its side, an internal error. */
const TRANSIENT_NAMES = new Set([
  'SlowDown',
  'ServiceUnavailable',
  'InternalError',
  'RequestTimeout',
  'TimeoutError',
  'AbortError',
]);

/**
 * Whether a failed call means the store is away or refusing for now (the same call may work in a
 * few seconds): unreachable, timed out, a 5xx, SlowDown. Not a missing object, a denied access or
 * a missing bucket: those are answers, and stay what they are.
 */
function isStoreAway(error: unknown): boolean {
  const { name, code, $metadata } = (error ?? {}) as {
    name?: unknown;
    code?: unknown;
    $metadata?: { httpStatusCode?: unknown };
  };
  const status = $metadata?.httpStatusCode;
  if (typeof status === 'number' && status >= 500) return true;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  return typeof name === 'string' && TRANSIENT_NAMES.has(name);
}

/** The same error, as `StorageUnavailableError` when it means the store is away. */
function unavailableOr(error: unknown, doing: string): unknown {
  if (error instanceof StorageUnavailableError || !isStoreAway(error)) return error;
  const { message } = error as { message?: unknown };
  return new StorageUnavailableError(`S3 ${doing} failed: ${String(message)}`, { cause: error });
}

/**
 * Objects in one S3 bucket, private (no ACLs are set; the bucket's own policy must not make them
 * public). Streams are uploaded in parts as they arrive; reads are streamed from the store.
 */
export function createS3Storage(settings: S3Settings): ObjectStorage {
  const base: S3ClientConfig = {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials && { credentials: settings.credentials }),
    // Checksums only where S3 requires them: stores such as s3rver otherwise keep a streamed body
    // with its aws-chunked framing.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: ANSWER_TIMEOUT_MS,
      throwOnRequestTimeout: true,
    },
  };
  const client = new S3Client({
    ...base,
    ...(settings.endpoint && { endpoint: settings.endpoint }),
  });
  const publicEndpoint = settings.publicEndpoint ?? settings.endpoint;
  const signer =
    publicEndpoint === settings.endpoint
      ? client
      : new S3Client({ ...base, ...(publicEndpoint && { endpoint: publicEndpoint }) });
  const Bucket = settings.bucket;

  async function get(key: string, range?: string) {
    assertStorageKey(key);
    try {
      const answer = await client.send(
        new GetObjectCommand({ Bucket, Key: key, ...(range && { Range: range }) }),
      );
      if (!answer.Body) throw new ObjectMissingError(key);
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new ObjectMissingError(key);
      throw unavailableOr(error, 'read');
    }
  }

  return {
    kind: 's3',
    async put(key, body, options = {}) {
      assertStorageKey(key);
      const max = options.maxBytes ?? Number.POSITIVE_INFINITY;
      const ContentType = options.contentType;
      if (Buffer.isBuffer(body)) {
        if (body.length > max) throw new ObjectTooLargeError(max);
        try {
          await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType }));
        } catch (error) {
          throw unavailableOr(error, 'write');
        }
        return { bytes: body.length };
      }
      const limit = byteLimit(max);
      let failure: unknown;
      pipe(body, limit, (error) => {
        if (error) failure = error;
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: limit, ContentType },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // The store refused or went away: stop reading the source too (a download's socket).
        // Nothing is left behind: a failed multipart upload is aborted (leavePartsOnError).
        limit.destroy();
        body.destroy();
        throw failure ?? unavailableOr(error, 'write');
      }
      if (failure) {
        await this.delete(key);
        throw failure;
      }
      return { bytes: limit.bytes() };
    },
    open: (key, range) => get(key, range && `bytes=${range.start}-${range.end}`),
    async read(key) {
      const chunks: Buffer[] = [];
      for await (const chunk of await get(key)) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    async withLocalFile(key, use) {
      const folder = await mkdtemp(path.join(os.tmpdir(), 'kadr-object-'));
      try {
        const file = path.join(folder, path.posix.basename(key));
        try {
          await pipeline(await get(key), createWriteStream(file));
        } catch (error) {
          // The object's bytes stopped coming (the store went away mid-read).
          throw unavailableOr(error, 'read');
        }
        return await use(file);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    async presignedUrl(key, options) {
      assertStorageKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: options.contentType,
        ...(options.downloadAs && {
          ResponseContentDisposition: attachmentDisposition(options.downloadAs),
        }),
      });
      return getSignedUrl(signer, command, { expiresIn: options.expiresInSeconds });
    },
    async delete(key) {
      assertStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        throw unavailableOr(error, 'delete');
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), {
          abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        });
      } catch (error) {
        throw unavailableOr(error, 'check');
      }
    },
  };
}
