import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildSession, buildUser, signInDemo } from '../../../test/builders.ts';
import { type FakeProvider, fakeProvider } from '../../../test/fake-payments.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { paymentDriver } from '../../../test/payments.ts';
import { buildApp } from '../../app.ts';
import { createContainer } from '../../container.ts';
import { rateLimitPlugin } from './rate-limit.plugin.ts';
import { createRateLimitRepository } from './rate-limit.repository.ts';

/**
 * Attack: floods from one client (300 sign-ups in 1.8 s, 3,000 estimates, 400 creates, 200 uploads
 * drew no 429 at all). Small limits here so that a flood is a few requests.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    RATE_LIMITS: 'true',
    RATE_LIMIT_ESTIMATE: '5',
    RATE_LIMIT_SIGN_IN: '3',
    RATE_LIMIT_CREATE: '4',
  });
});
afterAll(async () => {
  await t.close();
});

const estimate = (app: TestApp['app'], remoteAddress: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/estimate-image',
    remoteAddress,
    headers: cookie ? { cookie, origin: 'http://localhost:3000' } : {},
    payload: { model: 'seedream-3', prompt: 'x' },
  });

describe('rate limits', () => {
  it('a flood of estimates from one address → 429 with Retry-After; another address is served', async () => {
    const flood = [];
    for (let i = 0; i < 8; i++) flood.push(await estimate(t.app, '203.0.113.10'));
    const statuses = flood.map((res) => res.statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    const refused = flood[7];
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused?.headers['content-type']).toContain('application/problem+json');
    expect(refused?.json()).toMatchObject({
      status: 429,
      type: 'https://kadr.app/problems/rate-limited',
      limit: 5,
    });
    expect((await estimate(t.app, '203.0.113.11')).statusCode).toBe(200);
  });

  it('a key past its limit is refused without counting it again in the database', async () => {
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push((await estimate(t.app, '203.0.113.12')).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    const { rows } = await t.database.pool.query<{ hits: number }>(
      `select hits from rate_limits where key like 'estimate:ip:203.0.113.12%'`,
    );
    // The sixth request found the key past its limit; the fourteen after it were answered by the node.
    expect(rows).toEqual([{ hits: 6 }]);
  });

  it('a key refused from memory is served again once its window ends', async () => {
    // The plugin on a route of its own, with a window short enough to wait out.
    const app = Fastify({ logger: false });
    await app.register(rateLimitPlugin, {
      repository: createRateLimitRepository(t.database.pool),
      limits: { ...t.config.rateLimits, estimate: 2 } as NonNullable<typeof t.config.rateLimits>,
      windowMs: 400,
    });
    app.post('/api/estimate-image', async () => ({ ok: true }));
    await app.ready();
    try {
      const ask = async () =>
        (
          await app.inject({
            method: 'POST',
            url: '/api/estimate-image',
            remoteAddress: '192.0.2.40',
          })
        ).statusCode;
      const first = [await ask(), await ask(), await ask(), await ask()];
      expect(first).toEqual([200, 200, 429, 429]);
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect([await ask(), await ask(), await ask()]).toEqual([200, 200, 429]);
    } finally {
      await app.close();
    }
  });

  it('counts a signed-in person by their id, not by the address they share', async () => {
    const [a, b] = await Promise.all([buildUser(t.container), buildUser(t.container)]);
    const [cookieA, cookieB] = await Promise.all([
      buildSession(t.container, a),
      buildSession(t.container, b),
    ]);
    for (let i = 0; i < 5; i++) {
      expect((await estimate(t.app, '198.51.100.7', cookieA)).statusCode).toBe(200);
    }
    expect((await estimate(t.app, '198.51.100.7', cookieA)).statusCode).toBe(429);
    expect((await estimate(t.app, '198.51.100.7', cookieB)).statusCode).toBe(200);
  });

  it('the sign-up faucet: sign-ins from one address stop at the limit and make no more accounts', async () => {
    const signUp = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/demo',
        remoteAddress: '192.0.2.50',
        headers: { origin: 'http://localhost:3000' },
        payload: { email: `faucet-${n}-${Date.now()}@example.com`, name: 'Throwaway' },
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await signUp(i)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    const made = await t.database.pool.query<{ n: number }>(
      `select count(*)::int as n from users where email like 'faucet-%'`,
    );
    expect(made.rows[0]?.n).toBe(3);
    await expectMoneyInvariants(t.database.pool);
  });

  it('a refused create charges nothing', async () => {
    const user = await buildUser(t.container, { tokens: 100 });
    const cookie = await buildSession(t.container, user);
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/create-image',
        headers: { cookie, origin: 'http://localhost:3000' },
        payload: { model: 'seedream-3', prompt: 'x' },
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await create()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect((await t.container.repositories.users.findById(user.id))?.tokens).toBe(100 - 4 * 3);
    await expectMoneyInvariants(t.database.pool);
  });

  it('holds across two API nodes on one database', async () => {
    // A second node: its own app and container, the same PostgreSQL.
    const container = createContainer(t.config, t.database, {
      info: () => {},
      warn: () => {},
      error: () => {},
    });
    const second = await buildApp({ container, logger: false });
    await second.ready();
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const node = i % 2 === 0 ? t.app : second;
        statuses.push((await estimate(node, '203.0.113.99')).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await second.close();
    }
  });
});

/**
 * Attack (issue #32): every webhook request counted against its sender's address, so junk sent in
 * a provider's name (a forged X-Forwarded-For) spent the provider's limit and its real notices got
 * 429. Now junk counts against the address it came from, and only when refused.
 */
describe('webhooks: counted by what became of them', () => {
  const PROVIDER = '185.71.76.5';
  const JUNK = '203.0.113.60';
  let w: TestApp;
  let rub: FakeProvider;
  let usd: FakeProvider;
  let drive: ReturnType<typeof paymentDriver>;
  beforeAll(async () => {
    rub = fakeProvider({ name: 'yookassa', currency: 'RUB', signed: false, allowedIp: PROVIDER });
    usd = fakeProvider({ name: 'stripe', currency: 'USD', signed: true });
    w = await buildTestApp(
      { RATE_LIMITS: 'true', RATE_LIMIT_WEBHOOK: '3', WELCOME_TOKENS: '100' },
      { paymentGateways: [rub.gateway, usd.gateway] },
    );
    drive = paymentDriver(w);
  });
  afterAll(async () => {
    await w.close();
  });

  const replicate = (remoteAddress: string) =>
    w.app.inject({
      method: 'POST',
      url: '/api/webhooks/replicate?request=nope&sig=nope',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });

  async function paidPayment(provider: FakeProvider, headers: Record<string, string>) {
    const buyer = await signInDemo(w.app);
    const opened = await drive.open(
      provider,
      buyer.cookie,
      { amount: '100', referral: null },
      headers,
    );
    provider.pay(opened.providerId);
    return { buyer, ...opened };
  }

  it('junk from one address is refused past the limit there; the providers’ notices still get through', async () => {
    const rubPaid = await paidPayment(rub, { 'accept-language': 'ru' });
    const usdPaid = await paidPayment(usd, { 'accept-language': 'en' });
    const fromJunk = rub.notification(rubPaid.providerId, 'payment.succeeded', { sourceIp: JUNK });
    const badSignature = usd.notification(usdPaid.providerId, 'checkout.session.completed', {
      sourceIp: JUNK,
    });
    badSignature.headers['fake-signature'] = 'f'.repeat(64);

    // Three refusals from one address, one per provider route: its limit.
    expect((await drive.deliver(rub, fromJunk)).statusCode).toBe(403);
    expect((await drive.deliver(usd, badSignature)).statusCode).toBe(400);
    expect((await replicate(JUNK)).statusCode).toBe(401);
    const refused = await drive.deliver(rub, fromJunk);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toMatchObject({
      type: 'https://kadr.app/problems/rate-limited',
      limit: 3,
    });
    expect((await replicate(JUNK)).statusCode).toBe(429);
    expect(rub.calls.filter((call) => call === 'parseWebhook')).toHaveLength(1);

    // The providers' own notices are untouched by it.
    const genuine = rub.notification(rubPaid.providerId, 'payment.succeeded');
    expect((await drive.deliver(rub, genuine)).statusCode).toBe(200);
    expect(await drive.balance(rubPaid.buyer.user.id)).toBe(200);
    const signed = usd.notification(usdPaid.providerId, 'checkout.session.completed', {
      sourceIp: '198.51.100.20',
    });
    expect((await drive.deliver(usd, signed)).statusCode).toBe(200);
    expect(await drive.balance(usdPaid.buyer.user.id)).toBe(200);

    const { rows } = await w.database.pool.query<{ key: string; hits: number }>(
      `select key, hits from rate_limits where key like 'webhook:%' order by key`,
    );
    expect(rows).toEqual([
      { key: 'webhook:accepted:ip:185.71.76.5', hits: 1 },
      { key: 'webhook:accepted:ip:198.51.100.20', hits: 1 },
      // The two 429s were answered before they were read, and counted nowhere.
      { key: `webhook:refused:ip:${JUNK}`, hits: 3 },
    ]);
    await expectMoneyInvariants(w.database.pool);
  });

  it('notices a provider sends do not spend the limit; a flood of them from one address stops at ten times it', async () => {
    const { providerId, buyer } = await paidPayment(usd, { 'accept-language': 'en' });
    // One genuine signed event, then its replays (each a no-op), all from one address.
    const notice = usd.notification(providerId, 'checkout.session.completed', {
      sourceIp: '198.51.100.30',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await drive.deliver(usd, notice)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(await drive.balance(buyer.user.id)).toBe(200);
    await expectMoneyInvariants(w.database.pool);
  });
});

describe('with RATE_LIMITS=false (benchmarks)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await buildTestApp({ RATE_LIMITS: 'false', RATE_LIMIT_ESTIMATE: '1' });
  });
  afterAll(async () => {
    await off.close();
  });

  it('nothing is limited', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await estimate(off.app, '203.0.113.200')).statusCode).toBe(200);
    }
  });
});
