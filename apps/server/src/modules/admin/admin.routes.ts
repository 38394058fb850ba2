import {
  adminAccountSchema,
  adminAckSchema,
  adminAdjustmentRequestSchema,
  adminAdjustmentSchema,
  adminApiKeyListSchema,
  adminAuditQuerySchema,
  adminAuditSchema,
  adminGenerationDetailSchema,
  adminGenerationListSchema,
  adminGenerationsQuerySchema,
  adminModelListSchema,
  adminModelSwitchBodySchema,
  adminOverviewSchema,
  adminPaymentDetailSchema,
  adminPaymentListSchema,
  adminPaymentRefundSchema,
  adminPaymentsQuerySchema,
  adminPeopleQuerySchema,
  adminPeopleSchema,
  adminPersonDetailSchema,
  adminReasonBodySchema,
  adminRetrySchema,
  apiKeySchema,
  problemSchema,
} from '@kadr/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer } from './admin.problems.ts';
import type { AdminService, Operator } from './admin.service.ts';

const idParams = z.object({ id: z.string().max(64) });

/**
 * `/api/admin/…`: the operator console's API. Every route answers 404 to anyone who is not an
 * operator (signed out or an ordinary account), so its existence is not advertised; state changes
 * pass the same Origin check as every other route, and a rate limit per operator.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (
  app,
  { admin },
) => {
  // Before validation, so a malformed request from someone else is a 404 too, never a 400 that
  // would confirm the route exists.
  const operators = new WeakMap<FastifyRequest, Operator>();
  app.addHook('preValidation', async (request) => {
    operators.set(request, answer(await admin.operator(request.user, request.sessionToken)));
  });
  const operatorOf = (request: FastifyRequest): Operator => {
    const operator = operators.get(request);
    if (!operator) throw new Error('admin route without its operator check');
    return operator;
  };

  app.get(
    '/api/admin/people',
    {
      schema: {
        tags: ['admin'],
        querystring: adminPeopleQuerySchema,
        response: { 200: adminPeopleSchema, 404: problemSchema },
      },
    },
    async (request) => {
      operatorOf(request);
      return { items: await admin.search(request.query.q) };
    },
  );

  app.post(
    '/api/admin/people/:id/adjustments',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        body: adminAdjustmentRequestSchema,
        response: { 200: adminAdjustmentSchema, 404: problemSchema, 409: problemSchema },
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      return answer(await admin.adjust(operator, request.params.id, request.body));
    },
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditSchema, 404: problemSchema },
      },
    },
    async (request) => {
      operatorOf(request);
      return { items: await admin.audit(request.query) };
    },
  );

  const tags = ['admin'];
  const read = { 404: problemSchema };
  const change = { 404: problemSchema, 409: problemSchema };

  app.get(
    '/api/admin/overview',
    { schema: { tags, response: { 200: adminOverviewSchema, ...read } } },
    async (request) => {
      operatorOf(request);
      return admin.overview();
    },
  );

  app.get(
    '/api/admin/people/:id',
    { schema: { tags, params: idParams, response: { 200: adminPersonDetailSchema, ...read } } },
    async (request) => {
      operatorOf(request);
      return answer(await admin.person(request.params.id));
    },
  );

  app.post(
    '/api/admin/people/:id/sessions/end',
    {
      schema: {
        tags,
        params: idParams,
        body: adminReasonBodySchema,
        response: { 200: adminAckSchema, ...change },
      },
    },
    async (request) =>
      answer(await admin.endSessions(operatorOf(request), request.params.id, request.body.reason)),
  );

  app.get(
    '/api/admin/people/:id/keys',
    {
      schema: {
        tags,
        description: "A person's API keys with their spend and requests per day (the last 30).",
        params: idParams,
        response: { 200: adminApiKeyListSchema, ...read },
      },
    },
    async (request) => {
      operatorOf(request);
      return { items: answer(await admin.personKeys(request.params.id)) };
    },
  );

  app.post(
    '/api/admin/keys/:id/revoke',
    {
      schema: {
        tags,
        description:
          "Revoke someone's API key (refused at once on every node); written to the console's " +
          "audit log and the person's own audit. A revoked key answers as it is.",
        params: idParams,
        body: adminReasonBodySchema,
        response: { 200: apiKeySchema, ...change },
      },
    },
    async (request) =>
      answer(await admin.revokeKey(operatorOf(request), request.params.id, request.body.reason)),
  );

  for (const action of ['block', 'unblock'] as const) {
    app.post(
      `/api/admin/people/:id/${action}`,
      {
        schema: {
          tags,
          params: idParams,
          body: adminReasonBodySchema,
          response: { 200: adminAccountSchema, ...change },
        },
      },
      async (request) =>
        answer(
          await admin.setBlocked(
            operatorOf(request),
            request.params.id,
            action === 'block',
            request.body.reason,
          ),
        ),
    );
  }

  app.get(
    '/api/admin/generations',
    {
      schema: {
        tags,
        querystring: adminGenerationsQuerySchema,
        response: { 200: adminGenerationListSchema, ...read },
      },
    },
    async (request) => {
      operatorOf(request);
      return admin.generations(request.query);
    },
  );

  app.get(
    '/api/admin/generations/:id',
    {
      schema: { tags, params: idParams, response: { 200: adminGenerationDetailSchema, ...read } },
    },
    async (request) => {
      operatorOf(request);
      return answer(await admin.generation(request.params.id));
    },
  );

  app.post(
    '/api/admin/generations/:id/refund',
    {
      schema: {
        tags,
        params: idParams,
        body: adminReasonBodySchema,
        response: { 200: adminAckSchema, ...change },
      },
    },
    async (request) =>
      answer(
        await admin.refundGeneration(operatorOf(request), request.params.id, request.body.reason),
      ),
  );

  app.post(
    '/api/admin/generations/:id/retry',
    {
      schema: {
        tags,
        params: idParams,
        body: adminReasonBodySchema,
        response: { 200: adminRetrySchema, ...change },
      },
    },
    async (request) =>
      answer(
        await admin.retryGeneration(operatorOf(request), request.params.id, request.body.reason),
      ),
  );

  app.get(
    '/api/admin/payments',
    {
      schema: {
        tags,
        querystring: adminPaymentsQuerySchema,
        response: { 200: adminPaymentListSchema, ...read },
      },
    },
    async (request) => {
      operatorOf(request);
      return admin.payments(request.query);
    },
  );

  app.get(
    '/api/admin/payments/:id',
    { schema: { tags, params: idParams, response: { 200: adminPaymentDetailSchema, ...read } } },
    async (request) => {
      operatorOf(request);
      return answer(await admin.payment(request.params.id));
    },
  );

  app.post(
    '/api/admin/payments/:id/refund',
    {
      schema: {
        tags,
        params: idParams,
        body: adminReasonBodySchema,
        response: {
          200: adminPaymentRefundSchema,
          ...change,
          502: problemSchema,
          503: problemSchema,
        },
      },
    },
    async (request) =>
      answer(
        await admin.refundPayment(operatorOf(request), request.params.id, request.body.reason),
      ),
  );

  app.get(
    '/api/admin/models',
    { schema: { tags, response: { 200: adminModelListSchema, ...read } } },
    async (request) => {
      operatorOf(request);
      return admin.models();
    },
  );

  app.put(
    '/api/admin/models/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: adminModelSwitchBodySchema,
        response: { 200: adminModelListSchema, ...change },
      },
    },
    async (request) =>
      answer(
        await admin.switchModel(
          operatorOf(request),
          request.params.id,
          request.body.enabled,
          request.body.reason,
        ),
      ),
  );
};
