import { randomUUID } from 'node:crypto';
import type { GenerationStatus } from '@kadr/contract';
import type { App } from '../src/app.ts';
import type { Container } from '../src/container.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { generationRequests } from '../src/db/schema.ts';
import type { UserRow } from '../src/modules/users/user.repository.ts';

/** Signs a person in through the demo endpoint and returns the cookie header to act as them. */
export async function signInDemo(
  app: App,
  person: { email?: string; name?: string; referral?: string | null } = {},
): Promise<{ cookie: string; user: { id: string; tokens: number; email: string; name: string } }> {
  const email = person.email ?? `person-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/demo',
    headers: { origin: 'http://localhost:3000' },
    payload: { email, name: person.name ?? 'Test Person', referral: person.referral ?? null },
  });
  if (res.statusCode !== 200) throw new Error(`demo sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return { cookie, user: res.json() };
}

/**
 * A person with `tokens` on their balance, credited through the ledger's service as an adjustment
 * (made by the person themselves: tests have no operator).
 */
export async function buildUser(
  container: Container,
  person: { name?: string; email?: string; tokens?: number } = {},
): Promise<UserRow> {
  const { users, ledger } = container.repositories;
  const user = await users.insert({
    name: person.name ?? 'Test Person',
    email: person.email ?? `person-${randomUUID().slice(0, 8)}@example.com`,
    verified: false,
  });
  const tokens = person.tokens ?? 0;
  if (tokens === 0) return user;
  await ledger.adjust({ userId: user.id, delta: tokens, operatorId: user.id, reason: 'test' });
  return (await users.findById(user.id)) ?? user;
}

/** A live session for the person, as the cookie header a browser would send. */
export async function buildSession(container: Container, user: { id: string }): Promise<string> {
  const { token } = await container.sessions.issue(user.id, {});
  return `kadr_session=${token}`;
}

/**
 * A generation row of the person's as the engine would leave it at `status` (written directly, with
 * no debit: pair it with ledger entries when a test is about money).
 */
export async function buildGeneration(
  database: DatabaseHandle,
  user: { id: string },
  values: {
    type?: 'image' | 'video';
    model?: string;
    status?: GenerationStatus;
    cost?: number;
    prompt?: string;
  } = {},
): Promise<string> {
  const type = values.type ?? 'image';
  const [row] = await database.db
    .insert(generationRequests)
    .values({
      userId: user.id,
      type,
      model: values.model ?? (type === 'image' ? 'seedream-3' : 'seedance-lite'),
      status: values.status ?? 'pending',
      cost: values.cost ?? 3,
      jsondata: { type, prompt: values.prompt ?? 'a test', input: {}, output: null },
    })
    .returning({ id: generationRequests.id });
  if (!row) throw new Error('no generation written');
  return row.id;
}

/**
 * Signs a person up as a sign-in provider that verified their e-mail would (Google, say), through
 * the account service, and gives them a session. A referral bonus is paid only for such a friend;
 * the demo sign-in vouches for no address.
 */
export async function signUpVerified(
  t: { container: Container },
  person: { email?: string; name?: string; referral?: string | null } = {},
): Promise<{ cookie: string; user: { id: string; tokens: number; email: string; name: string } }> {
  const email = person.email ?? `verified-${randomUUID().slice(0, 8)}@example.com`;
  const { user } = await t.container.accounts.signIn(
    {
      provider: 'google',
      subject: randomUUID(),
      email,
      emailVerified: true,
      name: person.name ?? 'Test Person',
      avatar: null,
    },
    person.referral ?? null,
  );
  return { cookie: await buildSession(t.container, user), user };
}

/**
 * Uploads a picture as the web app does (`POST /api/upload-image`, multipart field `image`) for
 * the person whose cookie is given; the answer (its address and size). Throws on any other status.
 */
export async function uploadPicture(
  app: App,
  cookie: string,
  bytes: Buffer,
): Promise<{ urls: { get: string }; width: number; height: number }> {
  const boundary = '----kadr-test-upload';
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload-image',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie,
      origin: 'http://localhost:3000',
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * A recording uploaded as the studio uploads it (`POST /api/upload-audio`, field `audio`): the raw
 * answer, so a test can read a refusal too.
 */
export function postRecording(
  app: App,
  cookie: string,
  bytes: Buffer,
  { filename = 'line.mp3', type = 'audio/mpeg', lang = 'ru' } = {},
) {
  const boundary = '----kadr-test-recording';
  return app.inject({
    method: 'POST',
    url: '/api/upload-audio',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': lang,
      cookie,
      origin: 'http://localhost:3000',
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

/**
 * A finished image generation of the person's with one stored PNG output, as the engine leaves it:
 * its id, and its output's file (id and the `/api/files/…` address a record gives).
 */
export async function buildImageResult(
  t: { database: DatabaseHandle; container: Container },
  user: { id: string },
  png: Buffer,
  size: { width: number; height: number },
): Promise<{ generationId: string; fileId: string; url: string }> {
  const generationId = await buildGeneration(t.database, user, { status: 'completed', cost: 0 });
  const fileId = randomUUID();
  const key = `outputs/${generationId}/0.png`;
  await t.container.storage.put(key, png);
  await t.container.repositories.files.insert({
    id: fileId,
    ownerId: user.id,
    generationId,
    kind: 'output',
    storageKey: key,
    mime: 'image/png',
    bytes: png.length,
    width: size.width,
    height: size.height,
  });
  return { generationId, fileId, url: `/api/files/${fileId}/0.png` };
}
