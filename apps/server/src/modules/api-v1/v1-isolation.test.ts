import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, multipartBody } from '../../../test/api-keys.ts';
import { signInDemo } from '../../../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';

/**
 * A key never reaches another person's generations (issue #37's acceptance) or library elements
 * (issue #47): every v1 route that takes an id answers 404 `not_found` for someone else's — the
 * same answer as for an id that does not exist, so nothing about it is confirmed — and changes
 * nothing.
 */
let t: LiveApp;
let owner: Awaited<ReturnType<typeof createApiKey>>;
let stranger: Awaited<ReturnType<typeof createApiKey>>;
let ownersGeneration: string;
let ownersElement: string;
/** A picture of the stranger's own, so that their body is good and only the id is not theirs. */
let strangersPicture: string;

async function uploadWith(auth: { authorization: string }, colour: string): Promise<string> {
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const { payload, headers } = multipartBody('image', 'p.png', png, 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...auth, ...headers },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { url: string }).url;
}

beforeAll(async () => {
  t = await buildLiveTestApp({ MAX_RUNNING_GENERATIONS: '0', WELCOME_TOKENS: '100' });
  await t.startWorker();
  owner = await createApiKey(t.app, (await signInDemo(t.app)).cookie);
  stranger = await createApiKey(t.app, (await signInDemo(t.app)).cookie);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/generations',
    headers: owner.auth,
    payload: { model: 'seedream-3', prompt: 'the owner’s own picture' },
  });
  expect(created.statusCode).toBe(201);
  ownersGeneration = (created.json() as { id: string }).id;
  const element = await t.app.inject({
    method: 'POST',
    url: '/api/v1/elements',
    headers: owner.auth,
    payload: {
      kind: 'character',
      name: 'The owner',
      pictures: [await uploadWith(owner.auth, '#f00')],
    },
  });
  expect(element.statusCode, element.body).toBe(201);
  ownersElement = (element.json() as { id: string }).id;
  strangersPicture = await uploadWith(stranger.auth, '#0f0');
  for (let i = 0; i < 400; i++) {
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/generations/${ownersGeneration}`,
      headers: owner.auth,
    });
    if ((read.json() as { status: string }).status === 'completed') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(async () => {
  await t.close();
});

const idRoutes = [
  ['GET', (id: string) => `/api/v1/generations/${id}`],
  ['POST', (id: string) => `/api/v1/generations/${id}/cancel`],
  ['GET', (id: string) => `/api/v1/generations/${id}/outputs/0`],
] as const;

describe("another person's generation on every v1 id route", () => {
  it.each(idRoutes)(
    '%s %s is 404 not_found for a stranger and served to the owner',
    async (method, url) => {
      const theirs = await t.app.inject({
        method,
        url: url(ownersGeneration),
        headers: { ...stranger.auth, 'accept-language': 'en' },
      });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toMatchObject({ code: 'not_found', status: 404 });
      const none = await t.app.inject({
        method,
        url: url('00000000-0000-4000-8000-000000000000'),
        headers: { ...stranger.auth, 'accept-language': 'en' },
      });
      expect(none.json()).toEqual(theirs.json());
      const mine = await t.app.inject({ method, url: url(ownersGeneration), headers: owner.auth });
      // The owner's own: read and downloaded; a cancel of a finished one is a conflict, not a 404.
      expect(mine.statusCode).toBe(method === 'POST' ? 409 : 200);
    },
  );

  it("lists only the key owner's generations", async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/generations',
      headers: stranger.auth,
    });
    expect((list.json() as { items: unknown[] }).items).toEqual([]);
  });
});

const elementRoutes = [
  ['GET', (id: string) => `/api/v1/elements/${id}`],
  ['POST', (id: string) => `/api/v1/elements/${id}/pictures`],
  ['DELETE', (id: string) => `/api/v1/elements/${id}`],
] as const;

describe("another person's element on every v1 id route", () => {
  it.each(elementRoutes)(
    '%s %s is 404 not_found for a stranger, as a missing one, and changes nothing',
    async (method, url) => {
      const ownersView = async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/elements/${ownersElement}`,
            headers: owner.auth,
          })
        ).json();
      const before = await ownersView();
      expect(before).toMatchObject({ id: ownersElement, pictures: [{ url: expect.any(String) }] });
      const payload = method === 'POST' ? { pictures: [strangersPicture] } : undefined;
      const ask = (id: string) =>
        t.app.inject({
          method,
          url: url(id),
          headers: { ...stranger.auth, 'accept-language': 'en' },
          ...(payload ? { payload } : {}),
        });
      const theirs = await ask(ownersElement);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toMatchObject({ code: 'not_found', status: 404 });
      expect(theirs.body).not.toContain('The owner');
      for (const none of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        expect((await ask(none)).json()).toEqual(theirs.json());
      }
      // The owner's own is still theirs, as it was: the 404 is about who asks.
      expect(await ownersView()).toEqual(before);
    },
  );

  it("lists only the key owner's elements", async () => {
    for (const archived of ['false', 'true']) {
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/v1/elements?archived=${archived}`,
        headers: stranger.auth,
      });
      expect((list.json() as { items: unknown[] }).items).toEqual([]);
    }
  });
});
