import type { App } from '../src/app.ts';

const ORIGIN = 'http://localhost:3000';

/** Makes an API key in the profile (the cookie route) and answers it with its secrets. */
export async function createApiKey(
  app: App,
  cookie: string,
  body: Record<string, unknown> = {},
): Promise<{ id: string; secret: string; webhookSecret: string; auth: { authorization: string } }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/keys',
    headers: { cookie, origin: ORIGIN },
    payload: { name: 'Test key', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`key not made: ${res.statusCode} ${res.body}`);
  const made = res.json() as { key: { id: string }; secret: string; webhook_secret: string };
  return {
    id: made.key.id,
    secret: made.secret,
    webhookSecret: made.webhook_secret,
    auth: { authorization: `Bearer ${made.secret}` },
  };
}

/** A multipart body with one file part, as a client library would send it. */
export function multipartBody(
  field: string,
  filename: string,
  bytes: Buffer,
  type = 'application/octet-stream',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----kadr-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
