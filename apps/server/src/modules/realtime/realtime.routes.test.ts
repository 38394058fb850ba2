import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signInDemo } from '../../../test/builders.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { openStream as openSse } from '../../../test/sse.ts';
import { applyLedgerEntry } from '../ledger/ledger.repository.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp({ WELCOME_TOKENS: '100' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectMoneyInvariants(t.database.pool);
});

const openStream = (cookie: string) => openSse(base, cookie);

describe('GET /api/realtime', () => {
  it('refuses anonymous visitors', async () => {
    const res = await fetch(`${base}/api/realtime`);
    expect(res.status).toBe(401);
  });

  it('sends the new balance to every open stream of the user within a second', async () => {
    const { cookie, user } = await signInDemo(t.app);
    const other = await signInDemo(t.app);
    const first = await openStream(cookie);
    const second = await openStream(cookie);
    const stranger = await openStream(other.cookie);
    expect(first.res.headers.get('content-type')).toContain('text/event-stream');
    await first.waitFor((e) => e.event === 'user');
    await second.waitFor((e) => e.event === 'user');

    await applyLedgerEntry(t.database.db, { userId: user.id, delta: 42, reason: 'adjustment' });
    const hasNewBalance = (e: { event: string; data: unknown }) =>
      e.event === 'user' && (e.data as { tokens: number }).tokens === 142;
    await first.waitFor(hasNewBalance);
    await second.waitFor(hasNewBalance);
    await new Promise((r) => setTimeout(r, 100));
    expect(stranger.events.filter((e) => (e.data as { id: string }).id === user.id)).toEqual([]);
    await Promise.all([first.close(), second.close(), stranger.close()]);
  });

  it('misses no change committed while the stream is opening', async () => {
    const { cookie, user } = await signInDemo(t.app);
    // The balance moves (and is notified) just after the stream's request has read the person:
    // the stream must still end up with the new balance.
    const find = t.container.accounts.find.bind(t.container.accounts);
    const spy = vi.spyOn(t.container.accounts, 'find').mockImplementationOnce(async (id) => {
      const before = await find(id);
      await applyLedgerEntry(t.database.db, { userId: user.id, delta: 42, reason: 'adjustment' });
      await new Promise((resolve) => setTimeout(resolve, 200)); // the notification is heard
      return before;
    });
    try {
      const stream = await openStream(cookie);
      const balanceOf = (e: { event: string; data: unknown }) =>
        e.event === 'user' ? (e.data as { tokens: number }).tokens : undefined;
      await stream.waitFor((e) => balanceOf(e) === 142);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(
        stream.events
          .map(balanceOf)
          .filter((tokens) => tokens !== undefined)
          .at(-1),
      ).toBe(142);
      await stream.close();
    } finally {
      spy.mockRestore();
    }
  });

  it('ends a stream when its session is signed out, and only that one', async () => {
    const email = `two-tabs-${Date.now()}@example.com`;
    const first = await signInDemo(t.app, { email });
    const second = await signInDemo(t.app, { email });
    expect(second.user.id).toBe(first.user.id);
    const leaving = await openStream(first.cookie);
    const staying = await openStream(second.cookie);
    await leaving.waitFor((e) => e.event === 'user');
    await staying.waitFor((e) => e.event === 'user');

    const logout = await fetch(`${base}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: first.cookie, origin: 'http://localhost:3000' },
    });
    expect(logout.status).toBeLessThan(300);
    let ended = false;
    await Promise.race([
      leaving.ended.then(() => {
        ended = true;
      }),
      new Promise((r) => setTimeout(r, 2000)),
    ]);
    expect(ended).toBe(true);

    // The other session's stream still hears the person's changes.
    await applyLedgerEntry(t.database.db, {
      userId: first.user.id,
      delta: 5,
      reason: 'adjustment',
    });
    await staying.waitFor(
      (e) => e.event === 'user' && (e.data as { tokens: number }).tokens === 105,
    );
    await staying.close();
  });

  it('sends a `payment` event to the payer when a payment succeeds or is cancelled', async () => {
    const buyer = await signInDemo(t.app);
    const other = await signInDemo(t.app);
    const stream = await openStream(buyer.cookie);
    const stranger = await openStream(other.cookie);
    await stream.waitFor((e) => e.event === 'user');
    const { payments } = t.container.repositories;
    const open = (key: string) =>
      payments.insert({
        userId: buyer.user.id,
        provider: 'stripe',
        idempotencyKey: key,
        packageId: 'usd-500',
        amount: '12.99',
        amountMinor: 1299,
        currency: 'USD',
        tokens: 500,
        locale: 'en',
        referral: null,
      });
    const paid = await open(`realtime-${buyer.user.id}-1`);
    const dropped = await open(`realtime-${buyer.user.id}-2`);
    const snapshot = (id: string, status: 'succeeded' | 'canceled') => ({
      providerPaymentId: `cs_${id}`,
      paymentId: id,
      status,
      amountMinor: 1299,
      currency: 'USD' as const,
      reversedMinor: 0,
    });
    await t.container.payments.settle('stripe', snapshot(paid.id, 'succeeded'));
    await t.container.payments.settle('stripe', snapshot(dropped.id, 'canceled'));
    const paymentEvent = (id: string, status: string) => (e: { event: string; data: unknown }) =>
      e.event === 'payment' &&
      (e.data as { id: string; status: string }).id === id &&
      (e.data as { status: string }).status === status;
    await stream.waitFor(paymentEvent(paid.id, 'succeeded'));
    await stream.waitFor(paymentEvent(dropped.id, 'canceled'));
    await stream.waitFor(
      (e) => e.event === 'user' && (e.data as { tokens: number }).tokens === 600,
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(stranger.events.filter((e) => e.event === 'payment')).toEqual([]);
    await Promise.all([stream.close(), stranger.close()]);
  });
});

// Attack: one person opened 2,000 streams; every stream re-read the database for every change,
// and five generations then cost 27 s, 20 MB and +440 MB of memory.
describe('one person’s many streams', () => {
  it('keeps at most 8 open: a new one closes the oldest, which is told to wait before retrying', async () => {
    const { cookie } = await signInDemo(t.app);
    const streams = [];
    for (let i = 0; i < 12; i++) {
      const stream = await openStream(cookie);
      await stream.waitFor((e) => e.event === 'user');
      streams.push(stream);
    }
    const oldest = streams.slice(0, 4);
    await Promise.all(oldest.map((stream) => stream.ended));
    for (const stream of oldest) {
      expect(stream.events.at(-1)).toEqual({ event: 'closed', data: { reason: 'replaced' } });
    }
    await Promise.all(streams.slice(4).map((stream) => stream.close()));
  });

  it('reads a change from the database once, however many streams the person has', async () => {
    const { cookie, user } = await signInDemo(t.app);
    const streams = [];
    for (let i = 0; i < 8; i++) streams.push(await openStream(cookie));
    await Promise.all(streams.map((stream) => stream.waitFor((e) => e.event === 'user')));
    const find = vi.spyOn(t.container.accounts, 'find');
    try {
      await applyLedgerEntry(t.database.db, { userId: user.id, delta: 7, reason: 'adjustment' });
      await Promise.all(
        streams.map((stream) =>
          stream.waitFor(
            (e) => e.event === 'user' && (e.data as { tokens: number }).tokens === 107,
            2_000,
          ),
        ),
      );
      expect(find.mock.calls.filter(([id]) => id === user.id)).toHaveLength(1);
    } finally {
      find.mockRestore();
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });
});
