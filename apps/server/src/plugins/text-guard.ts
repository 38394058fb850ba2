import { hasUnstorableCharacters } from '@kadr/catalog';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem } from '../lib/problem.ts';

const MAX_DEPTH = 32;

/** The path of the first text (value or key) in `value` that no PostgreSQL text can hold. */
export function findUnstorableText(value: unknown, at = '', depth = 0): string | undefined {
  if (typeof value === 'string') return hasUnstorableCharacters(value) ? at || 'body' : undefined;
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnstorableText(item, `${at}[${i}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const path = at ? `${at}.${key}` : key;
    if (hasUnstorableCharacters(key)) return path;
    const found = findUnstorableText(item, path, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses, before any route runs, a JSON body or query carrying U+0000 or a lone surrogate in any
 * text: PostgreSQL can store neither (in text or JSON), so such a request would otherwise fail
 * halfway with a 500. Provider webhooks are left to their own route, which must answer 2xx to
 * what the provider signed.
 */
export const textGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (request.url.startsWith('/api/webhooks/')) return;
    const field = findUnstorableText(request.body) ?? findUnstorableText(request.query);
    if (field === undefined) return;
    throw new HttpProblem(400, 'Text must not contain a null character or broken Unicode.', {
      errors: [
        {
          field,
          code: 'invalid_characters',
          message: `${field} contains a null character or broken Unicode`,
        },
      ],
    });
  });
});
