import {
  type CreateGenerationResponse,
  type CreateJoinBody,
  createGenerationResponseSchema,
} from '@kadr/contract';
import { apiRequest } from '~/lib/api';

// The answers are checked in development only (ADR 030).
const answers = import.meta.env.DEV ? { createGenerationResponseSchema } : undefined;

/** Starts a join of the person's clips (free); the key makes a repeated press one join. */
export function createJoin(
  body: CreateJoinBody,
  idempotencyKey: string,
): Promise<CreateGenerationResponse> {
  return apiRequest('/api/joins', {
    method: 'POST',
    body,
    headers: { 'idempotency-key': idempotencyKey },
    parse: answers?.createGenerationResponseSchema.parse,
  });
}
