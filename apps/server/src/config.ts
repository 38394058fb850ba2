import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: relative paths in settings (DATA_DIR, WEB_DIR) are resolved from here. */
export const repoRoot = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = z.url({ protocol: /^(https?|postgres(ql)?)$/ }).optional();

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
    TRUST_PROXY: booleanFlag.default(false),
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
    if (env.NODE_ENV === 'production' && !env.SIGNING_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SIGNING_SECRET'],
        message: 'is required in production',
      });
    }
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

export type Env = z.infer<typeof envSchema>;

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
  trustProxy: boolean;
  database: { url: string | undefined; poolMax: number; embeddedPort: number };
  dataDir: string;
  webDir: string;
  /** Emulated providers (sign-in, models, payments) and the demo sign-in; never in production. */
  demo: boolean;
  welcomeTokens: number;
  session: { idleMs: number; absoluteMs: number; secureCookies: boolean };
  /** Origins whose state-changing requests a session cookie may authorise. */
  allowedOrigins: string[];
  /** Signs short-lived file URLs (and other tokens); shared by every node. */
  signingSecret: string;
  uploadMaxBytes: number;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Reads and validates every setting; the only reader of the environment. Lists all bad variables. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
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
    webDir: path.resolve(repoRoot, env.WEB_DIR),
    demo,
    welcomeTokens: env.WELCOME_TOKENS ?? (demo ? 100 : 0),
    session: {
      idleMs: env.SESSION_IDLE_DAYS * DAY_MS,
      absoluteMs: env.SESSION_MAX_DAYS * DAY_MS,
      secureCookies: publicUrl.startsWith('https://'),
    },
    // Outside production a fixed secret keeps signed URLs valid across restarts; production must set one.
    signingSecret: env.SIGNING_SECRET ?? 'kadr-development-signing-secret-not-for-production',
    uploadMaxBytes: Math.round(env.UPLOAD_MAX_MB * 1024 * 1024),
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
