import { getModel } from '@kadr/catalog';
import {
  type AccountEvent,
  type AdminApiKey,
  type ApiKey,
  apiKeyLimits,
  type CreateApiKeyBody,
  type UpdateApiKeyBody,
  uuidPattern,
} from '@kadr/contract';
import type { Transaction } from '../../lib/transaction.ts';
import type { SessionUser } from '../auth/index.ts';
import type { ApiKeyChanges, ApiKeyRepository, ApiKeyRow } from './api-key.repository.ts';
import { newKeySecret, newWebhookSecret } from './key-secret.ts';

/** A field the service refuses, by code; the routes say it in the person's language. */
export interface KeyFieldError {
  field: 'allowed_models' | 'webhook_url';
  code: 'unknown_model' | 'invalid_url';
  /** The value at fault (an unknown model id). */
  value: string;
}

type NotFound = { outcome: 'not_found' };
type Invalid = { outcome: 'invalid'; errors: KeyFieldError[] };

export type KeyCreate =
  | { outcome: 'created'; key: ApiKey; secret: string; webhookSecret: string }
  | Invalid
  /** The person has `apiKeyLimits.maxLiveKeys` live keys already. */
  | { outcome: 'too_many_keys'; limit: number };

export type KeyChange =
  | { outcome: 'changed'; key: ApiKey }
  | NotFound
  | Invalid
  | { outcome: 'revoked' };
export type KeyRevoke = { outcome: 'revoked'; key: ApiKey } | NotFound;
export type KeyRead<T> = { outcome: 'found'; value: T } | NotFound;

/** Who made a change, as the person's audit names them, and from where. */
export interface Actor {
  /** `self`, or the operator's e-mail. */
  name: string;
  ip: string | null;
}

/** The most account events `GET /api/account-events` answers. */
export const ACCOUNT_EVENTS_LISTED = 100;
/** Days of requests the console shows per key. */
const USAGE_DAYS = 30;

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created: row.created.toISOString(),
    last_used_at: iso(row.lastUsedAt),
    revoked_at: iso(row.revokedAt),
    daily_limit: row.dailyLimit,
    monthly_limit: row.monthlyLimit,
    allowed_models: row.allowedModels,
    scope: row.scope,
    webhook_url: row.webhookUrl,
    spent_today: row.spentToday,
    spent_month: row.spentMonth,
    spent_total: row.spentTotal,
    requests_today: row.requestsToday,
  };
}

/** Whether a webhook address is an absolute http(s) URL (its host is checked when sending). */
export function isWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The settings of a create or change, checked: catalogue ids, an http(s) webhook address. */
function checkSettings(body: {
  allowed_models?: string[] | null | undefined;
  webhook_url?: string | null | undefined;
}): KeyFieldError[] {
  const errors: KeyFieldError[] = [];
  for (const id of body.allowed_models ?? []) {
    const model = getModel(id);
    if (!model || model.pricingOnly === true) {
      errors.push({ field: 'allowed_models', code: 'unknown_model', value: id });
    }
  }
  const url = body.webhook_url;
  if (url !== undefined && url !== null && url !== '' && !isWebhookUrl(url)) {
    errors.push({ field: 'webhook_url', code: 'invalid_url', value: url });
  }
  return errors;
}

/** An empty allowed list or address means "none". Duplicates go. */
function normalised(body: UpdateApiKeyBody): ApiKeyChanges {
  const changes: ApiKeyChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.daily_limit !== undefined) changes.dailyLimit = body.daily_limit;
  if (body.monthly_limit !== undefined) changes.monthlyLimit = body.monthly_limit;
  if (body.allowed_models !== undefined) {
    changes.allowedModels =
      body.allowed_models === null || body.allowed_models.length === 0
        ? null
        : [...new Set(body.allowed_models)];
  }
  if (body.scope !== undefined) changes.scope = body.scope;
  if (body.webhook_url !== undefined) {
    changes.webhookUrl = body.webhook_url === '' ? null : body.webhook_url;
  }
  return changes;
}

/** What moved, as the audit records it: `{ field: { before, after } }`. */
function moved(before: ApiKeyRow, changes: ApiKeyChanges): Record<string, unknown> {
  const fields: [keyof ApiKeyChanges, string][] = [
    ['name', 'name'],
    ['dailyLimit', 'daily_limit'],
    ['monthlyLimit', 'monthly_limit'],
    ['allowedModels', 'allowed_models'],
    ['scope', 'scope'],
    ['webhookUrl', 'webhook_url'],
  ];
  const details: Record<string, unknown> = {};
  for (const [field, name] of fields) {
    const after = changes[field];
    if (after === undefined) continue;
    const was = before[field];
    if (JSON.stringify(was) !== JSON.stringify(after)) details[name] = { before: was, after };
  }
  return details;
}

/**
 * Revokes a live key in the caller's transaction and writes it to the owner's audit; a revoked key
 * changes nothing and writes no second event. Answers the key's hash when it was revoked now.
 */
export async function revokeKeyIn(
  apiKeys: ApiKeyRepository,
  key: ApiKeyRow,
  actor: Actor,
  reason?: string,
): Promise<string | undefined> {
  const hash = await apiKeys.revoke(key.id);
  if (hash !== undefined) {
    await apiKeys.insertEvent({
      userId: key.userId,
      action: 'api_key.revoked',
      actor: actor.name,
      subjectId: key.id,
      details: { name: key.name, prefix: key.prefix, ...(reason ? { reason } : {}) },
      ip: actor.ip,
    });
  }
  return hash;
}

/**
 * A person's API keys (issue #37, ADR 040): made, listed, changed and revoked from the profile (or
 * revoked by an operator), each change written to the person's audit (`account_events`) in the
 * same transaction. The key itself is shown once and only its hash is kept.
 */
export function createKeyService(deps: {
  repositories: {
    apiKeys: ApiKeyRepository;
    transaction: Transaction<{ apiKeys: ApiKeyRepository }>;
  };
  /** Forgets changed keys on this node at once (their notification reaches every node). */
  forgetKeys?: ((hashes: readonly string[]) => void) | undefined;
}) {
  const { apiKeys } = deps.repositories;
  const forgetKeys = (hashes: readonly (string | undefined)[]) =>
    deps.forgetKeys?.(hashes.filter((hash): hash is string => hash !== undefined));
  const valid = (id: string) => uuidPattern.test(id);

  async function revokeAs(
    actor: Actor,
    key: (tx: ApiKeyRepository) => Promise<ApiKeyRow | undefined>,
    reason?: string,
  ): Promise<KeyRevoke> {
    let hash: string | undefined;
    const row = await deps.repositories.transaction(['apiKeys'], async (tx) => {
      const found = await key(tx.apiKeys);
      if (!found) return undefined;
      hash = await revokeKeyIn(tx.apiKeys, found, actor, reason);
      return tx.apiKeys.findById(found.id);
    });
    forgetKeys([hash]);
    return row ? { outcome: 'revoked', key: toApiKey(row) } : { outcome: 'not_found' };
  }

  return {
    async list(user: SessionUser): Promise<ApiKey[]> {
      return (await apiKeys.list(user.id)).map(toApiKey);
    },

    async create(user: SessionUser, body: CreateApiKeyBody, actor: Actor): Promise<KeyCreate> {
      const errors = checkSettings(body);
      if (errors.length > 0) return { outcome: 'invalid', errors };
      const changes = normalised(body);
      const made = newKeySecret();
      const webhookSecret = newWebhookSecret();
      const row = await deps.repositories.transaction(['apiKeys'], async (tx) => {
        await tx.apiKeys.lockOwner(user.id);
        if ((await tx.apiKeys.countLive(user.id)) >= apiKeyLimits.maxLiveKeys) return undefined;
        const inserted = await tx.apiKeys.insert({
          userId: user.id,
          name: body.name,
          prefix: made.prefix,
          keyHash: made.hash,
          webhookSecret,
          dailyLimit: changes.dailyLimit ?? null,
          monthlyLimit: changes.monthlyLimit ?? null,
          allowedModels: changes.allowedModels ?? null,
          scope: changes.scope ?? 'key',
          webhookUrl: changes.webhookUrl ?? null,
        });
        await tx.apiKeys.insertEvent({
          userId: user.id,
          action: 'api_key.created',
          actor: actor.name,
          subjectId: inserted.id,
          details: {
            name: inserted.name,
            prefix: inserted.prefix,
            daily_limit: inserted.dailyLimit,
            monthly_limit: inserted.monthlyLimit,
            allowed_models: inserted.allowedModels,
            scope: inserted.scope,
            webhook_url: inserted.webhookUrl,
          },
          ip: actor.ip,
        });
        return inserted;
      });
      if (!row) return { outcome: 'too_many_keys', limit: apiKeyLimits.maxLiveKeys };
      return { outcome: 'created', key: toApiKey(row), secret: made.secret, webhookSecret };
    },

    async update(
      user: SessionUser,
      id: string,
      body: UpdateApiKeyBody,
      actor: Actor,
    ): Promise<KeyChange> {
      if (!valid(id)) return { outcome: 'not_found' };
      const errors = checkSettings(body);
      if (errors.length > 0) return { outcome: 'invalid', errors };
      const changes = normalised(body);
      let hash: string | undefined;
      const changed = await deps.repositories.transaction(
        ['apiKeys'],
        async (tx): Promise<KeyChange> => {
          const before = await tx.apiKeys.lockOwned(user.id, id);
          if (!before) return { outcome: 'not_found' };
          if (before.revokedAt) return { outcome: 'revoked' };
          const details = moved(before, changes);
          if (Object.keys(details).length > 0) {
            hash = await tx.apiKeys.update(id, changes);
            await tx.apiKeys.insertEvent({
              userId: user.id,
              action: 'api_key.changed',
              actor: actor.name,
              subjectId: id,
              details,
              ip: actor.ip,
            });
          }
          const after = await tx.apiKeys.findById(id);
          return after ? { outcome: 'changed', key: toApiKey(after) } : { outcome: 'not_found' };
        },
      );
      forgetKeys([hash]);
      return changed;
    },

    /** Revokes one of the person's keys; again is the same answer (idempotent). */
    revoke(user: SessionUser, id: string, actor: Actor): Promise<KeyRevoke> {
      if (!valid(id)) return Promise.resolve({ outcome: 'not_found' });
      return revokeAs(actor, (tx) => tx.lockOwned(user.id, id));
    },

    async webhookSecret(user: SessionUser, id: string): Promise<KeyRead<string>> {
      const secret = valid(id) ? await apiKeys.webhookSecret(user.id, id) : undefined;
      return secret === undefined ? { outcome: 'not_found' } : { outcome: 'found', value: secret };
    },

    async events(user: SessionUser): Promise<AccountEvent[]> {
      const rows = await apiKeys.events(user.id, ACCOUNT_EVENTS_LISTED);
      return rows.map((row) => ({
        id: String(row.id),
        at: row.at.toISOString(),
        action: row.action,
        actor: row.actor,
        subject_id: row.subjectId,
        details: row.details,
      }));
    },

    /** A person's keys as the console shows them, with requests per day. */
    async ofPerson(userId: string): Promise<AdminApiKey[]> {
      if (!valid(userId)) return [];
      const rows = await apiKeys.list(userId);
      return Promise.all(
        rows.map(async (row) => ({
          ...toApiKey(row),
          requests: await apiKeys.usageByDay(row.id, USAGE_DAYS),
        })),
      );
    },

    /** Every node reads the person's keys again (their owner was blocked or unblocked). */
    async forgetOwner(userId: string): Promise<void> {
      forgetKeys(await apiKeys.notifyOwnerKeys(userId));
    },

    /** Forgets keys on this node at once (changed in a transaction of another module's). */
    forget: (hashes: readonly string[]): void => forgetKeys(hashes),

    /** Writes an entry of the person's audit (helper for other modules, e.g. a webhook replay). */
    recordEvent: (event: Parameters<ApiKeyRepository['insertEvent']>[0]) =>
      apiKeys.insertEvent(event),
  };
}

export type KeyService = ReturnType<typeof createKeyService>;
