import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signInDemo } from '../../../test/builders.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';

// No job worker: creates stay pending unless a test finishes them itself.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    WELCOME_TOKENS: '100',
    ALLOWED_ORIGINS: 'http://localhost:3000',
    MAX_RUNNING_GENERATIONS: '0',
  });
});
afterAll(async () => {
  await t.close();
});

const ORIGIN = { origin: 'http://localhost:3000' };

async function call(
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, ...(method === 'GET' ? {} : ORIGIN) },
    ...(payload ? { payload } : {}),
  });
}

async function create(cookie: string, prompt: string): Promise<string> {
  const res = await call(cookie, 'POST', '/api/create-image', { model: 'seedream-3', prompt });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { request_id: string }).request_id;
}

type Listed = {
  totalItems: number;
  items: { id: string; favorite: boolean; jsondata: { prompt: string } }[];
};
async function list(cookie: string, query = ''): Promise<Listed> {
  const res = await call(cookie, 'GET', `/api/generations?page=1&perPage=24${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Ends a request as completed with one stored output, as the engine would. */
async function complete(id: string, ownerId: string): Promise<string> {
  const key = `outputs/${id}/0.png`;
  await t.container.storage.put(key, Buffer.from('png bytes'));
  await t.container.repositories.files.insert({
    id: randomUUID(),
    ownerId,
    generationId: id,
    kind: 'output',
    storageKey: key,
    mime: 'image/png',
    bytes: 9,
    width: 1,
    height: 1,
  });
  await t.database.pool.query(
    "update generation_requests set status = 'completed', completed_at = now() where id = $1",
    [id],
  );
  return key;
}

describe('favourites, collections, search and delete', () => {
  it('stars, files into collections, filters and searches history — only the person’s own', async () => {
    const { cookie } = await signInDemo(t.app);
    const fox = await create(cookie, 'A red fox in the snow');
    const owl = await create(cookie, 'An owl at 100% zoom_in');
    const whale = await create(cookie, 'A whale over a city');

    // Stars.
    const starred = await call(cookie, 'PUT', `/api/generations/${fox}/favorite`, {
      favorite: true,
    });
    expect(starred.json()).toMatchObject({ id: fox, favorite: true });
    expect((await list(cookie, '&favorite=1')).items.map((i) => i.id)).toEqual([fox]);
    expect((await list(cookie)).items.find((i) => i.id === fox)?.favorite).toBe(true);

    // Collections: names unique per person whatever their case; a generation in two.
    const made = await call(cookie, 'POST', '/api/collections', { name: '  Animals  ' });
    expect(made.statusCode).toBe(200);
    const animals = (made.json() as { id: string; name: string }).id;
    expect(made.json()).toMatchObject({ name: 'Animals', count: 0 });
    expect((await call(cookie, 'POST', '/api/collections', { name: 'animals' })).statusCode).toBe(
      409,
    );
    expect((await call(cookie, 'POST', '/api/collections', { name: '   ' })).statusCode).toBe(400);
    expect(
      (await call(cookie, 'POST', '/api/collections', { name: 'x'.repeat(61) })).statusCode,
    ).toBe(400);
    const birds = (
      (await call(cookie, 'POST', '/api/collections', { name: 'Birds' })).json() as { id: string }
    ).id;
    for (const [collection, generation] of [
      [animals, fox],
      [animals, owl],
      [animals, owl],
      [birds, owl],
    ]) {
      expect(
        (await call(cookie, 'PUT', `/api/collections/${collection}/items/${generation}`))
          .statusCode,
      ).toBe(204);
    }
    const listed = (await call(cookie, 'GET', '/api/collections')).json() as {
      items: { name: string; count: number }[];
    };
    expect(listed.items.map((c) => [c.name, c.count])).toEqual([
      ['Animals', 2],
      ['Birds', 1],
    ]);
    expect((await call(cookie, 'GET', `/api/generations/${owl}/collections`)).json()).toEqual({
      ids: expect.arrayContaining([animals, birds]),
    });
    const inAnimals = await list(cookie, `&collection=${animals}`);
    expect(inAnimals.totalItems).toBe(2);
    expect(inAnimals.items.map((i) => i.id).sort()).toEqual([fox, owl].sort());
    expect(
      (await call(cookie, 'DELETE', `/api/collections/${animals}/items/${fox}`)).statusCode,
    ).toBe(204);
    expect((await list(cookie, `&collection=${animals}`)).items.map((i) => i.id)).toEqual([owl]);

    // Search by the prompt's words, case-insensitive; % and _ are plain characters.
    expect((await list(cookie, '&q=WHALE')).items.map((i) => i.id)).toEqual([whale]);
    expect((await list(cookie, '&q=100%25')).items.map((i) => i.id)).toEqual([owl]);
    expect((await list(cookie, '&q=_')).items.map((i) => i.id)).toEqual([owl]);
    expect((await list(cookie, '&q=%25')).items.map((i) => i.id)).toEqual([owl]);
    expect((await list(cookie, '&q=nothing like it')).totalItems).toBe(0);

    // Someone else sees none of it and can change none of it.
    const other = await signInDemo(t.app);
    expect((await list(other.cookie, `&collection=${animals}`)).totalItems).toBe(0);
    expect(
      (await call(other.cookie, 'PUT', `/api/generations/${fox}/favorite`, { favorite: false }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(other.cookie, 'PUT', `/api/collections/${animals}/items/${fox}`)).statusCode,
    ).toBe(404);
    const theirs = await create(other.cookie, 'their picture');
    expect(
      (await call(cookie, 'PUT', `/api/collections/${animals}/items/${theirs}`)).statusCode,
    ).toBe(404);
    expect((await call(other.cookie, 'DELETE', `/api/collections/${animals}`)).statusCode).toBe(
      404,
    );
    expect((await call(other.cookie, 'DELETE', `/api/generations/${fox}`)).statusCode).toBe(404);
    expect((await list(cookie, '&favorite=1')).items.map((i) => i.id)).toEqual([fox]);

    // A collection deleted: its generations stay.
    expect((await call(cookie, 'DELETE', `/api/collections/${birds}`)).statusCode).toBe(204);
    expect((await list(cookie)).totalItems).toBe(3);
  });

  it('deletes a finished generation and its files; the ledger keeps its entries; a running one is refused', async () => {
    const { cookie, user } = await signInDemo(t.app);
    const running = await create(cookie, 'still going');
    const done = await create(cookie, 'a finished lighthouse');
    const key = await complete(done, user.id);
    const collection = (
      (await call(cookie, 'POST', '/api/collections', { name: 'Keep' })).json() as { id: string }
    ).id;
    await call(cookie, 'PUT', `/api/collections/${collection}/items/${done}`);

    const refused = await call(cookie, 'DELETE', `/api/generations/${running}`);
    expect(refused.statusCode).toBe(409);
    expect((await list(cookie)).totalItems).toBe(2);

    const deleted = await call(cookie, 'DELETE', `/api/generations/${done}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call(cookie, 'GET', `/api/generations/${done}`)).statusCode).toBe(404);
    expect((await list(cookie)).totalItems).toBe(1);
    const files = await t.database.pool.query('select 1 from files where generation_id = $1', [
      done,
    ]);
    expect(files.rowCount).toBe(0);
    await expect(t.container.storage.read(key)).rejects.toThrow();
    expect(
      ((await call(cookie, 'GET', '/api/collections')).json() as { items: { count: number }[] })
        .items[0]?.count,
    ).toBe(0);
    // The debit is still on the statement; the balance did not move.
    const ledger = await t.database.pool.query<{ delta: number; generation_id: string | null }>(
      "select delta, generation_id from token_ledger where user_id = $1 and reason = 'generation_debit' order by id",
      [user.id],
    );
    expect(ledger.rows.map((r) => r.delta)).toEqual([-3, -3]);
    expect((await call(cookie, 'GET', '/api/me')).json()).toMatchObject({ tokens: 94 });
    expect((await call(cookie, 'DELETE', `/api/generations/${done}`)).statusCode).toBe(404);
    await expectMoneyInvariants(t.database.pool);
  });
});
