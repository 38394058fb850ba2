import { Transform } from 'node:stream';
import { ObjectTooLargeError } from './storage.ts';

/** A pass-through that counts bytes and fails with `ObjectTooLargeError` past `max`. */
export function byteLimit(max: number): Transform & { bytes(): number } {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > max) callback(new ObjectTooLargeError(max));
      else callback(null, chunk);
    },
  });
  return Object.assign(counter, { bytes: () => bytes });
}
