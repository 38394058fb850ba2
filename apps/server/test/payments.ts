import type { LightMyRequestResponse } from 'fastify';
import type { PaymentRow } from '../src/modules/payments/payment.repository.ts';
import type { TestApp } from './app.ts';
import type { FakeNotification, FakeProvider } from './fake-payments.ts';

const ORIGIN = 'http://localhost:3000';

/**
 * Drives the payment routes of a test app as a browser and a provider would: buying, delivering
 * notifications, reading balances and payment rows straight from the database.
 */
export function paymentDriver(t: TestApp) {
  return {
    /** `POST /api/create-payment` as the signed-in person. */
    buy(
      cookie: string,
      body: Record<string, unknown>,
      headers: Record<string, string> = {},
    ): Promise<LightMyRequestResponse> {
      return t.app.inject({
        method: 'POST',
        url: '/api/create-payment',
        headers: { cookie, origin: ORIGIN, ...headers },
        payload: body,
      });
    },

    /** Buys and answers our payment's id and the provider's id for it. */
    async open(
      provider: FakeProvider,
      cookie: string,
      body: Record<string, unknown>,
      headers: Record<string, string> = {},
    ): Promise<{ id: string; providerId: string }> {
      const res = await this.buy(cookie, body, headers);
      if (res.statusCode !== 200) throw new Error(`create-payment: ${res.statusCode} ${res.body}`);
      const providerId = (res.json() as { url: string }).url.split('/').pop() ?? '';
      const request = provider.payments.get(providerId)?.request;
      if (!request) throw new Error(`the provider opened no checkout ${providerId}`);
      return { id: request.paymentId, providerId };
    },

    /** A notification arriving at `POST /api/webhooks/<provider>` from its sender's address. */
    deliver(
      provider: FakeProvider,
      notification: FakeNotification,
    ): Promise<LightMyRequestResponse> {
      return t.app.inject({
        method: 'POST',
        url: `/api/webhooks/${provider.gateway.name}`,
        headers: notification.headers,
        payload: notification.rawBody,
        remoteAddress: notification.sourceIp,
      });
    },

    async balance(userId: string): Promise<number> {
      const { rows } = await t.database.pool.query<{ tokens: number }>(
        'select tokens from users where id = $1',
        [userId],
      );
      return rows[0]?.tokens ?? Number.NaN;
    },

    async payment(id: string): Promise<PaymentRow> {
      const row = await t.container.repositories.payments.findById(id);
      if (!row) throw new Error(`no payment ${id}`);
      return row;
    },

    /** The ledger entries of a payment: reason, user, delta, ref. */
    async entries(paymentId: string) {
      const { rows } = await t.database.pool.query<{
        reason: string;
        user_id: string;
        delta: number;
        ref: string;
      }>('select reason, user_id, delta, ref from token_ledger where payment_id = $1 order by id', [
        paymentId,
      ]);
      return rows;
    },
  };
}
