import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promptImprover } from '@kadr/catalog';
import { z } from 'zod';
import type { TrustProxy } from './lib/trust-proxy.ts';
import type { LocalSecrets } from './local-secrets.ts';
import type { OAuthClientConfig, OAuthConfig } from './providers/oauth/types.ts';
import { YOOKASSA_NOTIFICATION_SOURCES } from './providers/payments/address-ranges.ts';
import type { S3Settings } from './providers/storage/s3.storage.ts';

/** The repository root: relative paths in settings (DATA_DIR, WEB_DIR) are resolved from here. */
export const repoRoot = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = z.url({ protocol: /^(https?|postgres(ql)?)$/ }).optional();
const httpUrl = z.url({ protocol: /^https?$/ });

/** Where the sign-in emulators are mounted in demo mode. */
export const OAUTH_EMULATOR_PATH = '/emulators/oauth';
/** Where the payment providers' stand-ins are mounted in demo mode. */
export const YOOKASSA_EMULATOR_PATH = '/emulators/yookassa';
export const STRIPE_EMULATOR_PATH = '/emulators/stripe';

/** An IP address or a CIDR range (`10.0.0.0/8`, `2a02:5180::/32`). */
function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

const addressList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((entries) => entries.length > 0, 'must list at least one address or range')
  .superRefine((entries, ctx) => {
    for (const entry of entries) {
      if (!isAddressOrRange(entry)) {
        ctx.addIssue({ code: 'custom', message: `${entry} is not an IP address or CIDR range` });
      }
    }
  });

/**
 * Whose `X-Forwarded-*` headers describe the client: nobody's (`false`, a node facing the
 * internet), every hop's (`true`: any client names its own address, so never in production), the
 * nearest `hops` proxies', or the proxies at these addresses and CIDR ranges.
 */

const TRUST_PROXY_FORMS =
  'must be false, the number of proxies in front (1 behind one nginx) or their comma-separated addresses and CIDR ranges';

const trustProxySetting = z.string().transform((value, ctx): TrustProxy => {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === 'no' || text === '0') return false;
  if (text === 'true' || text === 'yes') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (Number.isSafeInteger(hops)) return { hops };
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || wrong.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `${TRUST_PROXY_FORMS}; ${wrong.join(', ') || value} is none of these`,
    });
    return z.NEVER;
  }
  return { addresses: entries };
});

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    HOST: z.string().min(1).optional(),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    LOG_PRETTY: booleanFlag.optional(),
    TRUST_PROXY: trustProxySetting.default(false),
    DATABASE_URL: optionalUrl,
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    DATA_DIR: z.string().min(1).default('./.data'),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65_535).default(54329),
    WEB_DIR: z.string().min(1).default('./apps/web/build/client'),
    DEMO_MODE: booleanFlag.optional(),
    WELCOME_TOKENS: z.coerce.number().int().min(0).max(100_000).optional(),
    SESSION_IDLE_DAYS: z.coerce.number().min(0.01).max(365).default(14),
    SESSION_MAX_DAYS: z.coerce.number().min(0.01).max(365).default(60),
    ALLOWED_ORIGINS: z.string().optional(),
    SIGNING_SECRET: z.string().min(32).optional(),
    UPLOAD_MAX_MB: z.coerce.number().min(1).max(100).default(10),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER: httpUrl.default('https://accounts.google.com'),
    YANDEX_CLIENT_ID: z.string().min(1).optional(),
    YANDEX_CLIENT_SECRET: z.string().min(1).optional(),
    YANDEX_AUTHORIZE_URL: httpUrl.default('https://oauth.yandex.ru/authorize'),
    YANDEX_TOKEN_URL: httpUrl.default('https://oauth.yandex.ru/token'),
    YANDEX_USERINFO_URL: httpUrl.default('https://login.yandex.ru/info'),
    YANDEX_AVATAR_URL: httpUrl.default('https://avatars.yandex.net/get-yapic'),
    VK_CLIENT_ID: z.string().min(1).optional(),
    VK_AUTHORIZE_URL: httpUrl.default('https://id.vk.ru/authorize'),
    VK_TOKEN_URL: httpUrl.default('https://id.vk.ru/oauth2/auth'),
    VK_USERINFO_URL: httpUrl.default('https://id.vk.ru/oauth2/user_info'),
    REPLICATE_API_TOKEN: z.string().min(1).optional(),
    REPLICATE_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.replicate.com/v1'),
    REPLICATE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
    REPLICATE_TRAINING_DESTINATION: z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+$/, 'owner/name of a model on Replicate')
      .optional(),
    TRANSLATE_MODEL: z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+$/)
      .default('meta/meta-llama-3-8b-instruct'),
    /** The language model of the prompt improver (ADR 050): a Llama 3 instruct model's inputs. */
    IMPROVE_MODEL: z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+$/)
      .default(promptImprover.provider.ref.model),
    EMULATOR_LATENCY_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    MAX_RUNNING_GENERATIONS: z.coerce.number().int().min(0).max(1000).default(8),
    REALTIME_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(8),
    REALTIME_MAX_STREAMS: z.coerce.number().int().min(1).default(10_000),
    REFERRAL_DAILY_CAP: z.coerce.number().int().min(0).default(10),
    WEBHOOKS_ALLOW_PRIVATE_URLS: booleanFlag.optional(),
    RATE_LIMITS: booleanFlag.default(true),
    RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_ESTIMATE: z.coerce.number().int().min(1).default(240),
    RATE_LIMIT_CREATE: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_UPLOAD: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_PAYMENT: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_WEBHOOK: z.coerce.number().int().min(1).default(600),
    RATE_LIMIT_ADMIN: z.coerce.number().int().min(1).default(120),
    RATE_LIMIT_API_READ: z.coerce.number().int().min(1).default(600),
    RATE_LIMIT_API_CREATE: z.coerce.number().int().min(1).default(120),
    ADMIN_SESSION_HOURS: z.coerce
      .number()
      .min(1)
      .max(24 * 14)
      .default(12),
    YOOKASSA_SHOP_ID: z.string().min(1).optional(),
    YOOKASSA_SECRET_KEY: z.string().min(1).optional(),
    YOOKASSA_API_URL: httpUrl.default('https://api.yookassa.ru/v3'),
    YOOKASSA_RECEIPTS: booleanFlag.default(false),
    YOOKASSA_VAT_CODE: z.coerce.number().int().min(1).max(12).optional(),
    YOOKASSA_TAX_SYSTEM_CODE: z.coerce.number().int().min(1).max(6).optional(),
    YOOKASSA_ALLOWED_IPS: addressList.optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_\w+$/, 'must be a Stripe secret key (sk_…) or restricted key (rk_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, 'must be whsec_…')
      .optional(),
    STRIPE_API_URL: httpUrl.default('https://api.stripe.com'),
    PAYMENT_PENDING_TIMEOUT_MINUTES: z.coerce
      .number()
      .min(1)
      .max(7 * 24 * 60)
      .default(60),
    PAYMENT_RECONCILE_PENDING_MINUTES: z.coerce
      .number()
      .min(1)
      .max(24 * 60)
      .default(15),
    PAYMENT_RECONCILE_SETTLED_HOURS: z.coerce
      .number()
      .min(1)
      .max(30 * 24)
      .default(24),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: httpUrl.optional(),
    S3_PUBLIC_ENDPOINT: httpUrl.optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    FILE_DELIVERY: z.enum(['stream', 'redirect']).default('stream'),
    FILE_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).optional(),
    METRIKA_COUNTER_ID: z
      .string()
      .regex(/^\d{1,12}$/, 'must be the counter’s number')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && env.DEMO_MODE === true) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO_MODE'],
        message: 'cannot be on in production: emulated providers would accept anyone',
      });
    }
    if (env.NODE_ENV === 'production' && env.WEBHOOKS_ALLOW_PRIVATE_URLS === true) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEBHOOKS_ALLOW_PRIVATE_URLS'],
        message:
          'cannot be on in production: anyone with a key could make the server call this machine, the private network or the cloud metadata service',
      });
    }
    if (env.NODE_ENV === 'production' && env.TRUST_PROXY === true) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message:
          'true trusts every hop, so any client can fake its address with X-Forwarded-For (the YooKassa allowlist, rate limits): set the number of proxies in front (1 behind one nginx, as compose.yaml does) or their addresses (10.0.0.5,10.0.1.0/24)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SIGNING_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SIGNING_SECRET'],
        message: 'is required in production',
      });
    }
    if (env.REPLICATE_API_TOKEN && !env.REPLICATE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['REPLICATE_WEBHOOK_SECRET'],
        message: 'is required with REPLICATE_API_TOKEN (GET /v1/webhooks/default/secret)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.REPLICATE_API_TOKEN) {
      ctx.addIssue({
        code: 'custom',
        path: ['REPLICATE_API_TOKEN'],
        message: 'is required in production',
      });
    }
    checkOAuthEnv(env, ctx);
    checkPaymentEnv(env, ctx);
    checkStorageEnv(env, ctx);
    if (env.SESSION_MAX_DAYS < env.SESSION_IDLE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_MAX_DAYS'],
        message: 'must be at least SESSION_IDLE_DAYS',
      });
    }
    for (const origin of (env.ALLOWED_ORIGINS ?? '').split(',').filter(Boolean)) {
      if (!URL.canParse(origin.trim())) {
        ctx.addIssue({
          code: 'custom',
          path: ['ALLOWED_ORIGINS'],
          message: `${origin} is not a URL`,
        });
      }
    }
  });

type Env = z.infer<typeof envSchema>;

/** Every environment variable Kadr reads (the README's configuration table lists each). */
export const settingNames: readonly string[] = Object.keys(envSchema.shape);

type StorageConfig = ({ kind: 'disk'; dir: string } | { kind: 's3'; s3: S3Settings }) & {
  /** `stream`: files pass through the API (ranges honoured); `redirect`: a presigned URL (S3 only). */
  delivery: 'stream' | 'redirect';
  urlTtlSeconds: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  role: Env['ROLE'];
  host: string;
  port: number;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  logPretty: boolean;
  /** Whose X-Forwarded-* headers are believed (app.ts hands it to Fastify). */
  trustProxy: TrustProxy;
  database: { url: string | undefined; poolMax: number; embeddedPort: number };
  dataDir: string;
  /** `/metrics`: behind a bearer token on the main port, and/or alone on an internal port. */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** An operator's session gives admin rights this long after sign-in (then it ends). */
  adminSessionMs: number;
  /** How long a SIGTERM may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** How long a stopping API node keeps serving while readiness says 503. */
  shutdownDrainMs: number;
  /** Where files live: `DATA_DIR/files`, or an S3 bucket when `S3_BUCKET` is set. */
  storage: StorageConfig;
  webDir: string;
  /** Emulated providers (sign-in, models, payments) and the demo sign-in; never in production. */
  demo: boolean;
  welcomeTokens: number;
  session: { idleMs: number; absoluteMs: number; secureCookies: boolean };
  /** Origins whose state-changing requests a session cookie may authorise. */
  allowedOrigins: string[];
  /** The model provider; `emulated` mounts the local Replicate stand-in (demo mode). */
  replicate: {
    emulated: boolean;
    token: string;
    baseUrl: string;
    webhookSecret: string;
    translateModel: string;
    /** The prompt improver's language model (ADR 050). */
    improveModel: string;
    emulatorLatencyMs: number;
    /**
     * `owner/name` of the model characters' trainings make versions of (ADR 045); unset: training
     * is not offered. A demo uses the emulator's `kadr/characters`.
     */
    trainingDestination: string | undefined;
  };
  jobConcurrency: number;
  /**
   * Webhooks out (issue #37): whether a webhook URL may reach loopback and private addresses
   * (local development and tests; never in production). Off, they are refused at send time.
   */
  webhooks: { allowPrivateUrls: boolean };
  /** The most generations one person may have running (pending or processing) at once; undefined: no cap. */
  maxRunningGenerations: number | undefined;
  /** Referral bonuses one referrer is paid per UTC day; the rest are paid on later days. */
  referralDailyCap: number;
  /** Live streams (/api/realtime) one person and one node may hold. */
  realtime: { maxStreamsPerUser: number; maxStreams: number };
  /** Requests per minute of each route class, per person or address; undefined: no limits. */
  rateLimits:
    | {
        signIn: number;
        estimate: number;
        create: number;
        upload: number;
        payment: number;
        webhook: number;
        admin: number;
        /** `/api/v1` reads (and estimates, cancels), per API key. */
        apiRead: number;
        /** `/api/v1` creates and uploads, per API key. */
        apiCreate: number;
      }
    | undefined;
  /** Signs short-lived file URLs (and other tokens); shared by every node. */
  signingSecret: string;
  uploadMaxBytes: number;
  /** Sign-in providers; one that is neither configured nor emulated is undefined. */
  oauth: OAuthConfig;
  /** Payment providers (YooKassa for roubles, Stripe for dollars); unavailable ones are undefined. */
  payments: PaymentsConfig;
  /** Yandex Metrika; nothing loads and nothing is sent while the counter id is unset. */
  metrika: { counterId: string | undefined };
}

interface YooKassaConfig {
  /** Served by the local emulator at YOOKASSA_EMULATOR_PATH (demo mode without credentials). */
  emulated: boolean;
  shopId: string;
  secretKey: string;
  /** The API base, ending in /v3. */
  apiUrl: string;
  /** 54-FZ receipts: every payment carries one with these codes; undefined when not sent. */
  receipt: { vatCode: number; taxSystemCode: number } | undefined;
  /** Where notifications may come from (addresses and CIDR ranges); 'any' for the emulator. */
  allowedSources: readonly string[] | 'any';
}

interface StripeConfig {
  /** Served by the local emulator at STRIPE_EMULATOR_PATH (demo mode without credentials). */
  emulated: boolean;
  secretKey: string;
  webhookSecret: string;
  /** The API origin (the SDK adds /v1). */
  apiUrl: string;
}

interface PaymentsConfig {
  yookassa: YooKassaConfig | undefined;
  stripe: StripeConfig | undefined;
  /** A payment still pending this long after it was opened is asked about and closed. */
  pendingTimeoutMs: number;
  /**
   * The reconciliation (ADR 034) asks the provider again about a pending payment (or one we closed
   * in the last day) this often, and about any other of the last 120 days this often.
   */
  reconcilePendingEveryMs: number;
  reconcileSettledEveryMs: number;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * The secrets a demo uses when it is given none: the fixed values below serve tests and scripts that
 * build a configuration in memory; a real start (main.ts) passes the data folder's own random ones
 * (`local-secrets.ts`), so no two demos share a secret.
 */
const fixedLocalSecrets: LocalSecrets = {
  signing: 'kadr-development-signing-secret-not-for-production',
  replicateToken: 'r8_demo',
  replicateWebhookSecret: 'whsec_a2Fkci1kZW1vLXdlYmhvb2stc2VjcmV0LTAwMDAwMDAw',
  yookassaSecretKey: 'test_kadr-demo-yookassa-secret-key',
  stripeSecretKey: 'sk_test_kadrDemoStripeSecretKey000000',
  stripeWebhookSecret: 'whsec_kadrDemoStripeWebhookSecret0000000000',
  oauthClientSecret: 'kadr-demo-oauth-client-secret',
};

/** Reads and validates every setting; the only reader of the environment. Lists all bad variables. */
export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  localSecrets: LocalSecrets = fixedLocalSecrets,
): Config {
  const parsed = envSchema.safeParse(stripEmpty(source));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const host = env.HOST ?? (isProduction ? '0.0.0.0' : 'localhost');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const demo = !isProduction && env.DEMO_MODE !== false;
  // Production must set one; elsewhere the data folder's own (kept across restarts).
  const signingSecret = env.SIGNING_SECRET ?? localSecrets.signing;
  return {
    env: env.NODE_ENV,
    isProduction,
    role: env.ROLE,
    host,
    port: env.PORT,
    publicUrl,
    logLevel: env.LOG_LEVEL,
    logPretty: env.LOG_PRETTY ?? (!isProduction && process.stdout.isTTY === true),
    trustProxy: env.TRUST_PROXY,
    database: {
      url: env.DATABASE_URL,
      poolMax: env.DATABASE_POOL_MAX,
      embeddedPort: env.EMBEDDED_PG_PORT,
    },
    dataDir: path.resolve(repoRoot, env.DATA_DIR),
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT, host: env.METRICS_HOST },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    adminSessionMs: env.ADMIN_SESSION_HOURS * 60 * 60 * 1000,
    shutdownDrainMs: Math.round((env.SHUTDOWN_DRAIN_SECONDS ?? (isProduction ? 5 : 0)) * 1000),
    storage: env.S3_BUCKET
      ? {
          kind: 's3',
          s3: {
            endpoint: env.S3_ENDPOINT,
            publicEndpoint: env.S3_PUBLIC_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET,
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          },
          delivery: env.FILE_DELIVERY,
          urlTtlSeconds: env.FILE_URL_TTL_SECONDS,
        }
      : {
          kind: 'disk',
          dir: path.resolve(repoRoot, env.DATA_DIR, 'files'),
          delivery: 'stream',
          urlTtlSeconds: env.FILE_URL_TTL_SECONDS,
        },
    webDir: path.resolve(repoRoot, env.WEB_DIR),
    demo,
    welcomeTokens: env.WELCOME_TOKENS ?? (demo ? 100 : 0),
    session: {
      idleMs: env.SESSION_IDLE_DAYS * DAY_MS,
      absoluteMs: env.SESSION_MAX_DAYS * DAY_MS,
      secureCookies: publicUrl.startsWith('https://'),
    },
    signingSecret,
    uploadMaxBytes: Math.round(env.UPLOAD_MAX_MB * 1024 * 1024),
    oauth: oauthConfig(env, publicUrl, demo, signingSecret, localSecrets),
    payments: paymentsConfig(env, publicUrl, demo, localSecrets),
    metrika: { counterId: env.METRIKA_COUNTER_ID },
    replicate: env.REPLICATE_API_TOKEN
      ? {
          emulated: false,
          token: env.REPLICATE_API_TOKEN,
          baseUrl: env.REPLICATE_BASE_URL,
          webhookSecret: env.REPLICATE_WEBHOOK_SECRET ?? '',
          translateModel: env.TRANSLATE_MODEL,
          improveModel: env.IMPROVE_MODEL,
          emulatorLatencyMs: env.EMULATOR_LATENCY_MS,
          trainingDestination: env.REPLICATE_TRAINING_DESTINATION,
        }
      : {
          emulated: true,
          token: localSecrets.replicateToken,
          baseUrl: `${publicUrl}/emulators/replicate/v1`,
          // The data folder's own, so webhooks signed before a restart still verify after it.
          webhookSecret: localSecrets.replicateWebhookSecret,
          translateModel: env.TRANSLATE_MODEL,
          improveModel: env.IMPROVE_MODEL,
          emulatorLatencyMs: env.EMULATOR_LATENCY_MS,
          trainingDestination: env.REPLICATE_TRAINING_DESTINATION ?? 'kadr/characters',
        },
    jobConcurrency: env.JOB_CONCURRENCY,
    // A demo runs on one machine with its receivers beside it; elsewhere private receivers are refused.
    webhooks: { allowPrivateUrls: env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? demo },
    // 0 turns the cap off (benchmarks of the create path).
    maxRunningGenerations: env.MAX_RUNNING_GENERATIONS || undefined,
    referralDailyCap: env.REFERRAL_DAILY_CAP,
    realtime: {
      maxStreamsPerUser: env.REALTIME_MAX_STREAMS_PER_USER,
      maxStreams: env.REALTIME_MAX_STREAMS,
    },
    rateLimits: env.RATE_LIMITS
      ? {
          signIn: env.RATE_LIMIT_SIGN_IN,
          estimate: env.RATE_LIMIT_ESTIMATE,
          create: env.RATE_LIMIT_CREATE,
          upload: env.RATE_LIMIT_UPLOAD,
          payment: env.RATE_LIMIT_PAYMENT,
          webhook: env.RATE_LIMIT_WEBHOOK,
          admin: env.RATE_LIMIT_ADMIN,
          apiRead: env.RATE_LIMIT_API_READ,
          apiCreate: env.RATE_LIMIT_API_CREATE,
        }
      : undefined,
    allowedOrigins: [
      new URL(publicUrl).origin,
      ...(env.ALLOWED_ORIGINS ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean)
        .map((o) => new URL(o).origin),
    ],
  };
}

/** An empty variable (`FOO=`) means "unset", as in most twelve-factor tooling. */
function stripEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

type EnvIssues = { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void };

/** S3 settings mean nothing without a bucket; keys come as a pair; redirects need S3. */
function checkStorageEnv(env: Env, ctx: EnvIssues): void {
  if (!env.S3_BUCKET) {
    for (const name of [
      'S3_ENDPOINT',
      'S3_PUBLIC_ENDPOINT',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
    ] as const) {
      if (env[name])
        ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `is required with ${name}` });
    }
    if (env.FILE_DELIVERY === 'redirect') {
      ctx.addIssue({
        code: 'custom',
        path: ['FILE_DELIVERY'],
        message: 'redirect needs S3 storage (S3_BUCKET): files on the local disk are streamed',
      });
    }
  }
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_SECRET_ACCESS_KEY'],
      message: 'is required with S3_ACCESS_KEY_ID',
    });
  }
  if (!env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_ACCESS_KEY_ID'],
      message: 'is required with S3_SECRET_ACCESS_KEY',
    });
  }
}

/** A provider needs its id and secret together; production needs HTTPS endpoints. */
function checkOAuthEnv(env: Env, ctx: EnvIssues): void {
  const isProduction = env.NODE_ENV === 'production';
  const pairs = [
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ['YANDEX_CLIENT_ID', 'YANDEX_CLIENT_SECRET'],
  ] as const;
  for (const [id, secret] of pairs) {
    if (env[id] && !env[secret]) {
      ctx.addIssue({ code: 'custom', path: [secret], message: `is required with ${id}` });
    }
    if (!env[id] && env[secret]) {
      ctx.addIssue({ code: 'custom', path: [id], message: `is required with ${secret}` });
    }
  }
  if (!isProduction) return;
  const endpoints = [
    'GOOGLE_ISSUER',
    'YANDEX_AUTHORIZE_URL',
    'YANDEX_TOKEN_URL',
    'YANDEX_USERINFO_URL',
    'YANDEX_AVATAR_URL',
    'VK_AUTHORIZE_URL',
    'VK_TOKEN_URL',
    'VK_USERINFO_URL',
  ] as const;
  for (const name of endpoints) {
    if (!env[name].startsWith('https://')) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'must be https:// in production' });
    }
  }
}

/**
 * Each provider is real when its credentials are set, emulated (endpoints on our own server, fixed
 * demo client) in demo mode without them, and unavailable otherwise. Production is never demo, so
 * it never signs anyone in through an emulator.
 */
function oauthConfig(
  env: Env,
  publicUrl: string,
  demo: boolean,
  signingSecret: string,
  localSecrets: LocalSecrets,
): OAuthConfig {
  const emulator = `${publicUrl}${OAUTH_EMULATOR_PATH}`;
  const demoClient = (provider: string, withSecret: boolean): OAuthClientConfig => ({
    clientId: `kadr-demo-${provider}`,
    clientSecret: withSecret ? `${localSecrets.oauthClientSecret}-${provider}` : undefined,
    emulated: true,
  });
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          emulated: false,
          issuer: env.GOOGLE_ISSUER.replace(/\/$/, ''),
        }
      : demo
        ? { ...demoClient('google', true), issuer: `${emulator}/google` }
        : undefined;
  const yandex =
    env.YANDEX_CLIENT_ID && env.YANDEX_CLIENT_SECRET
      ? {
          clientId: env.YANDEX_CLIENT_ID,
          clientSecret: env.YANDEX_CLIENT_SECRET,
          emulated: false,
          authorizeUrl: env.YANDEX_AUTHORIZE_URL,
          tokenUrl: env.YANDEX_TOKEN_URL,
          userinfoUrl: env.YANDEX_USERINFO_URL,
          avatarUrl: env.YANDEX_AVATAR_URL,
        }
      : demo
        ? {
            ...demoClient('yandex', true),
            authorizeUrl: `${emulator}/yandex/authorize`,
            tokenUrl: `${emulator}/yandex/token`,
            userinfoUrl: `${emulator}/yandex/info`,
            avatarUrl: `${emulator}/yandex/get-yapic`,
          }
        : undefined;
  const vk = env.VK_CLIENT_ID
    ? {
        clientId: env.VK_CLIENT_ID,
        clientSecret: undefined,
        emulated: false,
        authorizeUrl: env.VK_AUTHORIZE_URL,
        tokenUrl: env.VK_TOKEN_URL,
        userinfoUrl: env.VK_USERINFO_URL,
      }
    : demo
      ? {
          ...demoClient('vk', false),
          authorizeUrl: `${emulator}/vk/authorize`,
          tokenUrl: `${emulator}/vk/oauth2/auth`,
          userinfoUrl: `${emulator}/vk/oauth2/user_info`,
        }
      : undefined;
  // A key of its own, derived from the one signing secret, so one variable protects everything.
  const cookieSecret = createHmac('sha256', signingSecret)
    .update('kadr/oauth-flow-cookie')
    .digest('base64url');
  return { cookieSecret, google, yandex, vk };
}

/**
 * A payment provider is configured whole or not at all: YooKassa's shop id with its secret key,
 * receipts with their VAT and tax-system codes, Stripe's key with its webhook secret. Production
 * talks to providers over HTTPS only.
 */
function checkPaymentEnv(env: Env, ctx: EnvIssues): void {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (env.YOOKASSA_SHOP_ID && !env.YOOKASSA_SECRET_KEY) {
    issue('YOOKASSA_SECRET_KEY', 'is required with YOOKASSA_SHOP_ID');
  }
  if (!env.YOOKASSA_SHOP_ID && env.YOOKASSA_SECRET_KEY) {
    issue('YOOKASSA_SHOP_ID', 'is required with YOOKASSA_SECRET_KEY');
  }
  if (env.YOOKASSA_RECEIPTS) {
    if (env.YOOKASSA_VAT_CODE === undefined) {
      issue('YOOKASSA_VAT_CODE', 'is required with YOOKASSA_RECEIPTS (1–12, see the README)');
    }
    if (env.YOOKASSA_TAX_SYSTEM_CODE === undefined) {
      issue('YOOKASSA_TAX_SYSTEM_CODE', 'is required with YOOKASSA_RECEIPTS (1–6, see the README)');
    }
  } else {
    for (const name of ['YOOKASSA_VAT_CODE', 'YOOKASSA_TAX_SYSTEM_CODE'] as const) {
      if (env[name] !== undefined) issue(name, 'is only used with YOOKASSA_RECEIPTS=true');
    }
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    issue('STRIPE_WEBHOOK_SECRET', 'is required with STRIPE_SECRET_KEY (the endpoint’s whsec_…)');
  }
  if (!env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    issue('STRIPE_SECRET_KEY', 'is required with STRIPE_WEBHOOK_SECRET');
  }
  if (env.NODE_ENV !== 'production') return;
  for (const name of ['YOOKASSA_API_URL', 'STRIPE_API_URL'] as const) {
    if (!env[name].startsWith('https://')) issue(name, 'must be https:// in production');
  }
  if (
    env.STRIPE_SECRET_KEY?.startsWith('sk_test_') ||
    env.STRIPE_SECRET_KEY?.startsWith('rk_test_')
  ) {
    issue('STRIPE_SECRET_KEY', 'is a test-mode key: production takes live keys only');
  }
}

/**
 * Like sign-in: a provider with credentials is real, one without is emulated in demo mode (on our
 * own server, fixed demo keys, notifications accepted from anywhere) and unavailable otherwise.
 */
function paymentsConfig(
  env: Env,
  publicUrl: string,
  demo: boolean,
  localSecrets: LocalSecrets,
): PaymentsConfig {
  const receipt =
    env.YOOKASSA_RECEIPTS && env.YOOKASSA_VAT_CODE && env.YOOKASSA_TAX_SYSTEM_CODE
      ? { vatCode: env.YOOKASSA_VAT_CODE, taxSystemCode: env.YOOKASSA_TAX_SYSTEM_CODE }
      : undefined;
  const yookassa: YooKassaConfig | undefined =
    env.YOOKASSA_SHOP_ID && env.YOOKASSA_SECRET_KEY
      ? {
          emulated: false,
          shopId: env.YOOKASSA_SHOP_ID,
          secretKey: env.YOOKASSA_SECRET_KEY,
          apiUrl: env.YOOKASSA_API_URL.replace(/\/$/, ''),
          receipt,
          allowedSources: env.YOOKASSA_ALLOWED_IPS ?? YOOKASSA_NOTIFICATION_SOURCES,
        }
      : demo
        ? {
            emulated: true,
            shopId: '100500',
            secretKey: localSecrets.yookassaSecretKey,
            apiUrl: `${publicUrl}${YOOKASSA_EMULATOR_PATH}/v3`,
            receipt,
            allowedSources: 'any',
          }
        : undefined;
  const stripe: StripeConfig | undefined =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? {
          emulated: false,
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiUrl: env.STRIPE_API_URL.replace(/\/$/, ''),
        }
      : demo
        ? {
            emulated: true,
            secretKey: localSecrets.stripeSecretKey,
            // The data folder's own, so events signed before a restart still verify after it.
            webhookSecret: localSecrets.stripeWebhookSecret,
            apiUrl: `${publicUrl}${STRIPE_EMULATOR_PATH}`,
          }
        : undefined;
  return {
    yookassa,
    stripe,
    pendingTimeoutMs: Math.round(env.PAYMENT_PENDING_TIMEOUT_MINUTES * 60_000),
    reconcilePendingEveryMs: Math.round(env.PAYMENT_RECONCILE_PENDING_MINUTES * 60_000),
    reconcileSettledEveryMs: Math.round(env.PAYMENT_RECONCILE_SETTLED_HOURS * 3_600_000),
  };
}
