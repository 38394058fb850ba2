import path from 'node:path';
import {
  createReplicateEmulator,
  createStripeEmulator,
  createYooKassaEmulator,
  type OAuthEmulatorOptions,
  oauthEmulator,
  type ReplicateEmulator,
  type StripeEmulator,
  type YooKassaEmulator,
} from '@kadr/emulators';
import type { FastifyPluginAsync } from 'fastify';
import {
  type Config,
  OAUTH_EMULATOR_PATH,
  STRIPE_EMULATOR_PATH,
  YOOKASSA_EMULATOR_PATH,
} from './config.ts';

/** Where the Replicate stand-in is mounted on our own server. */
const REPLICATE_EMULATOR_PATH = '/emulators/replicate';

export interface Demo {
  /** The Replicate stand-in, when the model provider is emulated (tests drive it directly). */
  replicate: ReplicateEmulator | undefined;
  /** The YooKassa stand-in, when roubles are paid through it (tests and the demo drive it). */
  yookassa: YooKassaEmulator | undefined;
  /** The Stripe Checkout stand-in, when dollars are paid through it. */
  stripe: StripeEmulator | undefined;
  /** Mounts every emulator on the app (nothing outside demo mode). */
  plugin: FastifyPluginAsync;
}

/**
 * Demo mode's wiring, part of the composition root: outside services without credentials are
 * replaced by local emulators served by this very server, which Kadr reaches over HTTP through
 * the same adapters it uses in production. Production never gets here with anything to mount.
 */
export function createDemo(config: Config): Demo {
  const replicate =
    config.demo && config.replicate.emulated
      ? createReplicateEmulator({
          publicBaseUrl: `${config.publicUrl}${REPLICATE_EMULATOR_PATH}`,
          webhookSecret: config.replicate.webhookSecret,
          latencyMs: config.replicate.emulatorLatencyMs,
          storageDir: path.join(config.dataDir, 'emulators', 'replicate'),
          apiToken: config.replicate.token,
          // It fetches only our own files and posts only to our own webhook.
          reachable: {
            // Files, and the pictures of a character's training (ADR 045).
            inputs: [`${config.publicUrl}/api/files/`, `${config.publicUrl}/api/trainings/`],
            webhooks: [`${config.publicUrl}/api/webhooks/replicate?`],
          },
        })
      : undefined;
  const oauth = oauthEmulatorOptions(config);
  const { yookassa: yookassaConfig, stripe: stripeConfig } = config.payments;
  // The payment stand-ins notify our own webhooks, as the providers would.
  const yookassa =
    config.demo && yookassaConfig?.emulated
      ? createYooKassaEmulator({
          publicBaseUrl: `${config.publicUrl}${YOOKASSA_EMULATOR_PATH}`,
          shopId: yookassaConfig.shopId,
          secretKey: yookassaConfig.secretKey,
          notificationUrl: `${config.publicUrl}/api/webhooks/yookassa`,
          receiptsRequired: yookassaConfig.receipt !== undefined,
        })
      : undefined;
  const stripe =
    config.demo && stripeConfig?.emulated
      ? createStripeEmulator({
          publicBaseUrl: `${config.publicUrl}${STRIPE_EMULATOR_PATH}`,
          secretKey: stripeConfig.secretKey,
          webhookSecret: stripeConfig.webhookSecret,
          webhookUrl: `${config.publicUrl}/api/webhooks/stripe`,
        })
      : undefined;
  return {
    replicate,
    yookassa,
    stripe,
    plugin: async (app) => {
      if (oauth) await app.register(oauthEmulator, oauth);
      if (replicate) await app.register(replicate.plugin, { prefix: REPLICATE_EMULATOR_PATH });
      if (yookassa) await app.register(yookassa.plugin, { prefix: YOOKASSA_EMULATOR_PATH });
      if (stripe) await app.register(stripe.plugin, { prefix: STRIPE_EMULATOR_PATH });
      // Their notifications in flight (and retries) end with the app.
      app.addHook('onClose', async () => {
        await Promise.all([yookassa?.close(), stripe?.close()]);
      });
    },
  };
}

/**
 * The emulator's registrations for the providers that are emulated (demo mode without
 * credentials), or undefined when none is — then nothing is mounted.
 */
export function oauthEmulatorOptions(
  config: Pick<Config, 'publicUrl' | 'oauth' | 'demo'>,
): (OAuthEmulatorOptions & { prefix: string }) | undefined {
  if (!config.demo) return undefined;
  const redirectUriPrefixes = [`${config.publicUrl}/api/auth/`];
  const client = (
    entry: { clientId: string; clientSecret?: string | undefined; emulated: boolean } | undefined,
  ) =>
    entry?.emulated
      ? { clientId: entry.clientId, clientSecret: entry.clientSecret, redirectUriPrefixes }
      : undefined;
  const clients = {
    google: client(config.oauth.google),
    yandex: client(config.oauth.yandex),
    vk: client(config.oauth.vk),
  };
  if (!clients.google && !clients.yandex && !clients.vk) return undefined;
  return {
    prefix: OAUTH_EMULATOR_PATH,
    baseUrl: `${config.publicUrl}${OAUTH_EMULATOR_PATH}`,
    ...clients,
  };
}
