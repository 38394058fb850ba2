import path from 'node:path';
import {
  createReplicateEmulator,
  type OAuthEmulatorOptions,
  oauthEmulator,
  type ReplicateEmulator,
} from '@kadr/emulators';
import type { FastifyPluginAsync } from 'fastify';
import { type Config, OAUTH_EMULATOR_PATH } from './config.ts';

/** Where the Replicate stand-in is mounted on our own server. */
const REPLICATE_EMULATOR_PATH = '/emulators/replicate';

export interface Demo {
  /** The Replicate stand-in, when the model provider is emulated (tests drive it directly). */
  replicate: ReplicateEmulator | undefined;
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
        })
      : undefined;
  const oauth = oauthEmulatorOptions(config);
  return {
    replicate,
    plugin: async (app) => {
      if (oauth) await app.register(oauthEmulator, oauth);
      if (replicate) await app.register(replicate.plugin, { prefix: REPLICATE_EMULATOR_PATH });
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
