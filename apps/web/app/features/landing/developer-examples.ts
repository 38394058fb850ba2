import { listModels } from '@kadr/catalog';

/*
 * The code the developers' page shows, made here and nowhere else: the page renders these strings
 * while prerendering, and the server's test (apps/server/src/developer-examples.test.ts) runs the
 * very same strings — the shell ones with the real curl, the TypeScript ones in a project that
 * installed only the packed @kadr/client — against a server in demo mode. Only the site's address
 * and the receiver's port differ there.
 */

export type DeveloperExampleSettings = {
  /** The site's origin (`https://…`), where `/api/v1` lives. */
  origin: string;
  /** The port the webhook receiver example listens on. */
  receiverPort: number;
};

export type DeveloperExample = { language: 'shell' | 'typescript'; code: string };

const developerExampleIds = [
  'curlEstimate',
  'curlCreate',
  'curlRead',
  'curlDownload',
  'curlBalance',
  'typescriptQuickStart',
  'typescriptWebhook',
] as const;
export type DeveloperExampleId = (typeof developerExampleIds)[number];

/** The model the examples use: the catalogue's first image model, whatever it is today. */
function exampleModel(): string {
  const model = listModels('image')[0];
  if (!model) throw new Error('The catalogue has no image model for the API examples');
  return model.id;
}

const prompt = 'a red bicycle by the sea at dawn';

export function developerExamples({
  origin,
  receiverPort,
}: DeveloperExampleSettings): Record<DeveloperExampleId, DeveloperExample> {
  const model = exampleModel();
  const api = `${origin}/api/v1`;
  const body = JSON.stringify({ model, prompt });
  const auth = '-H "Authorization: Bearer $KADR_API_KEY"';
  const shell = (code: string): DeveloperExample => ({ language: 'shell', code });
  const typescript = (code: string): DeveloperExample => ({ language: 'typescript', code });
  return {
    curlEstimate: shell(`curl -sS ${api}/estimate \\
  ${auth} \\
  -H "Content-Type: application/json" \\
  -d '${body}'`),
    curlCreate: shell(`curl -sS ${api}/generations \\
  ${auth} \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: order-1842" \\
  -d '${body}'`),
    curlRead: shell(`curl -sS ${api}/generations/$GENERATION_ID \\
  ${auth}`),
    curlDownload: shell(`curl -sS -f -OJ ${api}/generations/$GENERATION_ID/outputs/0 \\
  ${auth}`),
    curlBalance: shell(`curl -sS -w '\\n' ${api}/balance ${auth}
curl -sS -w '\\n' "${api}/statement?limit=5" ${auth}`),
    typescriptQuickStart: typescript(`import { writeFile } from 'node:fs/promises';
import { createKadrClient } from '@kadr/client';

const kadr = createKadrClient({
  apiKey: process.env.KADR_API_KEY ?? '',
  baseUrl: '${origin}',
});

const request = { model: '${model}', prompt: '${prompt}' };
const { cost, balance } = await kadr.estimate(request);
console.log(\`Costs \${cost} of \${balance} tokens\`);

// The same idempotency key never creates (or charges) twice.
const created = await kadr.createGeneration(request, { idempotencyKey: 'order-1843' });
const done = await kadr.waitForGeneration(created.id, { timeoutMs: 5 * 60_000 });

if (done.status === 'completed') {
  const file = await kadr.downloadOutput(done.id, 0);
  await writeFile(file.filename, file.bytes);
  console.log(\`Saved \${file.filename}\`);
} else {
  console.log(\`Failed (\${done.error?.code}), \${done.cost} tokens refunded\`);
}`),
    typescriptWebhook: typescript(`import { createServer } from 'node:http';
import { KadrWebhookError, verifyWebhook } from '@kadr/client';

const secret = process.env.KADR_WEBHOOK_SECRET ?? '';

createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk);
  try {
    // The raw body, exactly as it arrived: never parse and re-serialise it first.
    const message = await verifyWebhook(secret, req.headers, Buffer.concat(chunks));
    console.log(message.type, message.data.id, message.data.status);
    res.writeHead(204).end();
  } catch (error) {
    // A KadrWebhookError: not signed with this secret, or too old to trust.
    console.error(error instanceof KadrWebhookError ? error.message : error);
    res.writeHead(400).end();
  }
}).listen(${receiverPort});`),
  };
}
