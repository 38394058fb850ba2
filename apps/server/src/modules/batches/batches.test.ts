import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildSession, buildUser, uploadPicture } from '../../../test/builders.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';

/** No worker: started items stay pending (running) until a test ends them itself. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ MAX_RUNNING_GENERATIONS: '4' });
});
afterAll(async () => {
  await t.close();
});

const ORIGIN = 'http://localhost:3000';
const call = (
  cookie: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { cookie, ...(method === 'POST' ? { origin: ORIGIN } : {}), ...headers },
    ...(payload ? { payload } : {}),
  });

const count = async (sql: string, userId: string) =>
  ((await t.database.pool.query(sql, [userId])).rows[0] as { n: number }).n;

type Batch = {
  id: string;
  quote: number;
  items: {
    position: number;
    model: string;
    state: string;
    generation_id: string | null;
    problem: string | null;
    cost: number;
  }[];
};

/** 3 prompts × 2 models × 2 variations: 12 items. */
function twelve() {
  const items = [];
  for (const prompt of ['a red fox', 'an owl', 'a whale']) {
    for (const model of ['seedream-3', 'qwen-image']) {
      for (let v = 0; v < 2; v++) items.push({ model, prompt });
    }
  }
  return { type: 'image', items };
}

describe('batches', () => {
  it('is quoted once; items beyond the running cap wait, then start as places free; each is charged once', async () => {
    const user = await buildUser(t.container, { tokens: 1_000 });
    const cookie = await buildSession(t.container, user);
    const quote = await call(cookie, 'POST', '/api/batches/quote', twelve());
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ total: 12 * 3 });

    const made = await call(cookie, 'POST', '/api/batches', twelve());
    expect(made.statusCode, made.body).toBe(200);
    let batch = made.json() as Batch;
    expect(batch.quote).toBe(36);
    const states = () => batch.items.map((item) => item.state);
    expect(states().filter((s) => s === 'started')).toHaveLength(4);
    expect(states().filter((s) => s === 'waiting')).toHaveLength(8);
    expect((await t.container.repositories.users.findById(user.id))?.tokens).toBe(1_000 - 4 * 3);

    // Releasing again while at the cap starts nothing and charges nothing (twice, at once).
    await Promise.all([
      call(cookie, 'POST', `/api/batches/${batch.id}/release`),
      call(cookie, 'POST', `/api/batches/${batch.id}/release`),
    ]);
    batch = (await call(cookie, 'GET', `/api/batches/${batch.id}`)).json() as Batch;
    expect(states().filter((s) => s === 'started')).toHaveLength(4);

    // Two end (one completed, one failed and refunded): two more start — concurrent releases
    // (the page and the job) start each item once.
    const started = batch.items
      .filter((item) => item.generation_id)
      .map((item) => item.generation_id as string);
    await t.database.pool.query(
      "update generation_requests set status = 'completed' where id = $1",
      [started[0]],
    );
    const failing = await t.container.repositories.generations.findById(started[1] ?? '');
    if (!failing) throw new Error('no row');
    await t.container.engine.cancel(failing);
    await Promise.all([
      call(cookie, 'POST', `/api/batches/${batch.id}/release`),
      t.container.batches.releaseAll(),
      call(cookie, 'POST', `/api/batches/${batch.id}/release`),
    ]);
    batch = (await call(cookie, 'GET', `/api/batches/${batch.id}`)).json() as Batch;
    expect(states().filter((s) => s === 'started')).toHaveLength(6);
    const generationIds = batch.items.map((item) => item.generation_id).filter(Boolean);
    expect(new Set(generationIds).size).toBe(generationIds.length);
    const rows = await t.database.pool.query(
      'select count(*)::int as n from generation_requests where user_id = $1',
      [user.id],
    );
    expect(rows.rows[0]).toEqual({ n: 6 });
    // 6 charged, 1 refunded.
    expect((await t.container.repositories.users.findById(user.id))?.tokens).toBe(
      1_000 - 6 * 3 + 3,
    );

    // Cancelling the batch cancels what still waits; started ones run on.
    batch = (await call(cookie, 'POST', `/api/batches/${batch.id}/cancel`)).json() as Batch;
    expect(states().filter((s) => s === 'canceled')).toHaveLength(6);
    expect(states().filter((s) => s === 'waiting')).toHaveLength(0);
    await expectMoneyInvariants(t.database.pool);
  });

  it('refuses a batch the balance cannot cover, and an invalid item, changing nothing', async () => {
    const user = await buildUser(t.container, { tokens: 30 });
    const cookie = await buildSession(t.container, user);
    const poor = await call(cookie, 'POST', '/api/batches', twelve());
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toMatchObject({ type: 'https://kadr.app/problems/insufficient-tokens' });
    const invalid = await call(cookie, 'POST', '/api/batches', {
      type: 'image',
      items: [
        { model: 'seedream-3', prompt: 'fine' },
        { model: 'seedream-3', prompt: '' },
        { model: 'no-such-model', prompt: 'x' },
      ],
    });
    expect(invalid.statusCode).toBe(400);
    const fields = (invalid.json() as { errors: { field: string }[] }).errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['items[1].prompt', 'items[2].model']));
    const tooMany = await call(cookie, 'POST', '/api/batches', {
      type: 'image',
      items: Array.from({ length: 101 }, () => ({ model: 'seedream-3', prompt: 'x' })),
    });
    expect(tooMany.statusCode).toBe(400);
    const count = await t.database.pool.query(
      'select count(*)::int as n from batches where user_id = $1',
      [user.id],
    );
    expect(count.rows[0]).toEqual({ n: 0 });
    expect((await t.container.repositories.users.findById(user.id))?.tokens).toBe(30);
    // Someone else's batch is a 404.
    const other = await buildUser(t.container, { tokens: 100 });
    const otherCookie = await buildSession(t.container, other);
    const theirs = (
      await call(otherCookie, 'POST', '/api/batches', {
        type: 'image',
        items: [{ model: 'seedream-3', prompt: 'x' }],
      })
    ).json() as Batch;
    expect((await call(cookie, 'GET', `/api/batches/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(cookie, 'GET', `/api/batches/${theirs.id}/zip`)).statusCode).toBe(404);
    await expectMoneyInvariants(t.database.pool);
  });

  it('sends library elements with the items of a model that takes them, and refuses them elsewhere', async () => {
    const user = await buildUser(t.container, { tokens: 100 });
    const cookie = await buildSession(t.container, user);
    const picture = await uploadPicture(
      t.app,
      cookie,
      await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c026d3' } })
        .png()
        .toBuffer(),
    );
    const element = await t.container.elements.create(user.id, {
      kind: 'character',
      name: 'Аня',
      pictures: [picture.urls.get],
    });
    if (element.outcome !== 'done') throw new Error(element.outcome);
    const elements = [element.element.id];
    const refused = await call(cookie, 'POST', '/api/batches', {
      type: 'image',
      items: [
        { model: 'seedream-4', prompt: 'Аня в кафе', elements },
        { model: 'seedream-3', prompt: 'Аня в парке', elements },
      ],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect((refused.json() as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([
      'items[1].elements',
    ]);
    const started = await call(cookie, 'POST', '/api/batches', {
      type: 'image',
      items: [
        { model: 'seedream-4', prompt: 'Аня в кафе', elements },
        { model: 'nano-banana', prompt: 'Аня на пляже', elements },
      ],
    });
    expect(started.statusCode, started.body).toBe(200);
    const batch = started.json() as Batch;
    expect(batch.quote).toBe(3 + 4);
    const { rows } = await t.database.pool.query(
      `select model, jsondata->'elements' as elements, jsonb_array_length(jsondata->'references') as sent
       from generation_requests where user_id = $1 order by model`,
      [user.id],
    );
    expect(rows).toEqual([
      {
        model: 'nano-banana',
        elements: [{ id: elements[0], name: 'Аня', kind: 'character' }],
        sent: 1,
      },
      {
        model: 'seedream-4',
        elements: [{ id: elements[0], name: 'Аня', kind: 'character' }],
        sent: 1,
      },
    ]);
    expect((await t.container.repositories.users.findById(user.id))?.tokens).toBe(100 - 7);
    await expectMoneyInvariants(t.database.pool);
  });

  it('charges a submission once when the same Idempotency-Key and body race, and refuses the key with another body', async () => {
    const user = await buildUser(t.container, { tokens: 10 });
    const cookie = await buildSession(t.container, user);
    const body = {
      type: 'image',
      items: [
        { model: 'seedream-3', prompt: 'a lighthouse' },
        { model: 'seedream-3', prompt: 'a harbour' },
      ],
    };
    const key = { 'idempotency-key': 'submission-1' };
    // A double click that reached the server twice, at once.
    const [first, second] = await Promise.all([
      call(cookie, 'POST', '/api/batches', body, key),
      call(cookie, 'POST', '/api/batches', body, key),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const made = first.json() as Batch;
    expect((second.json() as Batch).id).toBe(made.id);
    expect(await count('select count(*)::int as n from batches where user_id = $1', user.id)).toBe(
      1,
    );
    expect(
      await count('select count(*)::int as n from generation_requests where user_id = $1', user.id),
    ).toBe(2);
    expect((await t.container.repositories.users.findById(user.id))?.tokens).toBe(10 - 2 * 3);

    // A retry seconds later answers the same batch, and charges nothing either.
    const retry = await call(cookie, 'POST', '/api/batches', body, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect((retry.json() as Batch).id).toBe(made.id);
    expect((await t.container.repositories.users.findById(user.id))?.tokens).toBe(4);

    // The same key for another submission is a conflict, and changes nothing.
    const other = await call(
      cookie,
      'POST',
      '/api/batches',
      { type: 'image', items: [{ model: 'seedream-3', prompt: 'a storm' }] },
      key,
    );
    expect(other.statusCode, other.body).toBe(409);
    // A malformed key is a 400 naming the header.
    const malformed = await call(cookie, 'POST', '/api/batches', body, {
      'idempotency-key': 'has spaces',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errors: [{ field: 'Idempotency-Key' }] });
    expect(await count('select count(*)::int as n from batches where user_id = $1', user.id)).toBe(
      1,
    );
    expect((await t.container.repositories.users.findById(user.id))?.tokens).toBe(4);
    await expectMoneyInvariants(t.database.pool);
  });

  it('gives a refused submission’s key back: after a top-up the same key starts the batch', async () => {
    const user = await buildUser(t.container, { tokens: 2 });
    const cookie = await buildSession(t.container, user);
    const body = { type: 'image', items: [{ model: 'seedream-3', prompt: 'a kite' }] };
    const key = { 'idempotency-key': 'submission-poor' };
    const [poor, poorAgain] = await Promise.all([
      call(cookie, 'POST', '/api/batches', body, key),
      call(cookie, 'POST', '/api/batches', body, key),
    ]);
    expect([poor.statusCode, poorAgain.statusCode]).toEqual([402, 402]);
    await t.container.repositories.ledger.adjust({
      userId: user.id,
      delta: 10,
      operatorId: user.id,
      reason: 'test',
    });
    const made = await call(cookie, 'POST', '/api/batches', body, key);
    expect(made.statusCode, made.body).toBe(200);
    expect((await t.container.repositories.users.findById(user.id))?.tokens).toBe(12 - 3);
    await expectMoneyInvariants(t.database.pool);
  });
});
