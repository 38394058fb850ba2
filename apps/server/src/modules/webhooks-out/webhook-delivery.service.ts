import {
  apiWebhookMessageSchema,
  uuidPattern,
  type WebhookDelivery,
  type WebhookDeliveryList,
} from '@kadr/contract';
import { Webhook } from 'standardwebhooks';
import { decodeTimeCursor, encodeTimeCursor } from '../../lib/cursor.ts';
import type { Transaction } from '../../lib/transaction.ts';
import type { WebhookPoster } from '../../providers/http/webhook-poster.ts';
import type { SessionUser } from '../auth/index.ts';
import type { ApiKeyRepository } from '../keys/index.ts';
import type { JobRepository } from '../queue/index.ts';
import { nextAttemptAt } from './backoff.ts';
import { toWebhookDelivery } from './webhook-delivery.mapper.ts';
import type {
  AttemptResult,
  DeliveryCursor,
  MessageToSend,
  WebhookDeliveryRepository,
} from './webhook-delivery.repository.ts';
import { sendJobKey } from './webhook-messages.ts';

/** What one send did (the job logs it; tests read it). */
export type SendOutcome =
  | { outcome: 'delivered'; status: number }
  /** Not delivered this time; tried again at `next`. */
  | { outcome: 'retrying'; next: Date; error: string }
  /** Not delivered, and never will be: refused, the key is gone, or the 24 hours are over. */
  | { outcome: 'failed'; error: string }
  /** Nothing to send: no such message, or it is not pending (delivered, failed). */
  | { outcome: 'skipped' };

export type DeliveryPage =
  | { outcome: 'listed'; page: WebhookDeliveryList }
  /** The cursor is not one this log handed out. */
  | { outcome: 'invalid_cursor' };

export type DeliveryReplay =
  | { outcome: 'replayed'; delivery: WebhookDelivery }
  /** None of the person's messages has this id (anyone else's is not theirs). */
  | { outcome: 'not_found' };

interface Logger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** A delivery log's position: its last message's created time and id (`msg_…`). */
function decodeLogCursor(text: string): DeliveryCursor | undefined {
  return decodeTimeCursor(text, /^msg_[\w-]{1,64}$/);
}

/** The exact body of a message: its payload in the contract's field order. */
function bodyOf(payload: unknown): string {
  const parsed = apiWebhookMessageSchema.safeParse(payload);
  return JSON.stringify(parsed.success ? parsed.data : payload);
}

/**
 * Webhooks out (issue #37): sends each message, signed with Standard Webhooks by its key's secret,
 * through the poster (public addresses only unless the configuration allows private ones); retries
 * with backoff until 24 hours after the event (the next attempt is the send job again, run at that
 * time); the person's delivery log and replay.
 */
export function createWebhookDeliveryService(deps: {
  repositories: {
    webhookDeliveries: WebhookDeliveryRepository;
    transaction: Transaction<{
      webhookDeliveries: WebhookDeliveryRepository;
      jobs: JobRepository;
      apiKeys: Pick<ApiKeyRepository, 'insertEvent'>;
    }>;
  };
  poster: WebhookPoster;
  logger?: Logger | undefined;
  /** The clock (tests move it to see the 24 hours end). */
  now?: () => Date;
}) {
  const { repositories, poster } = deps;
  const now = deps.now ?? (() => new Date());

  /** Records an attempt, and when it is to be tried again, its send job at that time. */
  async function record(message: MessageToSend, result: AttemptResult): Promise<void> {
    await repositories.transaction(['webhookDeliveries', 'jobs'], async (tx) => {
      const recorded = await tx.webhookDeliveries.recordAttempt(message.id, result);
      if (recorded?.status === 'pending' && result.nextAttemptAt) {
        await tx.jobs.enqueue(
          'send_webhook',
          { id: message.id },
          { jobKey: sendJobKey(message.id), runAt: result.nextAttemptAt },
        );
      }
    });
  }

  return {
    /** Job `send_webhook`: one attempt at a pending message. */
    async send(id: string): Promise<SendOutcome> {
      const message = await repositories.webhookDeliveries.findToSend(id);
      if (message?.status !== 'pending') return { outcome: 'skipped' };
      const at = now();
      const give = async (error: string): Promise<SendOutcome> => {
        await record(message, {
          status: 'failed',
          lastStatus: null,
          lastError: error,
          nextAttemptAt: null,
          deliveredAt: null,
        });
        deps.logger?.warn({ webhook: id, url: message.url, error }, 'webhook message failed');
        return { outcome: 'failed', error };
      };
      if (!message.secret) return give('the API key that signs this message no longer exists');
      const body = bodyOf(message.payload);
      const signature = new Webhook(message.secret).sign(message.id, at, body);
      const answer = await poster.post({
        url: message.url,
        body,
        headers: {
          'webhook-id': message.id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signature,
        },
      });
      if (answer.outcome === 'refused') return give(answer.error);
      if (answer.outcome === 'answered' && answer.status >= 200 && answer.status < 300) {
        await record(message, {
          status: 'delivered',
          lastStatus: answer.status,
          lastError: null,
          nextAttemptAt: null,
          deliveredAt: at,
        });
        deps.logger?.info({ webhook: id, status: answer.status }, 'webhook message delivered');
        return { outcome: 'delivered', status: answer.status };
      }
      const error =
        answer.outcome === 'answered'
          ? answer.status >= 300 && answer.status < 400
            ? `the receiver answered HTTP ${answer.status}; redirects are not followed`
            : `the receiver answered HTTP ${answer.status}`
          : answer.error;
      const lastStatus = answer.outcome === 'answered' ? answer.status : null;
      const next = nextAttemptAt(message.attempts + 1, at, message.expires);
      await record(message, {
        status: next ? 'pending' : 'failed',
        lastStatus,
        lastError: next ? error : `${error}; gave up 24 hours after the event`,
        nextAttemptAt: next,
        deliveredAt: null,
      });
      if (!next) {
        deps.logger?.warn({ webhook: id, url: message.url, error }, 'webhook message given up');
        return { outcome: 'failed', error };
      }
      deps.logger?.info({ webhook: id, error, next }, 'webhook message not delivered; retrying');
      return { outcome: 'retrying', next, error };
    },

    /** A page of the person's delivery log, newest first (only one key's, with `key`). */
    async list(
      user: SessionUser,
      query: { cursor?: string | undefined; limit: number; key?: string | undefined },
    ): Promise<DeliveryPage> {
      const cursor = query.cursor === undefined ? undefined : decodeLogCursor(query.cursor);
      if (query.cursor !== undefined && !cursor) return { outcome: 'invalid_cursor' };
      // A key id that is not a UUID is nobody's key: an empty log, as for another person's key.
      if (query.key !== undefined && !uuidPattern.test(query.key)) {
        return { outcome: 'listed', page: { items: [], next_cursor: null } };
      }
      const rows = await repositories.webhookDeliveries.page(user.id, {
        limit: query.limit + 1,
        cursor,
        keyId: query.key,
      });
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      return {
        outcome: 'listed',
        page: {
          items: items.map(toWebhookDelivery),
          next_cursor:
            rows.length > query.limit && last
              ? encodeTimeCursor(last.cursorCreated, last.id)
              : null,
        },
      };
    },

    /**
     * Sends one of the person's messages again, now, with the same id (whatever became of it): it
     * is pending again and its send job runs at once. One attempt: if it fails and the message's
     * 24 hours have not ended, its retries go on from there; otherwise it is failed again. Written
     * to the person's audit (`webhook.replayed`) by the keys module's writer, in the same transaction.
     */
    async replay(user: SessionUser, id: string, ip: string | null): Promise<DeliveryReplay> {
      if (!/^msg_[\w-]{1,64}$/.test(id)) return { outcome: 'not_found' };
      const at = now();
      const uses = ['webhookDeliveries', 'jobs', 'apiKeys'] as const;
      const replayed = await repositories.transaction(uses, async (tx) => {
        const marked = await tx.webhookDeliveries.markForReplay(user.id, id, at);
        if (!marked) return undefined;
        await tx.jobs.enqueue('send_webhook', { id }, { jobKey: sendJobKey(id), runAt: at });
        await tx.apiKeys.insertEvent({
          userId: user.id,
          action: 'webhook.replayed',
          actor: 'self',
          subjectId: id,
          details: {
            event_type: marked.row.eventType,
            url: marked.row.url,
            status: { before: marked.before, after: 'pending' },
          },
          ip,
        });
        return marked.row;
      });
      if (!replayed) return { outcome: 'not_found' };
      return { outcome: 'replayed', delivery: toWebhookDelivery(replayed) };
    },
  };
}

export type WebhookDeliveryService = ReturnType<typeof createWebhookDeliveryService>;
