import type { CardSetBody } from '@kadr/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { buildGeneration, buildSession, buildUser, uploadPicture } from '../test/builders.ts';
import { expectMoneyInvariants } from '../test/money.ts';

/**
 * Attack: somebody else's ids. Every route with an id in its path is found from the running app
 * (a new one fails this test until it is covered or excluded with a reason). Person B, signed in,
 * calls each with person A's id: the answer is 404 with nothing of A's in it, and A's things are
 * as they were. Then every body route gets fields a person must never set (`tokens`, `user_id`,
 * `cost`, `status`…): refused with 400, nothing charged or changed.
 */
const ORIGIN = 'http://localhost:3000';
const SECRET_PROMPT = 'a private lighthouse only A may see';

let t: TestApp;
let aCookie: string;
let bCookie: string;
let aId: string;
let generationId: string;
let paymentId: string;
let fileUrl: string;
let collectionId: string;
let batchId: string;
let cardSetId: string;
let keyId: string;
let elementId: string;
let elementPictureId: string;
/** A's webhook message (webhooks out), as the settle of a key's generation writes one. */
const messageId = 'msg_othersPeopleMessage0001';

/** A card set's body: one slide of texts, A's own photo. */
const cardSetBody = (photo: string): CardSetBody => ({
  name: 'A’s product',
  preset: 'wildberries',
  photo,
  cutout: null,
  scene: null,
  backdrop: 'studio-white',
  slides: [
    {
      kind: 'main',
      picture: 'photo',
      title: SECRET_PROMPT,
      bullets: [],
      badge: '',
      callouts: [],
      logo: false,
    },
  ],
});

beforeAll(async () => {
  t = await buildTestApp();
  const a = await buildUser(t.container, { tokens: 50 });
  const b = await buildUser(t.container, { tokens: 50 });
  aId = a.id;
  aCookie = await buildSession(t.container, a);
  bCookie = await buildSession(t.container, b);
  generationId = await buildGeneration(t.database, a, { prompt: SECRET_PROMPT, cost: 0 });
  const payment = await t.container.repositories.payments.insert({
    userId: a.id,
    provider: 'yookassa',
    idempotencyKey: 'other-people-test',
    packageId: 'p500',
    amount: '990.00',
    amountMinor: 99_000,
    currency: 'RUB',
    tokens: 500,
    locale: 'ru',
    referral: null,
  });
  paymentId = payment.id;
  const collection = await t.container.repositories.collections.create(a.id, 'A’s things');
  if (!collection) throw new Error('no collection');
  collectionId = collection.id;
  await t.container.repositories.collections.add(a.id, collectionId, generationId);
  const batch = await t.container.repositories.batches.insert(a.id, 'image', 3, [
    { model: 'seedream-3', body: { model: 'seedream-3', prompt: SECRET_PROMPT }, cost: 3 },
  ]);
  batchId = batch.id;
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: '#336699' },
  })
    .png()
    .toBuffer();
  const uploaded = await uploadPicture(t.app, aCookie, png);
  fileUrl = new URL(uploaded.urls.get, ORIGIN).pathname;
  const set = await t.container.cardSets.create({ id: a.id }, cardSetBody(uploaded.urls.get));
  if (set.outcome !== 'saved') throw new Error('no card set');
  cardSetId = set.set.id;
  const element = await t.container.elements.create(a.id, {
    kind: 'character',
    name: SECRET_PROMPT,
    pictures: [fileUrl],
  });
  if (element.outcome !== 'done') throw new Error('no element');
  elementId = element.element.id;
  elementPictureId = element.element.pictures[0]?.id ?? '';
  const key = await t.container.keys.create(
    { id: a.id },
    { name: 'A’s key' },
    { name: 'self', ip: null },
  );
  if (key.outcome !== 'created') throw new Error('no key');
  keyId = key.key.id;
  await t.database.pool.query(
    `insert into webhook_deliveries (id, user_id, api_key_id, generation_id, event_type, url, payload,
                                     status, expires)
     values ($1, $2, $3, $4, 'generation.completed', 'https://a.example/hooks', '{}', 'delivered',
             now() + interval '1 day')`,
    [messageId, a.id, keyId, generationId],
  );
});
afterAll(async () => {
  await t.close();
});

/**
 * Every route with a parameter in its path, as `METHOD /path/:param`, from the app's OpenAPI
 * document (every route is in it; `openapi.test.ts` checks that none is hidden).
 */
function parameterRoutes(): string[] {
  const document = t.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  const routes: string[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    if (!path.includes('{')) continue;
    for (const method of Object.keys(operations)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) {
        routes.push(`${method.toUpperCase()} ${path.replaceAll(/\{(\w+)\}/g, ':$1')}`);
      }
    }
  }
  return routes.sort();
}

/**
 * A's resource behind each route, as B would address it: the URL, a valid body (so the answer is
 * about whose it is, not about its shape) and the GET by which A still sees it.
 */
type Target = { url: string; body?: Record<string, unknown>; own: string };
const covered: Record<string, () => Target> = {
  'GET /api/generations/:id': () => ({
    url: `/api/generations/${generationId}`,
    own: `/api/generations/${generationId}`,
  }),
  'DELETE /api/generations/:id': () => ({
    url: `/api/generations/${generationId}`,
    own: `/api/generations/${generationId}`,
  }),
  'POST /api/generations/:id/cancel': () => ({
    url: `/api/generations/${generationId}/cancel`,
    own: `/api/generations/${generationId}`,
  }),
  'GET /api/generations/:id/edits': () => ({
    url: `/api/generations/${generationId}/edits`,
    own: `/api/generations/${generationId}/edits`,
  }),
  'PUT /api/generations/:id/favorite': () => ({
    url: `/api/generations/${generationId}/favorite`,
    body: { favorite: true },
    own: `/api/generations/${generationId}`,
  }),
  'GET /api/generations/:id/share': () => ({
    url: `/api/generations/${generationId}/share`,
    own: `/api/generations/${generationId}/share`,
  }),
  'POST /api/generations/:id/share': () => ({
    url: `/api/generations/${generationId}/share`,
    body: { show_prompt: true },
    own: `/api/generations/${generationId}/share`,
  }),
  'DELETE /api/generations/:id/share': () => ({
    url: `/api/generations/${generationId}/share`,
    own: `/api/generations/${generationId}/share`,
  }),
  'GET /api/generations/:generationId/collections': () => ({
    url: `/api/generations/${generationId}/collections`,
    own: `/api/generations/${generationId}/collections`,
  }),
  'DELETE /api/collections/:id': () => ({
    url: `/api/collections/${collectionId}`,
    own: '/api/collections',
  }),
  'PUT /api/collections/:id/items/:generationId': () => ({
    url: `/api/collections/${collectionId}/items/${generationId}`,
    own: '/api/collections',
  }),
  'DELETE /api/collections/:id/items/:generationId': () => ({
    url: `/api/collections/${collectionId}/items/${generationId}`,
    own: '/api/collections',
  }),
  'GET /api/batches/:id': () => ({
    url: `/api/batches/${batchId}`,
    own: `/api/batches/${batchId}`,
  }),
  'GET /api/batches/:id/zip': () => ({
    url: `/api/batches/${batchId}/zip`,
    own: `/api/batches/${batchId}`,
  }),
  'POST /api/batches/:id/release': () => ({
    url: `/api/batches/${batchId}/release`,
    own: `/api/batches/${batchId}`,
  }),
  'POST /api/batches/:id/cancel': () => ({
    url: `/api/batches/${batchId}/cancel`,
    own: `/api/batches/${batchId}`,
  }),
  'GET /api/payments/:id': () => ({
    url: `/api/payments/${paymentId}`,
    own: `/api/payments/${paymentId}`,
  }),
  'POST /api/payments/:id/cancel': () => ({
    url: `/api/payments/${paymentId}/cancel`,
    own: `/api/payments/${paymentId}`,
  }),
  'GET /api/files/:id/:name': () => ({ url: fileUrl, own: fileUrl }),
  'GET /api/card-sets/:id': () => ({
    url: `/api/card-sets/${cardSetId}`,
    own: `/api/card-sets/${cardSetId}`,
  }),
  'PUT /api/card-sets/:id': () => ({
    url: `/api/card-sets/${cardSetId}`,
    body: cardSetBody(fileUrl),
    own: `/api/card-sets/${cardSetId}`,
  }),
  'DELETE /api/card-sets/:id': () => ({
    url: `/api/card-sets/${cardSetId}`,
    own: `/api/card-sets/${cardSetId}`,
  }),
  'GET /api/card-sets/:id/slides/:index': () => ({
    url: `/api/card-sets/${cardSetId}/slides/0`,
    own: `/api/card-sets/${cardSetId}/slides/0`,
  }),
  'GET /api/card-sets/:id/check': () => ({
    url: `/api/card-sets/${cardSetId}/check`,
    own: `/api/card-sets/${cardSetId}/check`,
  }),
  'GET /api/card-sets/:id/zip': () => ({
    url: `/api/card-sets/${cardSetId}/zip`,
    own: `/api/card-sets/${cardSetId}`,
  }),
  'GET /api/elements/:id': () => ({
    url: `/api/elements/${elementId}`,
    own: `/api/elements/${elementId}`,
  }),
  'PATCH /api/elements/:id': () => ({
    url: `/api/elements/${elementId}`,
    body: { name: 'taken over', archived: true },
    own: `/api/elements/${elementId}`,
  }),
  'DELETE /api/elements/:id': () => ({
    url: `/api/elements/${elementId}`,
    own: `/api/elements/${elementId}`,
  }),
  'POST /api/elements/:id/pictures': () => ({
    url: `/api/elements/${elementId}/pictures`,
    body: { pictures: [fileUrl] },
    own: `/api/elements/${elementId}`,
  }),
  'DELETE /api/elements/:id/pictures/:pictureId': () => ({
    url: `/api/elements/${elementId}/pictures/${elementPictureId}`,
    own: `/api/elements/${elementId}`,
  }),
  // Another's character is not theirs to train or stop (nor charged for: the snapshot's balance).
  'POST /api/elements/:id/training': () => ({
    url: `/api/elements/${elementId}/training`,
    body: {},
    own: `/api/elements/${elementId}`,
  }),
  'POST /api/elements/:id/training/cancel': () => ({
    url: `/api/elements/${elementId}/training/cancel`,
    body: {},
    own: `/api/elements/${elementId}`,
  }),
  'PATCH /api/keys/:id': () => ({
    url: `/api/keys/${keyId}`,
    body: { name: 'taken over' },
    own: '/api/keys',
  }),
  'DELETE /api/keys/:id': () => ({ url: `/api/keys/${keyId}`, own: '/api/keys' }),
  'GET /api/keys/:id/webhook-secret': () => ({
    url: `/api/keys/${keyId}/webhook-secret`,
    own: `/api/keys/${keyId}/webhook-secret`,
  }),
  'POST /api/webhook-deliveries/:id/replay': () => ({
    url: `/api/webhook-deliveries/${messageId}/replay`,
    own: '/api/webhook-deliveries',
  }),
};

/** `/api/v1` takes a key, never a session: its id routes are walked with another person's key. */
const v1Reason = "a key's route: api-v1/v1-isolation.test.ts calls it with another person's key";

/** Routes whose parameter names no person's resource, each with why. */
const excluded: Record<string, string> = {
  'GET /api/v1/generations/:id': v1Reason,
  'POST /api/v1/generations/:id/cancel': v1Reason,
  'GET /api/v1/generations/:id/outputs/:index': v1Reason,
  'GET /api/v1/elements/:id': v1Reason,
  'POST /api/v1/elements/:id/pictures': v1Reason,
  'DELETE /api/v1/elements/:id': v1Reason,
  'GET /api/auth/:provider': 'a sign-in provider name, the same for everyone',
  'GET /api/auth/:provider/callback': "a provider's redirect back, bound to its own state cookie",
};
/** Operators only: 404 for every other person whatever the id (admin.test.ts walks them all). */
const isConsole = (route: string) => route.split(' ')[1]?.startsWith('/api/admin/');
/** Demo-mode stand-ins for outside services (Replicate, YooKassa, Stripe, sign-in), not our API. */
const isEmulator = (route: string) => route.split(' ')[1]?.startsWith('/emulators/');

describe("another person's ids", () => {
  it('every route with an id is covered here or excluded with a reason', () => {
    const found = parameterRoutes().filter((route) => !isEmulator(route) && !isConsole(route));
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual([...Object.keys(covered), ...Object.keys(excluded)].sort());
  });

  it.each(Object.keys(covered))('%s answers 404 with nothing of theirs', async (route) => {
    const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    const target = covered[route]?.() ?? { url: '', own: '' };
    const url = target.url;
    const before = await snapshot();
    const res = await t.app.inject({
      method,
      url,
      headers: { cookie: bCookie, origin: ORIGIN },
      ...(target.body ? { payload: target.body } : {}),
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.headers['content-type'], res.body).toContain('application/problem+json');
    expect(res.body).not.toContain(SECRET_PROMPT);
    expect(res.body).not.toContain(aId);
    for (const id of [
      generationId,
      paymentId,
      collectionId,
      batchId,
      cardSetId,
      keyId,
      elementId,
    ]) {
      if (!url.includes(id)) expect(res.body).not.toContain(id);
    }
    // A's own session still sees it: the 404 is about who asks, not a missing thing.
    const own = await t.app.inject({
      method: 'GET',
      url: target.own,
      headers: { cookie: aCookie },
    });
    expect(own.statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
  });
});

/** A's balance, generation and payment as stored. */
async function snapshot() {
  const { rows } = await t.database.pool.query(
    `select (select tokens from users where id = $1) as tokens,
            (select status from generation_requests where id = $2) as generation,
            (select status from payments where id = $3) as payment,
            (select row_to_json(k)::text from api_keys k where id = $4) as key,
            (select row_to_json(d)::text from webhook_deliveries d where id = $5) as message,
            (select row_to_json(e)::text from elements e where id = $6) as element,
            (select count(*)::int from element_pictures where element_id = $6) as pictures`,
    [aId, generationId, paymentId, keyId, messageId, elementId],
  );
  return rows[0];
}

describe('fields a person must never set', () => {
  const forbidden = { tokens: 1_000_000, user_id: '00000000-0000-4000-8000-000000000000', cost: 0 };
  const bodies: [string, Record<string, unknown>][] = [
    ['/api/create-image', { model: 'seedream-3', prompt: 'a cat' }],
    ['/api/create-video', { model: 'seedance-lite', prompt: 'a cat running' }],
    ['/api/estimate-image', { model: 'seedream-3', prompt: 'a cat' }],
    ['/api/estimate-video', { model: 'seedance-lite', prompt: 'a cat running' }],
    ['/api/create-payment', { package: 'p500', provider: 'yookassa' }],
    ['/api/card-sets', cardSetBody('')],
    [
      '/api/card-sets/csv',
      { preset: 'wildberries', backdrop: 'studio-white', csv: 'name,bullets,photo', photos: {} },
    ],
  ];
  const extras: [string, Record<string, unknown>][] = [
    ...Object.entries(forbidden).map(([key, value]): [string, Record<string, unknown>] => [
      key,
      { [key]: value },
    ]),
    ['status', { status: 'completed' }],
    ['amount', { amount: '1.00' }],
    ['parameters.tokens', { parameters: { tokens: 5 } }],
  ];

  it.each(
    bodies.flatMap(([url, body]) =>
      extras.map(([name, extra]) => [url, name, { ...body, ...extra }]),
    ),
  )('%s with %s is refused and changes nothing', async (url, _name, payload) => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: String(url),
      headers: { cookie: aCookie, origin: ORIGIN },
      payload: payload as Record<string, unknown>,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(await snapshot()).toEqual(before);
    const { rows } = await t.database.pool.query<{ n: number }>(
      `select (select count(*) from token_ledger where user_id = $1)
            + (select count(*) from generation_requests where user_id = $1)
            + (select count(*) from payments where user_id = $1) as n`,
      [aId],
    );
    // A's adjustment, the built generation and payment: nothing new.
    expect(Number(rows[0]?.n)).toBe(3);
    await expectMoneyInvariants(t.database.pool);
  });
});
