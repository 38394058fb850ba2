import {
  type CreatePaymentBody,
  type Currency,
  createPaymentResponseSchema,
  packageListSchema,
  type TokenPackageItem,
} from '@kadr/contract';
import { wrapped } from '~/features/generations/api';
import { apiRequest } from '~/lib/api';

/** The pricing page's API calls: the token packages on sale and opening a payment for one. */

/** The contract's schemas its answers are checked with, in development and tests only (ADR 030). */
const answers = import.meta.env.DEV
  ? { createPaymentResponseSchema, packageListSchema }
  : undefined;

/** The token packages of one currency (spec §9), named in the request's language. */
export function listPackages(
  currency: Currency,
  language: string,
  signal?: AbortSignal,
): Promise<TokenPackageItem[]> {
  return wrapped('Failed to get token packages', async () => {
    const query = new URLSearchParams({ currency, lang: language });
    const result = await apiRequest(`/api/packages?${query}`, {
      signal,
      parse: answers?.packageListSchema.parse,
    });
    return result.items;
  });
}

/**
 * Opens a payment for the package of `tokens` tokens (spec §7: `amount` is that number as a
 * string, `referral` the stored referrer or null); resolves with the provider's page. `email` is
 * where the 54-FZ receipt goes, sent only once the server asked for it (a 400 naming `email`).
 */
export function createPayment(
  tokens: number,
  referral: string | null,
  currency: Currency,
  email?: string,
): Promise<string> {
  const body: CreatePaymentBody = { amount: String(tokens), referral, currency };
  if (email !== undefined) body.email = email;
  return wrapped('Payment creation failed', async () => {
    const result = await apiRequest('/api/create-payment', {
      method: 'POST',
      body,
      parse: answers?.createPaymentResponseSchema.parse,
    });
    return result.url;
  });
}
