// The keys module's public entry: the key service and key resolution as the composition root and
// the v1 surface see them, and the audit's writer other modules use in their own transactions.
export type { ApiKeyRepository } from './api-key.repository.ts';
export { isWebhookUrl, type KeyService, revokeKeyIn, toApiKey } from './key.service.ts';
export type { ApiKeyContext, KeyAuthService } from './key-auth.service.ts';
