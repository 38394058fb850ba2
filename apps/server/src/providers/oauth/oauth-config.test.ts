import { describe, expect, it } from 'vitest';
import { configProblems } from '../../../test/config-problems.ts';
import { loadConfig } from '../../config.ts';
import { oauthEmulatorOptions } from '../../demo.ts';
import { YOOKASSA_NOTIFICATION_SOURCES } from '../payments/address-ranges.ts';
import { createOAuthProviders } from './index.ts';

describe('sign-in configuration', () => {
  it('emulates every provider without credentials in demo mode, on our own origin', () => {
    const config = loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' });
    expect(config.oauth.google).toMatchObject({
      emulated: true,
      issuer: 'http://localhost:3000/emulators/oauth/google',
    });
    expect(config.oauth.yandex).toMatchObject({
      emulated: true,
      tokenUrl: 'http://localhost:3000/emulators/oauth/yandex/token',
    });
    expect(config.oauth.vk).toMatchObject({
      emulated: true,
      clientSecret: undefined,
      tokenUrl: 'http://localhost:3000/emulators/oauth/vk/oauth2/auth',
    });
    expect([...createOAuthProviders(config).keys()]).toEqual(['google', 'yandex', 'vk']);
    expect(oauthEmulatorOptions(config)).toMatchObject({
      prefix: '/emulators/oauth',
      baseUrl: 'http://localhost:3000/emulators/oauth',
      google: { redirectUriPrefixes: ['http://localhost:3000/api/auth/'] },
    });
  });

  it('uses real endpoints for a provider with credentials and emulates only the rest', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config.oauth.google).toEqual({
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 'secret',
      emulated: false,
      issuer: 'https://accounts.google.com',
    });
    const emulation = oauthEmulatorOptions(config);
    expect(emulation?.google).toBeUndefined();
    expect(emulation?.yandex).toBeDefined();
  });

  it('defaults the real endpoints to the providers’ documented ones', () => {
    const config = loadConfig({
      DEMO_MODE: 'false',
      YANDEX_CLIENT_ID: 'y',
      YANDEX_CLIENT_SECRET: 's',
      VK_CLIENT_ID: '5123456',
    });
    expect(config.oauth.yandex).toMatchObject({
      authorizeUrl: 'https://oauth.yandex.ru/authorize',
      tokenUrl: 'https://oauth.yandex.ru/token',
      userinfoUrl: 'https://login.yandex.ru/info',
      avatarUrl: 'https://avatars.yandex.net/get-yapic',
    });
    expect(config.oauth.vk).toMatchObject({
      authorizeUrl: 'https://id.vk.ru/authorize',
      tokenUrl: 'https://id.vk.ru/oauth2/auth',
      userinfoUrl: 'https://id.vk.ru/oauth2/user_info',
    });
    expect(config.oauth.google).toBeUndefined();
  });

  it('makes a provider without credentials unavailable outside demo mode, and mounts nothing', () => {
    const config = loadConfig({ DEMO_MODE: 'false' });
    expect(config.oauth).toMatchObject({ google: undefined, yandex: undefined, vk: undefined });
    expect(createOAuthProviders(config).size).toBe(0);
    expect(oauthEmulatorOptions(config)).toBeUndefined();
  });

  it('derives the flow-cookie key from the signing secret, never equal to it', () => {
    const secret = 'c'.repeat(32);
    const key = loadConfig({ SIGNING_SECRET: secret }).oauth.cookieSecret;
    expect(key).not.toBe(secret);
    expect(loadConfig({ SIGNING_SECRET: secret }).oauth.cookieSecret).toBe(key);
    expect(loadConfig({ SIGNING_SECRET: 'd'.repeat(32) }).oauth.cookieSecret).not.toBe(key);
  });

  it.each([
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET: is required with GOOGLE_CLIENT_ID'],
    [{ YANDEX_CLIENT_SECRET: 's' }, 'YANDEX_CLIENT_ID: is required with YANDEX_CLIENT_SECRET'],
    [{ SIGNING_SECRET: 'short' }, 'SIGNING_SECRET'],
    [{ NODE_ENV: 'production' }, 'SIGNING_SECRET: is required in production'],
    [
      { NODE_ENV: 'production', VK_TOKEN_URL: 'http://id.vk.ru/oauth2/auth' },
      'VK_TOKEN_URL: must be https:// in production',
    ],
  ])('refuses %j', (env, problem) => {
    expect(configProblems(env).join('\n')).toContain(problem);
  });
});

/**
 * YooKassa's notification sources as its SDK 2.3.0 publishes them (SecurityHelper), written out
 * here rather than imported, so that a change to the one list in address-ranges.ts shows up.
 */
const YOOKASSA_PUBLISHED_SOURCES = [
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '185.71.76.0/27',
  '185.71.77.0/27',
  '2a02:5180:0:1509::/64',
  '2a02:5180:0:2655::/64',
  '2a02:5180:0:1533::/64',
  '2a02:5180:0:2669::/64',
];

describe('payment configuration', () => {
  it('defaults YOOKASSA_ALLOWED_IPS to exactly YooKassa’s published list, kept once', () => {
    expect(YOOKASSA_NOTIFICATION_SOURCES).toEqual(YOOKASSA_PUBLISHED_SOURCES);
    const config = loadConfig({ YOOKASSA_SHOP_ID: '1', YOOKASSA_SECRET_KEY: 's' });
    // The same array, not a copy that could drift from it.
    expect(config.payments.yookassa?.allowedSources).toBe(YOOKASSA_NOTIFICATION_SOURCES);
  });

  it('emulates both providers without credentials in demo mode, on our own origin', () => {
    const config = loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' });
    expect(config.payments.yookassa).toMatchObject({
      emulated: true,
      apiUrl: 'http://localhost:3000/emulators/yookassa/v3',
      allowedSources: 'any',
      receipt: undefined,
    });
    expect(config.payments.stripe).toMatchObject({
      emulated: true,
      apiUrl: 'http://localhost:3000/emulators/stripe',
    });
    expect(config.payments.stripe?.webhookSecret).toMatch(/^whsec_/);
    expect(config.payments.pendingTimeoutMs).toBe(60 * 60_000);
    expect(config.metrika).toEqual({ counterId: undefined });
  });

  it('uses the real providers with credentials, YooKassa’s published ranges by default', () => {
    const config = loadConfig({
      DEMO_MODE: 'false',
      YOOKASSA_SHOP_ID: '123456',
      YOOKASSA_SECRET_KEY: 'live_secret',
      YOOKASSA_RECEIPTS: 'true',
      YOOKASSA_VAT_CODE: '1',
      YOOKASSA_TAX_SYSTEM_CODE: '2',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      PAYMENT_PENDING_TIMEOUT_MINUTES: '30',
      PAYMENT_RECONCILE_SETTLED_HOURS: '12',
      METRIKA_COUNTER_ID: '98765432',
    });
    expect(config.payments).toEqual({
      yookassa: {
        emulated: false,
        shopId: '123456',
        secretKey: 'live_secret',
        apiUrl: 'https://api.yookassa.ru/v3',
        receipt: { vatCode: 1, taxSystemCode: 2 },
        allowedSources: YOOKASSA_PUBLISHED_SOURCES,
      },
      stripe: {
        emulated: false,
        secretKey: 'sk_live_abc',
        webhookSecret: 'whsec_abc',
        apiUrl: 'https://api.stripe.com',
      },
      pendingTimeoutMs: 30 * 60_000,
      reconcilePendingEveryMs: 15 * 60_000,
      reconcileSettledEveryMs: 12 * 3_600_000,
    });
    expect(config.metrika.counterId).toBe('98765432');
  });

  it('takes the allowed notification sources from YOOKASSA_ALLOWED_IPS', () => {
    const config = loadConfig({
      YOOKASSA_SHOP_ID: '1',
      YOOKASSA_SECRET_KEY: 's',
      YOOKASSA_ALLOWED_IPS: '10.0.0.0/8, 192.168.1.7,2a02:5180::/32',
    });
    expect(config.payments.yookassa?.allowedSources).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '2a02:5180::/32',
    ]);
  });

  it('makes both providers unavailable outside demo mode without credentials', () => {
    expect(loadConfig({ DEMO_MODE: 'false' }).payments).toMatchObject({
      yookassa: undefined,
      stripe: undefined,
    });
  });

  it('lists every problem of a half-configured production at once', () => {
    const found = configProblems({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://kadr.example',
      SIGNING_SECRET: 'x'.repeat(32),
      REPLICATE_API_TOKEN: 'r8_x',
      REPLICATE_WEBHOOK_SECRET: 'whsec_x',
      YOOKASSA_SHOP_ID: '123',
      YOOKASSA_RECEIPTS: 'true',
      YOOKASSA_API_URL: 'http://api.yookassa.ru/v3',
      STRIPE_SECRET_KEY: 'sk_test_abc',
    });
    expect(found).toEqual(
      expect.arrayContaining([
        'YOOKASSA_SECRET_KEY: is required with YOOKASSA_SHOP_ID',
        'YOOKASSA_VAT_CODE: is required with YOOKASSA_RECEIPTS (1–12, see the README)',
        'YOOKASSA_TAX_SYSTEM_CODE: is required with YOOKASSA_RECEIPTS (1–6, see the README)',
        'STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY (the endpoint’s whsec_…)',
        'YOOKASSA_API_URL: must be https:// in production',
        'STRIPE_SECRET_KEY: is a test-mode key: production takes live keys only',
      ]),
    );
    expect(found).toHaveLength(6);
  });

  it.each([
    [{ YOOKASSA_SECRET_KEY: 's' }, 'YOOKASSA_SHOP_ID: is required with YOOKASSA_SECRET_KEY'],
    [
      { STRIPE_WEBHOOK_SECRET: 'whsec_a' },
      'STRIPE_SECRET_KEY: is required with STRIPE_WEBHOOK_SECRET',
    ],
    [{ STRIPE_SECRET_KEY: 'pk_live_a' }, 'STRIPE_SECRET_KEY: must be a Stripe secret key'],
    [{ STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET: must be whsec_…'],
    [{ YOOKASSA_VAT_CODE: '13' }, 'YOOKASSA_VAT_CODE'],
    [{ YOOKASSA_TAX_SYSTEM_CODE: '0' }, 'YOOKASSA_TAX_SYSTEM_CODE'],
    [{ YOOKASSA_VAT_CODE: '4' }, 'YOOKASSA_VAT_CODE: is only used with YOOKASSA_RECEIPTS=true'],
    [{ YOOKASSA_ALLOWED_IPS: '185.71.76.0/33' }, 'YOOKASSA_ALLOWED_IPS: 185.71.76.0/33 is not'],
    [{ YOOKASSA_ALLOWED_IPS: 'yookassa.ru' }, 'YOOKASSA_ALLOWED_IPS: yookassa.ru is not'],
    [{ YOOKASSA_ALLOWED_IPS: ' , ' }, 'YOOKASSA_ALLOWED_IPS: must list at least one'],
    [{ PAYMENT_PENDING_TIMEOUT_MINUTES: '0' }, 'PAYMENT_PENDING_TIMEOUT_MINUTES'],
    [{ METRIKA_COUNTER_ID: 'abc' }, 'METRIKA_COUNTER_ID: must be the counter’s number'],
  ])('refuses %j', (env, problem) => {
    expect(configProblems(env).join('\n')).toContain(problem);
  });
});
