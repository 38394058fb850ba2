import {
  createPaymentBodySchema,
  createPaymentResponseSchema,
  paymentRecordSchema,
  problemSchema,
} from '@kadr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/locale.ts';
import { requireUser } from '../auth/index.ts';
import type { PaymentService } from './payment.service.ts';
import { paymentProblem } from './payments.problems.ts';

export interface PaymentRoutesOptions {
  payments: Pick<PaymentService, 'create' | 'read' | 'cancel'>;
}

const idParams = z.object({ id: z.string() });

/** Buying tokens: open a payment, follow it, cancel it. The signed-in person's own only. */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  const { payments } = options;

  app.post(
    '/api/create-payment',
    {
      schema: {
        tags: ['payments'],
        description:
          'Open a payment for the token package with `amount` tokens, in `currency` or else the ' +
          'interface language’s (ru → RUB via YooKassa, en → USD via Stripe). Answers the ' +
          'provider’s page; tokens are credited when the provider confirms the payment.',
        body: createPaymentBodySchema,
        response: {
          200: createPaymentResponseSchema,
          400: problemSchema,
          401: problemSchema,
          502: problemSchema,
          503: problemSchema,
        },
      },
    },
    async (request) => {
      const opened = await payments.create(
        requireUser(request),
        request.body,
        requestLocale(request),
      );
      if (opened.outcome !== 'opened') throw paymentProblem(opened);
      return opened.checkout;
    },
  );

  app.get(
    '/api/payments/:id',
    {
      schema: {
        tags: ['payments'],
        description:
          'One of the person’s payments (anyone else’s answers 404). While pending, the provider ' +
          'is asked about it (at most every few seconds).',
        params: idParams,
        response: { 200: paymentRecordSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const read = await payments.read(requireUser(request), request.params.id);
      if (read.outcome !== 'found') throw paymentProblem(read);
      return read.payment;
    },
  );

  app.post(
    '/api/payments/:id/cancel',
    {
      schema: {
        tags: ['payments'],
        description:
          'The person left the provider’s page through Cancel: close the pending payment ' +
          '(nothing is credited; a payment the provider reports paid is answered as succeeded).',
        params: idParams,
        response: {
          200: paymentRecordSchema,
          401: problemSchema,
          404: problemSchema,
          409: problemSchema,
        },
      },
    },
    async (request) => {
      const canceled = await payments.cancel(requireUser(request), request.params.id);
      if (canceled.outcome !== 'canceled') throw paymentProblem(canceled);
      return canceled.payment;
    },
  );
};
