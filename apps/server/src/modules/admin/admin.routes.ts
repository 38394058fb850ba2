import {
  adminAdjustmentRequestSchema,
  adminAdjustmentSchema,
  adminAuditQuerySchema,
  adminAuditSchema,
  adminPeopleQuerySchema,
  adminPeopleSchema,
  problemSchema,
} from '@kadr/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
    operators.set(request, await admin.operator(request.user, request.sessionToken));
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
      return admin.adjust(operator, request.params.id, request.body);
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
};
