import {
  AuthorizationResponseError,
  ResponseBodyError,
  WWWAuthenticateChallengeError,
} from 'openid-client';
import type { z } from 'zod';
import { OAuthSignInError, PROVIDER_TIMEOUT_SECONDS } from './types.ts';

/** The URL the provider redirected back to, as openid-client wants it: our redirect URI + query. */
export function callbackUrl(redirectUri: string, params: URLSearchParams): URL {
  const url = new URL(redirectUri);
  url.search = params.toString();
  return url;
}

/** Reads a provider's JSON answer and checks its shape; anything else is a failed sign-in. */
export async function fetchJson<T>(
  what: string,
  url: string,
  init: RequestInit,
  schema: z.ZodType<T>,
): Promise<T> {
  const response = await fetch(url, {
    ...init,
    redirect: 'error',
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_SECONDS * 1000),
  });
  if (!response.ok) {
    // Only the status and the OAuth error code: provider bodies may echo what we sent.
    const body = await response.json().catch(() => undefined);
    const code = typeof body === 'object' && body !== null && 'error' in body ? body.error : '';
    throw new OAuthSignInError(`${what} answered HTTP ${response.status} ${String(code)}`.trim());
  }
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new OAuthSignInError(`${what} answered an unexpected shape`);
  return parsed.data;
}

/** A log-safe description of why a sign-in failed: codes and messages, never tokens or bodies. */
export function describeOAuthError(error: unknown): string {
  if (error instanceof OAuthSignInError) return error.reason;
  if (error instanceof ResponseBodyError) {
    return `provider refused: ${error.error}${error.error_description ? ` (${error.error_description})` : ''}, HTTP ${error.status}`;
  }
  if (error instanceof AuthorizationResponseError) return `provider returned error ${error.error}`;
  if (error instanceof WWWAuthenticateChallengeError) {
    return `provider challenged the access token, HTTP ${error.status}`;
  }
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? ` ${error.code}` : '';
    const cause =
      error.cause instanceof Error
        ? ` (${'code' in error.cause ? String(error.cause.code) : error.cause.message})`
        : '';
    return `${error.name}${code}: ${error.message}${cause}`;
  }
  return 'unknown error';
}

/** An avatar URL we are willing to show: absolute http(s) only. */
export function imageUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !URL.canParse(value)) return null;
  return /^https?:$/.test(new URL(value).protocol) ? value : null;
}

/** A non-empty trimmed string, or null. */
export function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
