import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { loadOrCreateLocalSecrets } from './local-secrets.ts';

const folders: string[] = [];
async function folder(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kadr-secrets-'));
  folders.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

// Attack: every demo shared one fixed signing secret and fixed emulator keys, so anyone could sign
// file URLs, sign-in flows and webhooks for any reachable demo.
describe('secrets of a data folder', () => {
  it('are random per folder, kept across restarts, and readable only by their owner', async () => {
    const first = await folder();
    const a = await loadOrCreateLocalSecrets(first);
    const again = await loadOrCreateLocalSecrets(first);
    const b = await loadOrCreateLocalSecrets(await folder());
    expect(again).toEqual(a);
    for (const key of Object.keys(a) as (keyof typeof a)[]) expect(b[key]).not.toBe(a[key]);
    const mode = (await stat(path.join(first, 'secrets.json'))).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it('are what a demo signs and its emulators check with', async () => {
    const secrets = await loadOrCreateLocalSecrets(await folder());
    const config = loadConfig({ NODE_ENV: 'development' }, secrets);
    expect(config.signingSecret).toBe(secrets.signing);
    expect(config.replicate).toMatchObject({
      emulated: true,
      token: secrets.replicateToken,
      webhookSecret: secrets.replicateWebhookSecret,
    });
    expect(config.payments.stripe).toMatchObject({
      secretKey: secrets.stripeSecretKey,
      webhookSecret: secrets.stripeWebhookSecret,
    });
    expect(config.payments.yookassa?.secretKey).toBe(secrets.yookassaSecretKey);
    expect(config.oauth.google?.clientSecret).toContain(secrets.oauthClientSecret);
    // SIGNING_SECRET, when set, wins.
    const set = loadConfig({ NODE_ENV: 'development', SIGNING_SECRET: 'x'.repeat(40) }, secrets);
    expect(set.signingSecret).toBe('x'.repeat(40));
  });

  it('refuse a damaged secrets file instead of quietly replacing it', async () => {
    const dir = await folder();
    await loadOrCreateLocalSecrets(dir);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(dir, 'secrets.json'), '{"signing":"short"}');
    await expect(loadOrCreateLocalSecrets(dir)).rejects.toThrow(/not a valid secrets file/);
  });
});
