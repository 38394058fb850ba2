import type { FastifyRequest } from 'fastify';

export type Locale = 'ru' | 'en';

/**
 * The interface language of a request: `?lang=`, then the `lang` cookie the web app sets, then
 * Accept-Language; Russian by default, as in the product.
 */
export function requestLocale(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  const explicit = typeof query?.lang === 'string' ? query.lang : cookieValue(request, 'lang');
  if (explicit === 'ru' || explicit === 'en') return explicit;
  const accept = request.headers['accept-language'];
  if (typeof accept === 'string') {
    for (const part of accept.split(',')) {
      const tag = part.trim().slice(0, 2).toLowerCase();
      if (tag === 'ru' || tag === 'en') return tag;
    }
  }
  return 'ru';
}

/**
 * A cookie's value read from the request's own header (no cookie plugin needed); a value that is
 * not valid percent-encoding counts as absent.
 */
export function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}
