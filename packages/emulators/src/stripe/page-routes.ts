import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deliveryOptionsFromQuery, deliveryQuery } from '../payment-notifications/delivery.ts';
import { renderStripeCheckoutPage } from './page.ts';
import type { Payments } from './payments.ts';
import type { Store } from './store.ts';
import type { AsyncOutcome, StripeCheckoutSession } from './types.ts';

type PageRequest = FastifyRequest<{
  Params: { id: string };
  Querystring: Record<string, string | undefined>;
}>;

function pageOptions(query: Record<string, string | undefined>) {
  const delivery = deliveryOptionsFromQuery(query);
  const requested = query.async;
  const asyncPayment: AsyncOutcome | undefined =
    requested === 'succeeded' || requested === 'failed' || requested === 'pending'
      ? requested
      : undefined;
  const params = new URLSearchParams(deliveryQuery(delivery));
  if (asyncPayment) params.set('async', asyncPayment);
  const text = params.toString();
  return { delivery, asyncPayment, query: text ? `?${text}` : '' };
}

function successUrl(session: StripeCheckoutSession): string {
  return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

type PageContext = {
  baseUrl: () => string;
  businessName: string | undefined;
  store: Store;
  payments: Payments;
};

/**
 * The hosted Checkout page (`/c/pay/:id`) and its two buttons: pay, which redirects to the success
 * URL while the events go out, and back, which redirects to the cancel URL and sends nothing.
 */
export function registerCheckoutPage(instance: FastifyInstance, context: PageContext): void {
  const { baseUrl } = context;
  const { sessions } = context.store;
  const { expireIfDue, pay } = context.payments;

  instance.get('/c/pay/:id', async (request: PageRequest, reply) => {
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const stored = sessions.get(request.params.id);
    if (!stored) {
      return reply
        .code(404)
        .send(
          '<!doctype html><html lang="en"><title>Not found</title><h1>Something went wrong</h1><p>The page you were looking for could not be found.</p></html>',
        );
    }
    expireIfDue(stored);
    const session = stored.session;
    const { query } = pageOptions(request.query);
    const base = `${baseUrl()}/c/pay/${session.id}`;
    return reply.send(
      renderStripeCheckoutPage({
        businessName: context.businessName ?? 'Kadr',
        productName: stored.productName,
        amountMinor: session.amount_total,
        currency: session.currency,
        email: session.customer_email,
        status: session.status,
        payAction: `${base}/confirm${query}`,
        cancelAction: `${base}/cancel${query}`,
        successUrl: session.status === 'complete' ? successUrl(session) : null,
      }),
    );
  });

  instance.post('/c/pay/:id/confirm', async (request: PageRequest, reply) => {
    const stored = sessions.get(request.params.id);
    if (!stored) return reply.code(404).type('text/html; charset=utf-8').send('Not found');
    expireIfDue(stored);
    if (stored.session.status === 'expired') {
      return reply.redirect(`${baseUrl()}/c/pay/${stored.session.id}`, 303);
    }
    const { delivery, asyncPayment } = pageOptions(request.query);
    // The redirect does not wait for the webhook: they race, as with Stripe.
    pay(stored.session.id, { ...delivery, ...(asyncPayment ? { asyncPayment } : {}) }).catch(
      (error: unknown) => request.log.error({ err: error }, 'stripe emulator'),
    );
    return reply.header('cache-control', 'no-store').redirect(successUrl(stored.session), 303);
  });

  instance.post('/c/pay/:id/cancel', async (request: PageRequest, reply) => {
    const stored = sessions.get(request.params.id);
    if (!stored) return reply.code(404).type('text/html; charset=utf-8').send('Not found');
    // Stripe sends nothing: the session stays open until it expires or is expired.
    const target = stored.session.cancel_url ?? `${baseUrl()}/c/pay/${stored.session.id}`;
    return reply.header('cache-control', 'no-store').redirect(target, 303);
  });
}
