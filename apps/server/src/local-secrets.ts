import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * Secrets a machine outside production makes for itself, once per data folder: the key that signs
 * file URLs and sign-in flows (when SIGNING_SECRET is unset), and the keys of the demo-mode
 * emulators. Random, so a demo others can reach shares no secret with any other copy of Kadr; kept
 * in `DATA_DIR/secrets.json` (mode 0600), so signed URLs and webhooks stay valid across restarts.
 */
const localSecretsSchema = z.object({
  signing: z.string().min(32),
  replicateToken: z.string().startsWith('r8_'),
  replicateWebhookSecret: z.string().startsWith('whsec_'),
  yookassaSecretKey: z.string().startsWith('test_'),
  stripeSecretKey: z.string().startsWith('sk_test_'),
  stripeWebhookSecret: z.string().startsWith('whsec_'),
  oauthClientSecret: z.string().min(16),
});
export type LocalSecrets = z.infer<typeof localSecretsSchema>;

function generate(): LocalSecrets {
  const token = (bytes: number) => randomBytes(bytes).toString('base64url').replaceAll('-', 'x');
  return {
    signing: randomBytes(32).toString('base64url'),
    replicateToken: `r8_${token(24)}`,
    // Standard Webhooks secrets are base64 after the prefix.
    replicateWebhookSecret: `whsec_${randomBytes(24).toString('base64')}`,
    yookassaSecretKey: `test_${token(24)}`,
    stripeSecretKey: `sk_test_${token(24).replaceAll('_', 'x')}`,
    stripeWebhookSecret: `whsec_${token(24).replaceAll('_', 'x')}`,
    oauthClientSecret: token(24),
  };
}

/** Reads the data folder's secrets, making and saving them (atomically, 0600) the first time. */
export async function loadOrCreateLocalSecrets(dataDir: string): Promise<LocalSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  try {
    return localSecretsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${file} is not a valid secrets file; remove it to make new ones`, {
        cause: error,
      });
    }
  }
  await mkdir(dataDir, { recursive: true });
  const secrets = generate();
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  await rename(temporary, file);
  // Two processes starting at once on one folder: whichever rename came last wins; read it back.
  return localSecretsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}
