import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Emit } from './events.ts';
import { FormError, type FormValue, parseStripeForm } from './form.ts';
import { randomId } from './ids.ts';
import type { Payments } from './payments.ts';
import type { Store } from './store.ts';
import type { NewRefundStatus, StripeCharge } from './types.ts';
import { asInteger, asString, checkExpand, noSuch, StripeApiError } from './validation.ts';

/** A page of a list, newest first, as Stripe pages: `limit` and `starting_after` (an id). */
function list<T extends { id: string }>(data: T[], url: string, params: Record<string, FormValue>) {
  const limit = asInteger(params.limit, 'limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw new StripeApiError(400, 'This value must be between 1 and 100.', {
      code: 'parameter_invalid_integer',
      param: 'limit',
    });
  }
  const after = asString(params.starting_after, 'starting_after');
  let from = 0;
  if (after) {
    const index = data.findIndex((item) => item.id === after);
    if (index < 0) throw noSuch('object', after, 'starting_after');
    from = index + 1;
  }
  const rest = data.slice(from);
  return { object: 'list', data: rest.slice(0, limit), has_more: rest.length > limit, url };
}

function keyMatches(header: string | undefined, secretKey: string): boolean {
  if (!header) return false;
  let key: string | undefined;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer) key = bearer[1];
  const basic = /^Basic\s+(\S+)\s*$/i.exec(header);
  if (basic?.[1]) key = Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0];
  if (!key) return false;
  const given = Buffer.from(key);
  const expected = Buffer.from(secretKey);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function maskKey(header: string | undefined): string {
  const key = /^Bearer\s+(\S+)/i.exec(header ?? '')?.[1] ?? '';
  return key.length > 8
    ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
    : key;
}

type ApiContext = {
  secretKey: string;
  store: Store;
  payments: Payments;
  emit: Emit;
  /** The status a refund made through the API starts in (`setRefundStatus`). */
  newRefundStatus: () => NewRefundStatus;
};

/**
 * The API the SDK calls, under `/v1`: Checkout Sessions, payment intents, charges, refunds and
 * disputes, behind the secret key, with Stripe's idempotency and `expand`. For the whole plugin it
 * also sets Stripe's form parser and its error answers.
 */
export async function registerApi(instance: FastifyInstance, context: ApiContext): Promise<void> {
  const { store, payments, emit } = context;
  const { sessions, intents, charges, refunds, disputes, idempotency, failures, expand } = store;
  const { createSession, findSession, expireIfDue, expireOpen, expireStored, refundCharge } =
    payments;

  // Its own form parser (the raw text, parsed with bracket nesting), whatever the host app has.
  if (instance.hasContentTypeParser('application/x-www-form-urlencoded')) {
    instance.removeContentTypeParser('application/x-www-form-urlencoded');
  }
  instance.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, String(body)),
  );

  instance.setErrorHandler((error, request, reply) => {
    if (error instanceof StripeApiError) {
      return reply.code(error.status).send(error.body());
    }
    if (error instanceof FormError) {
      return reply.code(400).send(new StripeApiError(400, error.message).body());
    }
    const status =
      typeof error === 'object' && error !== null && 'statusCode' in error
        ? Number(error.statusCode)
        : 500;
    if (status >= 400 && status < 500) {
      const message = error instanceof Error ? error.message : 'Bad request';
      return reply.code(status).send(new StripeApiError(status, message).body());
    }
    request.log.error({ err: error }, 'stripe emulator error');
    return reply
      .code(500)
      .send(new StripeApiError(500, 'An unknown error occurred', { type: 'api_error' }).body());
  });

  await instance.register(
    async (v1: FastifyInstance) => {
      v1.addHook('onRequest', async (request, reply) => {
        reply.header('request-id', randomId('req_', 14));
        const header = request.headers.authorization;
        if (!keyMatches(header, context.secretKey)) {
          const message = header
            ? `Invalid API Key provided: ${maskKey(header)}`
            : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
          return reply.code(401).send(new StripeApiError(401, message).body());
        }
        const failure = failures.shift();
        if (failure !== undefined) {
          return reply.code(failure).send(
            new StripeApiError(failure, 'An unknown error occurred', {
              type: 'api_error',
            }).body(),
          );
        }
      });

      /** Parameters of the request: the form body for POST, the query string for GET. */
      function paramsOf(request: FastifyRequest): Record<string, FormValue> {
        if (request.method === 'GET') {
          const query = request.raw.url?.split('?')[1] ?? '';
          return parseStripeForm(query);
        }
        return parseStripeForm(typeof request.body === 'string' ? request.body : '');
      }

      /** Stripe's idempotency: the first answer for a key is replayed; other params are refused. */
      function idempotent(
        request: FastifyRequest,
        reply: FastifyReply,
        run: (requestInfo: { id: string; idempotencyKey: string | null }) => unknown,
      ): unknown {
        const header = request.headers['idempotency-key'];
        const key = Array.isArray(header) ? header[0] : header;
        const requestInfo = {
          id: String(reply.getHeader('request-id')),
          idempotencyKey: key ?? null,
        };
        if (!key) return run(requestInfo);
        if (key.length > 255) {
          throw new StripeApiError(400, 'Idempotency keys can be at most 255 characters long.', {
            type: 'idempotency_error',
          });
        }
        const body = typeof request.body === 'string' ? request.body : '';
        const canonicalBody = [...new URLSearchParams(body)]
          .map(([name, value]) => `${name}=${value}`)
          .sort()
          .join('&');
        const fingerprint = `${request.method} ${request.url.split('?')[0]} ${canonicalBody}`;
        const saved = idempotency.get(key);
        if (saved) {
          if (saved.fingerprint !== fingerprint) {
            throw new StripeApiError(
              400,
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              { type: 'idempotency_error' },
            );
          }
          reply.header('idempotent-replayed', 'true');
          return reply.code(saved.status).send(saved.body);
        }
        const result = run(requestInfo);
        idempotency.set(key, { fingerprint, status: 200, body: result });
        return result;
      }

      v1.post('/checkout/sessions', async (request, reply) =>
        idempotent(request, reply, () => {
          const params = paramsOf(request);
          const created = createSession(params);
          return expand(created, checkExpand(params.expand));
        }),
      );

      v1.get('/checkout/sessions', async (request) => {
        const params = paramsOf(request);
        const intentId = asString(params.payment_intent, 'payment_intent');
        const all = [...sessions.values()]
          .filter((stored) => !intentId || stored.session.payment_intent === intentId)
          .reverse();
        for (const stored of all) expireIfDue(stored);
        const page = list(
          all.map((stored) => stored.session),
          '/v1/checkout/sessions',
          params,
        );
        return expand(page, checkExpand(params.expand));
      });

      v1.get<{ Params: { id: string } }>('/checkout/sessions/:id', async (request) => {
        const stored = findSession(request.params.id);
        return expand(stored.session, checkExpand(paramsOf(request).expand));
      });

      v1.post<{ Params: { id: string } }>('/checkout/sessions/:id/expire', async (request, reply) =>
        idempotent(request, reply, (requestInfo) => {
          const stored = expireOpen(request.params.id);
          void expireStored(stored, undefined, requestInfo);
          return expand(stored.session, checkExpand(paramsOf(request).expand));
        }),
      );

      v1.get<{ Params: { id: string } }>('/payment_intents/:id', async (request) => {
        const intent = intents.get(request.params.id);
        if (!intent) throw noSuch('payment_intent', request.params.id, 'intent');
        return expand(intent, checkExpand(paramsOf(request).expand));
      });

      v1.get<{ Params: { id: string } }>('/charges/:id', async (request) => {
        const charge = charges.get(request.params.id);
        if (!charge) throw noSuch('charge', request.params.id, 'id');
        return expand(charge, checkExpand(paramsOf(request).expand));
      });

      v1.post('/refunds', async (request, reply) =>
        idempotent(request, reply, (requestInfo) => {
          const params = paramsOf(request);
          const intentId = asString(params.payment_intent, 'payment_intent');
          const chargeId = asString(params.charge, 'charge');
          let charge: StripeCharge | undefined;
          if (chargeId) {
            charge = charges.get(chargeId);
            if (!charge) throw noSuch('charge', chargeId, 'charge');
          } else if (intentId) {
            const intent = intents.get(intentId);
            if (!intent) throw noSuch('payment_intent', intentId, 'payment_intent');
            const latest = intent.latest_charge;
            charge = typeof latest === 'string' ? charges.get(latest) : undefined;
            if (!charge) {
              throw new StripeApiError(
                400,
                'This PaymentIntent does not have a successful charge to refund.',
                { code: 'charge_not_refundable', param: 'payment_intent' },
              );
            }
          } else {
            throw new StripeApiError(
              400,
              'One of the following params should be provided for this request: payment_intent or charge.',
              { code: 'parameter_missing' },
            );
          }
          const reason = asString(params.reason, 'reason') ?? null;
          const { refund, events } = refundCharge(
            charge,
            asInteger(params.amount, 'amount'),
            reason,
            context.newRefundStatus(),
          );
          void emit(events, undefined, requestInfo);
          return refund;
        }),
      );

      v1.get('/refunds', async (request) => {
        const params = paramsOf(request);
        const intentId = asString(params.payment_intent, 'payment_intent');
        const chargeId = asString(params.charge, 'charge');
        const matching = [...refunds.values()]
          .filter(
            (refund) =>
              (!intentId || refund.payment_intent === intentId) &&
              (!chargeId || refund.charge === chargeId),
          )
          .reverse();
        return expand(list(matching, '/v1/refunds', params), checkExpand(params.expand));
      });

      v1.get<{ Params: { id: string } }>('/refunds/:id', async (request) => {
        const refund = refunds.get(request.params.id);
        if (!refund) throw noSuch('refund', request.params.id, 'id');
        return refund;
      });

      v1.get('/disputes', async (request) => {
        const params = paramsOf(request);
        const intentId = asString(params.payment_intent, 'payment_intent');
        const chargeId = asString(params.charge, 'charge');
        const matching = [...disputes.values()]
          .filter(
            (dispute) =>
              (!intentId || dispute.payment_intent === intentId) &&
              (!chargeId || dispute.charge === chargeId),
          )
          .reverse();
        return expand(list(matching, '/v1/disputes', params), checkExpand(params.expand));
      });

      v1.get<{ Params: { id: string } }>('/disputes/:id', async (request) => {
        const dispute = disputes.get(request.params.id);
        if (!dispute) throw noSuch('dispute', request.params.id, 'dispute');
        return dispute;
      });
    },
    { prefix: '/v1' },
  );
}
