import {
  accountEventListSchema,
  apiKeyListSchema,
  apiKeySchema,
  apiKeyWebhookSecretSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
  problemSchema,
  updateApiKeyBodySchema,
} from '@kadr/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/locale.ts';
import { requireUser } from '../auth/index.ts';
import { ACCOUNT_EVENTS_LISTED, type Actor, type KeyService } from './key.service.ts';
import { keyProblem } from './keys.problems.ts';

const idParams = z.object({ id: z.string().max(64) });
const tags = ['keys'];

const self = (request: FastifyRequest): Actor => ({ name: 'self', ip: request.ip });

/**
 * The profile's API keys (cookie routes; a bearer key is refused here): make one (its secret shown
 * this once), list, change, revoke, read its webhook secret, and the person's audit.
 */
export const keyRoutes: FastifyPluginAsyncZod<{ keys: KeyService }> = async (app, { keys }) => {
  app.get(
    '/api/keys',
    {
      schema: {
        tags,
        description: "The person's API keys, live ones first, with their spend and requests today.",
        response: { 200: apiKeyListSchema, 401: problemSchema },
      },
    },
    async (request) => ({ items: await keys.list(requireUser(request)) }),
  );

  app.post(
    '/api/keys',
    {
      schema: {
        tags,
        description:
          'A new API key. Its secret (`kadr_…`) and webhook signing secret are in this answer only; ' +
          'only the hash is kept. At most 20 live keys.',
        body: createApiKeyBodySchema,
        response: {
          201: createdApiKeySchema,
          400: problemSchema,
          401: problemSchema,
          409: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const made = await keys.create(requireUser(request), request.body, self(request));
      if (made.outcome !== 'created') throw keyProblem(made, requestLocale(request));
      return reply
        .code(201)
        .send({ key: made.key, secret: made.secret, webhook_secret: made.webhookSecret });
    },
  );

  app.patch(
    '/api/keys/:id',
    {
      schema: {
        tags,
        description: "Change a live key's name, spend limits, allowed models or webhook address.",
        params: idParams,
        body: updateApiKeyBodySchema,
        response: {
          200: apiKeySchema,
          400: problemSchema,
          401: problemSchema,
          404: problemSchema,
          409: problemSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const changed = await keys.update(user, request.params.id, request.body, self(request));
      if (changed.outcome !== 'changed') throw keyProblem(changed, requestLocale(request));
      return changed.key;
    },
  );

  app.delete(
    '/api/keys/:id',
    {
      schema: {
        tags,
        description:
          'Revoke a key: refused at once on every node. Revoking it again answers the same key.',
        params: idParams,
        response: { 200: apiKeySchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const revoked = await keys.revoke(requireUser(request), request.params.id, self(request));
      if (revoked.outcome !== 'revoked') throw keyProblem(revoked, requestLocale(request));
      return revoked.key;
    },
  );

  app.get(
    '/api/keys/:id/webhook-secret',
    {
      schema: {
        tags,
        description: "The key's webhook signing secret (`whsec_…`, Standard Webhooks).",
        params: idParams,
        response: { 200: apiKeyWebhookSecretSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const read = await keys.webhookSecret(requireUser(request), request.params.id);
      if (read.outcome !== 'found') throw keyProblem(read, requestLocale(request));
      return { webhook_secret: read.value };
    },
  );

  app.get(
    '/api/account-events',
    {
      schema: {
        tags,
        description: `The person's audit, newest first (at most ${ACCOUNT_EVENTS_LISTED}): keys made, changed and revoked, by them or an operator.`,
        response: { 200: accountEventListSchema, 401: problemSchema },
      },
    },
    async (request) => ({ items: await keys.events(requireUser(request)) }),
  );
};
