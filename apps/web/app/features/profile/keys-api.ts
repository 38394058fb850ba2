import {
  type AccountEvent,
  type ApiKey,
  accountEventListSchema,
  apiKeyListSchema,
  apiKeySchema,
  apiKeyWebhookSecretSchema,
  type CreateApiKeyBody,
  type CreatedApiKey,
  createdApiKeySchema,
  type UpdateApiKeyBody,
  type WebhookDelivery,
  type WebhookDeliveryList,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
} from '@kadr/contract';
import { wrapped } from '~/features/generations/api';
import { apiRequest } from '~/lib/api';
import { i18n } from '~/lib/i18n';

/**
 * The API keys section's calls (`/api/keys`, `/api/webhook-deliveries`, `/api/account-events`)
 * and their query keys. They sit apart from `api.ts` and `query-keys.ts` so that only the
 * section's own chunk, fetched on demand, carries them: the profile's first load does not.
 */

/** The contract's schemas its answers are checked with, in development and tests only (ADR 030). */
const answers = import.meta.env.DEV
  ? {
      accountEventListSchema,
      apiKeyListSchema,
      apiKeySchema,
      apiKeyWebhookSecretSchema,
      createdApiKeySchema,
      webhookDeliveryListSchema,
      webhookDeliverySchema,
    }
  : undefined;

export const keysQueryKeys = {
  keys: ['api-keys'] as const,
  deliveries: ['webhook-deliveries'] as const,
  accountEvents: ['account-events'] as const,
};

const id = (value: string) => encodeURIComponent(value);

/**
 * A change's address with the interface's language, so that the server's refusals (a field's
 * reason) are in the words the person reads here, whatever the browser's own languages are.
 */
const inLanguage = (path: string) => `${path}?lang=${i18n.language}`;

export function listApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return wrapped('Failed to get API keys', async () => {
    const list = await apiRequest('/api/keys', { signal, parse: answers?.apiKeyListSchema.parse });
    return list.items;
  });
}

/** A new key; its answer carries the key itself and its signing secret, this once. */
export function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return wrapped('Failed to create API key', () =>
    apiRequest(inLanguage('/api/keys'), {
      method: 'POST',
      body,
      parse: answers?.createdApiKeySchema.parse,
    }),
  );
}

export function updateApiKey(keyId: string, body: UpdateApiKeyBody): Promise<ApiKey> {
  return wrapped('Failed to change API key', () =>
    apiRequest(inLanguage(`/api/keys/${id(keyId)}`), {
      method: 'PATCH',
      body,
      parse: answers?.apiKeySchema.parse,
    }),
  );
}

export function revokeApiKey(keyId: string): Promise<ApiKey> {
  return wrapped('Failed to revoke API key', () =>
    apiRequest(inLanguage(`/api/keys/${id(keyId)}`), {
      method: 'DELETE',
      parse: answers?.apiKeySchema.parse,
    }),
  );
}

export function getWebhookSecret(keyId: string, signal?: AbortSignal): Promise<string> {
  return wrapped('Failed to get webhook secret', async () => {
    const answer = await apiRequest(`/api/keys/${id(keyId)}/webhook-secret`, {
      signal,
      parse: answers?.apiKeyWebhookSecretSchema.parse,
    });
    return answer.webhook_secret;
  });
}

/** One page of the delivery log, newest first; `cursor` from the page before. */
export function listWebhookDeliveries(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<WebhookDeliveryList> {
  const query = new URLSearchParams({ limit: '20' });
  if (cursor) query.set('cursor', cursor);
  return wrapped('Failed to get webhook deliveries', () =>
    apiRequest(`/api/webhook-deliveries?${query}`, {
      signal,
      parse: answers?.webhookDeliveryListSchema.parse,
    }),
  );
}

/** Sends the same message (same id) again now. */
export function replayWebhookDelivery(deliveryId: string): Promise<WebhookDelivery> {
  return wrapped('Failed to replay webhook', () =>
    apiRequest(inLanguage(`/api/webhook-deliveries/${id(deliveryId)}/replay`), {
      method: 'POST',
      parse: answers?.webhookDeliverySchema.parse,
    }),
  );
}

export function listAccountEvents(signal?: AbortSignal): Promise<AccountEvent[]> {
  return wrapped('Failed to get account events', async () => {
    const list = await apiRequest('/api/account-events', {
      signal,
      parse: answers?.accountEventListSchema.parse,
    });
    return list.items;
  });
}
