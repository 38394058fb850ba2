import {
  type AdminAccount,
  type AdminApiKey,
  type AdminAuditEntry,
  type AdminGeneration,
  type AdminGenerationDetail,
  type AdminModel,
  type AdminOverview,
  type AdminPayment,
  type AdminPaymentDetail,
  type AdminPaymentRefund,
  type AdminPerson,
  type AdminPersonDetail,
  type ApiKey,
  adminAccountSchema,
  adminAckSchema,
  adminAdjustmentSchema,
  adminApiKeyListSchema,
  adminAuditSchema,
  adminGenerationDetailSchema,
  adminGenerationListSchema,
  adminModelListSchema,
  adminOverviewSchema,
  adminPaymentDetailSchema,
  adminPaymentListSchema,
  adminPaymentRefundSchema,
  adminPeopleSchema,
  adminPersonDetailSchema,
  adminRetrySchema,
  apiKeySchema,
} from '@kadr/contract';
import { apiRequest } from '~/lib/api';

/**
 * The operator console's API calls (`/api/admin/…`), one function per operation, each answer
 * checked with its contract schema. They live with the console, not in features/generations, so
 * that only the console's chunk carries them.
 */

/** Query text from filters, without the empty ones. */
function query(filters: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const id = (value: string) => encodeURIComponent(value);

export const adminApi = {
  overview: (signal?: AbortSignal): Promise<AdminOverview> =>
    apiRequest('/api/admin/overview', { signal, parse: adminOverviewSchema.parse }),

  people: async (q: string, signal?: AbortSignal): Promise<AdminPerson[]> =>
    (
      await apiRequest(`/api/admin/people${query({ q })}`, {
        signal,
        parse: adminPeopleSchema.parse,
      })
    ).items,

  person: (userId: string, signal?: AbortSignal): Promise<AdminPersonDetail> =>
    apiRequest(`/api/admin/people/${id(userId)}`, { signal, parse: adminPersonDetailSchema.parse }),

  adjust: (userId: string, delta: number, reason: string) =>
    apiRequest(`/api/admin/people/${id(userId)}/adjustments`, {
      method: 'POST',
      body: { delta, reason },
      parse: adminAdjustmentSchema.parse,
    }),

  endSessions: (userId: string, reason: string) =>
    apiRequest(`/api/admin/people/${id(userId)}/sessions/end`, {
      method: 'POST',
      body: { reason },
      parse: adminAckSchema.parse,
    }),

  setBlocked: (userId: string, blocked: boolean, reason: string): Promise<AdminAccount> =>
    apiRequest(`/api/admin/people/${id(userId)}/${blocked ? 'block' : 'unblock'}`, {
      method: 'POST',
      body: { reason },
      parse: adminAccountSchema.parse,
    }),

  /** A person's API keys, with their requests per day. */
  personKeys: async (userId: string, signal?: AbortSignal): Promise<AdminApiKey[]> =>
    (
      await apiRequest(`/api/admin/people/${id(userId)}/keys`, {
        signal,
        parse: adminApiKeyListSchema.parse,
      })
    ).items,

  revokeKey: (keyId: string, reason: string): Promise<ApiKey> =>
    apiRequest(`/api/admin/keys/${id(keyId)}/revoke`, {
      method: 'POST',
      body: { reason },
      parse: apiKeySchema.parse,
    }),

  generations: (
    filters: Record<string, string | number | undefined>,
    signal?: AbortSignal,
  ): Promise<{ items: AdminGeneration[]; page: number; has_more: boolean }> =>
    apiRequest(`/api/admin/generations${query(filters)}`, {
      signal,
      parse: adminGenerationListSchema.parse,
    }),

  generation: (generationId: string, signal?: AbortSignal): Promise<AdminGenerationDetail> =>
    apiRequest(`/api/admin/generations/${id(generationId)}`, {
      signal,
      parse: adminGenerationDetailSchema.parse,
    }),

  refundGeneration: (generationId: string, reason: string) =>
    apiRequest(`/api/admin/generations/${id(generationId)}/refund`, {
      method: 'POST',
      body: { reason },
      parse: adminAckSchema.parse,
    }),

  retryGeneration: (generationId: string, reason: string) =>
    apiRequest(`/api/admin/generations/${id(generationId)}/retry`, {
      method: 'POST',
      body: { reason },
      parse: adminRetrySchema.parse,
    }),

  payments: (
    filters: Record<string, string | number | undefined>,
    signal?: AbortSignal,
  ): Promise<{ items: AdminPayment[]; page: number; has_more: boolean }> =>
    apiRequest(`/api/admin/payments${query(filters)}`, {
      signal,
      parse: adminPaymentListSchema.parse,
    }),

  payment: (paymentId: string, signal?: AbortSignal): Promise<AdminPaymentDetail> =>
    apiRequest(`/api/admin/payments/${id(paymentId)}`, {
      signal,
      parse: adminPaymentDetailSchema.parse,
    }),

  /** The payment after the refund, and the refund as the provider recorded it. */
  refundPayment: (paymentId: string, reason: string): Promise<AdminPaymentRefund> =>
    apiRequest(`/api/admin/payments/${id(paymentId)}/refund`, {
      method: 'POST',
      body: { reason },
      parse: adminPaymentRefundSchema.parse,
    }),

  models: async (signal?: AbortSignal): Promise<AdminModel[]> =>
    (await apiRequest('/api/admin/models', { signal, parse: adminModelListSchema.parse })).items,

  switchModel: async (model: string, enabled: boolean, reason: string): Promise<AdminModel[]> =>
    (
      await apiRequest(`/api/admin/models/${id(model)}`, {
        method: 'PUT',
        body: { enabled, reason },
        parse: adminModelListSchema.parse,
      })
    ).items,

  audit: async (
    filters: Record<string, string | number | undefined>,
    signal?: AbortSignal,
  ): Promise<AdminAuditEntry[]> =>
    (
      await apiRequest(`/api/admin/audit${query(filters)}`, {
        signal,
        parse: adminAuditSchema.parse,
      })
    ).items,
};

/** Query keys of the console (its own client: nothing of it is kept on the device). */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => ['admin', 'overview'] as const,
  people: (q: string) => ['admin', 'people', q] as const,
  person: (userId: string) => ['admin', 'person', userId] as const,
  personKeys: (userId: string) => ['admin', 'person', userId, 'keys'] as const,
  generations: (filters: object) => ['admin', 'generations', filters] as const,
  generation: (generationId: string) => ['admin', 'generation', generationId] as const,
  payments: (filters: object) => ['admin', 'payments', filters] as const,
  payment: (paymentId: string) => ['admin', 'payment', paymentId] as const,
  models: () => ['admin', 'models'] as const,
  audit: (filters: object) => ['admin', 'audit', filters] as const,
};
