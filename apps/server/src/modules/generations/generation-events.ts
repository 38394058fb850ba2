import type { WebhookEventType } from '@kadr/contract';
import type { JobRepository } from '../queue/index.ts';
import { recordGenerationEvent, type WebhookDeliveryRepository } from '../webhooks-out/index.ts';
import { toApiGeneration } from './generation.mapper.ts';
import type { GenerationRepository } from './generation.repository.ts';

/** What a transaction that settles a generation binds to announce it (webhooks out). */
export interface AnnouncingParts {
  generations: GenerationRepository;
  webhookDeliveries: WebhookDeliveryRepository;
  jobs: JobRepository;
}

/**
 * Tells a generation's receivers how it ended (`generation.completed`, `generation.failed`) or that
 * an operator refunded it (`generation.refunded`), in the settle's own transaction: the request as
 * it now stands (read in the transaction, its files included) as v1 shows it, one message per URL
 * of its key and request (issue #37). A generation made without a key announces nothing.
 */
export async function announceGeneration(
  tx: AnnouncingParts,
  id: string,
  type: WebhookEventType,
  options: { refunded: boolean; publicUrl: string },
): Promise<string[]> {
  const row = await tx.generations.findById(id);
  if (!row?.apiKeyId) return [];
  return recordGenerationEvent(tx, {
    type,
    userId: row.userId,
    apiKeyId: row.apiKeyId,
    requestUrl: row.webhookUrl,
    generation: toApiGeneration(row, row.recordFiles ?? [], options.publicUrl, {
      refunded: options.refunded,
    }),
    at: new Date(),
  });
}
