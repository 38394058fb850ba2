import {
  problemSchema,
  webhookDeliveryListSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
} from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Locale, requestLocale } from '../../lib/locale.ts';
import { HttpProblem } from '../../lib/problem.ts';
import { requireUser } from '../auth/index.ts';
import type { WebhookDeliveryService } from './webhook-delivery.service.ts';

export interface WebhookDeliveryRoutesOptions {
  deliveries: Pick<WebhookDeliveryService, 'list' | 'replay'>;
}

/** Every refusal of these routes, said in the person's language. */
const texts = {
  invalid_cursor: {
    ru: 'Эта ссылка на следующую страницу журнала устарела или повреждена. Откройте журнал сначала.',
    en: 'This link to the next page of the log is stale or damaged. Open the log from the start.',
  },
  not_found: {
    ru: 'Такого сообщения в вашем журнале вебхуков нет.',
    en: 'There is no such message in your webhook log.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

const deliveryParams = z.object({ id: z.string() });

/** The signed-in person's log of webhooks sent for their keys' generations, and a replay. */
export const webhookDeliveryRoutes: FastifyPluginAsyncZod<WebhookDeliveryRoutesOptions> = async (
  app,
  options,
) => {
  const { deliveries } = options;

  app.get(
    '/api/webhook-deliveries',
    {
      schema: {
        tags: ['api keys'],
        description:
          'A page of the person’s webhook messages (every generation ending sent to their keys’ ' +
          'URLs), newest first: status, attempts, the receiver’s last answer. `key` keeps one ' +
          'key’s; pass `next_cursor` as `cursor` for the next page.',
        querystring: webhookDeliveryQuerySchema,
        response: { 200: webhookDeliveryListSchema, 400: problemSchema, 401: problemSchema },
      },
    },
    async (request) => {
      const listed = await deliveries.list(requireUser(request), request.query);
      if (listed.outcome === 'invalid_cursor') {
        throw new HttpProblem(400, texts.invalid_cursor[requestLocale(request)], {
          errors: [{ field: 'cursor', code: 'invalid', message: 'is not a cursor of this log' }],
        });
      }
      return listed.page;
    },
  );

  app.post(
    '/api/webhook-deliveries/:id/replay',
    {
      schema: {
        tags: ['api keys'],
        description:
          'Send one of the person’s webhook messages again, now, with the same id (`webhook-id`) ' +
          'and a fresh signature, whatever became of it. The answer is the message as it stands: ' +
          'pending until the attempt, which runs at once in the background, records its result.',
        params: deliveryParams,
        response: { 200: webhookDeliverySchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const replayed = await deliveries.replay(
        requireUser(request),
        request.params.id,
        request.ip ?? null,
      );
      if (replayed.outcome === 'not_found') {
        throw new HttpProblem(404, texts.not_found[requestLocale(request)]);
      }
      return replayed.delivery;
    },
  );
};
