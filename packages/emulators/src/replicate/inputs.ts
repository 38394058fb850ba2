import sharp, { type Sharp } from 'sharp';
import type { Size } from './geometry.ts';
import type { FetchLike } from './webhooks.ts';

/** Compressed bytes of one input file the emulator will read. */
const MAX_INPUT_BYTES = 25 * 1024 * 1024;
/** Decoded pixels of one input picture, and of one picture the emulator writes. */
export const MAX_PIXELS = 50_000_000;
const FETCH_TIMEOUT_MS = 10_000;

/** A problem with a prediction's input file; its message is the prediction's `error`. */
export class InputError extends Error {
  override name = 'InputError';
}

/** `data:` payload bytes; the fragment (after `#`) is not part of the data, as fetch() would do. */
function decodeDataUri(url: string, maxBytes: number): Buffer {
  const comma = url.indexOf(',');
  if (comma < 0) throw new InputError('a data URI without a comma');
  const meta = url.slice(5, comma);
  const hash = url.indexOf('#', comma);
  const payload = url.slice(comma + 1, hash < 0 ? undefined : hash);
  // base64 decodes to 3/4 of its length: refuse before decoding anything too big.
  if ((meta.endsWith(';base64') ? (payload.length * 3) / 4 : payload.length) > maxBytes * 3) {
    throw new InputError(`larger than ${maxBytes} bytes`);
  }
  const bytes = meta.endsWith(';base64')
    ? Buffer.from(payload, 'base64')
    : Buffer.from(decodeURIComponent(payload));
  if (bytes.length > maxBytes) throw new InputError(`larger than ${maxBytes} bytes`);
  return bytes;
}

/** Reads an http(s) response body, stopping as soon as it passes `maxBytes`. */
async function readBounded(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new InputError(`larger than ${maxBytes} bytes`);
  if (!response.body) return Buffer.from(await response.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new InputError(`larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/**
 * The bytes of an input file given as an http(s) URL (Kadr hands signed URLs of its own storage)
 * or a `data:` URI, at most `maxBytes`. Throws InputError naming the field on any failure.
 */
export async function fetchInputBytes(
  url: string,
  options: {
    fetch: FetchLike;
    field: string;
    maxBytes?: number;
    signal?: AbortSignal;
    /** Whose error it becomes: `Prediction failed: …` unless a training reads it. */
    job?: 'Prediction' | 'Training';
  },
): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? MAX_INPUT_BYTES;
  const fail = (reason: string) =>
    new InputError(
      `${options.job ?? 'Prediction'} failed: could not read input ${options.field}: ${reason}`,
    );
  try {
    if (url.startsWith('data:')) return decodeDataUri(url, maxBytes);
    if (!/^https?:\/\//i.test(url)) throw new InputError('not an http(s) URL or a data URI');
    const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const response = await options.fetch(url, { signal });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new InputError(`HTTP ${response.status}`);
    }
    return await readBounded(response, maxBytes);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (error instanceof InputError) throw fail(error.message);
    throw fail(error instanceof Error ? error.message : String(error));
  }
}

/** A decoded input picture: its bytes and its upright size. */
export type InputPicture = {
  bytes: Buffer;
  size: Size;
  hasAlpha: boolean;
  /** A fresh sharp pipeline over the picture, upright, bounded in pixels. */
  open(): Sharp;
};

/** Fetches and decodes an input picture, refusing what sharp cannot read or what is too big. */
export async function fetchInputPicture(
  url: string,
  options: { fetch: FetchLike; field: string; signal?: AbortSignal },
): Promise<InputPicture> {
  const bytes = await fetchInputBytes(url, options);
  const open = () =>
    sharp(bytes, { autoOrient: true, limitInputPixels: MAX_PIXELS, failOn: 'error' });
  let meta: Awaited<ReturnType<Sharp['metadata']>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new InputError(
      `Prediction failed: could not read input ${options.field}: not a picture the model can decode`,
    );
  }
  const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };
  if (!oriented.width || !oriented.height) {
    throw new InputError(`Prediction failed: input ${options.field} has no pixel size`);
  }
  if (oriented.width * oriented.height > MAX_PIXELS) {
    throw new InputError(
      `Prediction failed: input ${options.field} is ${oriented.width}x${oriented.height}, more than ${MAX_PIXELS / 1_000_000} MP`,
    );
  }
  return {
    bytes,
    size: { width: oriented.width, height: oriented.height },
    hasAlpha: meta.hasAlpha === true,
    open,
  };
}

/** Pixel size of an input image given as an http(s) URL or a data URI; undefined on any failure. */
export async function probeImageSize(
  url: string,
  fetchImpl: FetchLike = globalThis.fetch,
): Promise<Size | undefined> {
  try {
    return (await fetchInputPicture(url, { fetch: fetchImpl, field: 'image' })).size;
  } catch {
    return undefined;
  }
}
