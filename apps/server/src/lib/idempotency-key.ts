import { z } from 'zod';
import { HttpProblem } from './problem.ts';

const idempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII');

/**
 * The request's `Idempotency-Key` header, shared by every route that spends tokens (single creates
 * and batches): undefined when absent, a 400 naming the header when malformed.
 */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>) {
  const header = headers['idempotency-key'];
  if (header === undefined) return undefined;
  const parsed = idempotencyKey.safeParse(header);
  if (parsed.success) return parsed.data;
  throw new HttpProblem(400, 'Invalid Idempotency-Key header.', {
    errors: [
      {
        field: 'Idempotency-Key',
        code: 'invalid',
        message: 'must be 1–255 printable characters',
      },
    ],
  });
}
