import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { YooKassaEmulator } from '@kadr/emulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { signInDemo } from '../test/builders.ts';
import { expectMoneyInvariants } from '../test/money.ts';
import { ensureNginx, type RunningNginx, startNginx } from '../test/nginx.ts';
import { paymentDriver } from '../test/payments.ts';
import { freePort } from '../test/ports.ts';
import { loadConfig } from './config.ts';
import { YOOKASSA_NOTIFICATION_SOURCES } from './providers/payments/address-ranges.ts';
import type { PaymentGateway } from './providers/payments/gateway.ts';
import { createYooKassaGateway } from './providers/payments/yookassa.gateway.ts';

/**
 * Attack (issue #32): behind the shipped proxy, a client that sends `X-Forwarded-For: <a YooKassa
 * address>` was YooKassa, so its notices passed the allowlist. Here the real Debian nginx runs
 * deploy/nginx.conf as shipped in front of a listening node with compose.yaml's TRUST_PROXY=1, and
 * our real YooKassa adapter checks the address against YooKassa's published sources plus
 * 127.0.0.2 (the "provider" of this test), never 127.0.0.1 (the attacker).
 */

/** The address the genuine notices come from: nginx sees it as $remote_addr. */
const PROVIDER_ADDRESS = '127.0.0.2';
/** A YooKassa notification source (185.71.76.0/27), as an attacker would name it. */
const FORGED_ADDRESS = '185.71.76.1';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request from a chosen local address (any 127/8 address is this machine). */
function send(
  port: number,
  options: { path: string; body?: string; headers?: Record<string, string>; from?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: options.path,
        method: options.body === undefined ? 'GET' : 'POST',
        localAddress: options.from ?? '127.0.0.1',
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('the shipped nginx in front of a node', () => {
  let echo: Server;
  let nginx: RunningNginx;
  let seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    const binary = ensureNginx();
    echo = createServer((req, res) => {
      seen.push(req.headers);
      res.end('ok');
    });
    const port = await freePort();
    await new Promise<void>((resolve) => echo.listen(port, '127.0.0.1', resolve));
    nginx = await startNginx(binary, port);
    // Provisioning nginx on a fresh machine (apt-get) takes longer than a hook usually may.
  }, 300_000);
  afterAll(async () => {
    await nginx?.stop();
    await new Promise((resolve) => echo?.close(resolve));
  });

  it('hands the node the address it saw, never the client’s own X-Forwarded-For', async () => {
    seen = [];
    const res = await send(nginx.port, {
      path: '/api/health',
      headers: { 'x-forwarded-for': FORGED_ADDRESS, 'x-forwarded-proto': 'https' },
      from: PROVIDER_ADDRESS,
    });
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.['x-forwarded-for']).toBe(PROVIDER_ADDRESS);
    expect(seen[0]?.['x-forwarded-proto']).toBe('http');
  });
});

describe('YooKassa notifications through the shipped nginx (TRUST_PROXY=1)', () => {
  let t: TestApp;
  let nginx: RunningNginx;
  let emulator: YooKassaEmulator;
  /** Every call our adapter made to YooKassa's API while confirming what it was told. */
  const providerCalls: string[] = [];

  beforeAll(async () => {
    const binary = ensureNginx();
    const port = await freePort();
    const env = {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ALLOWED_ORIGINS: 'http://localhost:3000',
      // compose.yaml's: nginx is the one hop in front.
      TRUST_PROXY: '1',
    };
    // The demo's emulated shop (its id and key), with the real adapter's address check switched on.
    const shop = loadConfig({ NODE_ENV: 'test', ...env }).payments.yookassa;
    if (!shop) throw new Error('no emulated YooKassa shop');
    const adapter = createYooKassaGateway({
      shopId: shop.shopId,
      secretKey: shop.secretKey,
      apiUrl: shop.apiUrl,
      receipt: undefined,
      allowedSources: [PROVIDER_ADDRESS, ...YOOKASSA_NOTIFICATION_SOURCES],
      retryDelaysMs: [],
    });
    const counted: PaymentGateway = {
      ...adapter,
      getPayment: (id) => {
        providerCalls.push(`getPayment ${id}`);
        return adapter.getPayment(id);
      },
      expireCheckout: (id) => {
        providerCalls.push(`expireCheckout ${id}`);
        return adapter.expireCheckout(id);
      },
    };
    t = await buildTestApp(env, { paymentGateways: [counted] });
    await t.app.listen({ host: '127.0.0.1', port });
    const mounted = t.container.demo.yookassa;
    if (!mounted) throw new Error('the YooKassa emulator is not mounted');
    emulator = mounted;
    nginx = await startNginx(binary, port);
  }, 300_000);
  afterAll(async () => {
    await nginx?.stop();
    await emulator?.settled();
    await t?.close();
  });

  const recordedEvents = async () =>
    (
      await t.database.pool.query<{ n: number }>(
        `select count(*)::int as n from webhook_events where provider = 'yookassa'`,
      )
    ).rows[0]?.n;

  it('refuses a notice that names a YooKassa address in X-Forwarded-For; takes it from the real one', async () => {
    const drive = paymentDriver(t);
    const buyer = await signInDemo(t.app);
    const bought = await drive.buy(
      buyer.cookie,
      { amount: '100', referral: null },
      { 'accept-language': 'ru' },
    );
    expect(bought.statusCode).toBe(200);
    const { rows } = await t.database.pool.query<{ id: string; provider_payment_id: string }>(
      'select id, provider_payment_id from payments where user_id = $1',
      [buyer.user.id],
    );
    const providerId = rows[0]?.provider_payment_id ?? '';
    const paymentId = rows[0]?.id ?? '';
    // The payer pays; the notice is kept, not sent, so this test delivers it.
    await emulator.pay(providerId, { deliver: false });
    const notice = emulator
      .deliveries()
      .find(
        (delivery) => delivery.subject === providerId && delivery.event === 'payment.succeeded',
      );
    if (!notice) throw new Error('the emulator recorded no notice');
    const before = { events: await recordedEvents(), calls: providerCalls.length };

    const forged = await send(nginx.port, {
      path: '/api/webhooks/yookassa',
      body: notice.body,
      headers: { 'x-forwarded-for': FORGED_ADDRESS },
    });
    expect(forged.status).toBe(403);
    expect(forged.headers['content-type']).toContain('application/problem+json');
    expect(await recordedEvents()).toBe(before.events);
    expect(providerCalls).toHaveLength(before.calls);
    expect((await drive.payment(paymentId)).status).toBe('pending');
    expect(await drive.balance(buyer.user.id)).toBe(buyer.user.tokens);

    // The same notice from the address nginx really sees as the provider's.
    const genuine = await send(nginx.port, {
      path: '/api/webhooks/yookassa',
      body: notice.body,
      from: PROVIDER_ADDRESS,
    });
    expect(genuine.status).toBe(200);
    expect(providerCalls.slice(before.calls)).toEqual([`getPayment ${providerId}`]);
    expect((await drive.payment(paymentId)).status).toBe('succeeded');
    expect(await drive.balance(buyer.user.id)).toBe(buyer.user.tokens + 100);
    await expectMoneyInvariants(t.database.pool);
  });
});
