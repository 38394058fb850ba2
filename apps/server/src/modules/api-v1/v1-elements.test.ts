import type { ApiElement } from '@kadr/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, multipartBody } from '../../../test/api-keys.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildImageResult, signInDemo } from '../../../test/builders.ts';

/**
 * The library through `/api/v1` (issue #47): elements made from pictures code uploaded with its key
 * or from its image results (by their v1 output URL), listed, read, added to and deleted; bad
 * bodies refused with stable codes in the request's language, changing nothing. No job worker: the
 * library runs no model, and a result is written as the engine would leave it. Another person's
 * key on the id routes: v1-isolation.test.ts.
 */
let t: TestApp;
type Person = { user: { id: string }; cookie: string; auth: { authorization: string } };
let anna: Person;
let boris: Person;

/**
 * A person with a key that sees the whole account: the results made into elements here are the
 * studio's, which a key scoped to its own generations would not see (issue #51).
 */
async function person(): Promise<Person> {
  const signed = await signInDemo(t.app);
  const key = await createApiKey(t.app, signed.cookie, { scope: 'account' });
  return { ...signed, auth: key.auth };
}

beforeAll(async () => {
  t = await buildTestApp({ ALLOWED_ORIGINS: 'http://localhost:3000' });
  [anna, boris] = await Promise.all([person(), person()]);
});
afterAll(async () => {
  await t.close();
});

const v1 = (
  who: Person,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  lang = 'en',
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.auth, 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

const square = (colour: string, side = 48) =>
  sharp({ create: { width: side, height: side, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Uploads a picture with the person's key; its `url`. */
async function upload(who: Person, colour: string): Promise<string> {
  const { payload, headers } = multipartBody('image', 'p.png', await square(colour), 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...who.auth, ...headers },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { url: string }).url;
}

/** A finished image generation of the person's with one stored PNG output; its v1 output URL. */
async function result(who: Person, colour: string): Promise<{ fileId: string; url: string }> {
  const made = await buildImageResult(t, who.user, await square(colour, 64), {
    width: 64,
    height: 64,
  });
  const url = `${t.config.publicUrl}/api/v1/generations/${made.generationId}/outputs/0`;
  return { fileId: made.fileId, url };
}

/** What the person's library holds, as stored. */
async function library(who: Person) {
  const { rows } = await t.database.pool.query(
    `select e.id, e.name, e.updated, e.archived_at,
            array(select file_id::text from element_pictures p where p.element_id = e.id
                  order by p.position) as pictures
       from elements e where e.user_id = $1 order by e.id`,
    [who.user.id],
  );
  return rows;
}

describe('/api/v1/elements', () => {
  it('makes an element of an upload and a result, lists, reads, adds pictures and deletes it', async () => {
    const [red, green] = await Promise.all([upload(anna, '#ff0000'), upload(anna, '#00ff00')]);
    const shot = await result(anna, '#0000ff');

    const created = await v1(anna, 'POST', '/elements', {
      kind: 'character',
      name: '  Анна  ',
      description: 'рыжая, веснушки',
      pictures: [red, shot.url],
    });
    expect(created.statusCode, created.body).toBe(201);
    const element = created.json() as ApiElement;
    expect(element).toMatchObject({
      kind: 'character',
      name: 'Анна',
      description: 'рыжая, веснушки',
      archived: false,
    });
    // The upload as it is, at the address it was given; the result copied as the owner's upload.
    expect(element.pictures.map((p) => p.url)).toEqual([red, expect.any(String)]);
    const copy = element.pictures[1];
    expect(copy?.id).not.toBe(shot.fileId);
    expect(copy?.url).toMatch(new RegExp(`^${t.config.publicUrl}/api/files/${copy?.id}/`));
    expect(copy).toMatchObject({ width: 64, height: 64 });
    expect(element.cover).toEqual(element.pictures[0]);
    // A picture's URL is a Kadr file URL: a model's or tool's `file` parameter takes it.
    const tool = await v1(anna, 'POST', '/estimate', {
      model: 'remove-background',
      parameters: { image: copy?.url },
    });
    expect(tool.statusCode, tool.body).toBe(200);

    const read = await v1(anna, 'GET', `/elements/${element.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(element);
    const listed = await v1(anna, 'GET', '/elements');
    expect(listed.json()).toEqual({ items: [element] });
    expect((await v1(anna, 'GET', '/elements?archived=true')).json()).toEqual({ items: [] });

    // Archived in the studio: listed apart.
    const archived = await t.app.inject({
      method: 'PATCH',
      url: `/api/elements/${element.id}`,
      headers: { cookie: anna.cookie, origin: 'http://localhost:3000' },
      payload: { archived: true },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await v1(anna, 'GET', '/elements')).json()).toEqual({ items: [] });
    const shelf = (await v1(anna, 'GET', '/elements?archived=true')).json() as {
      items: ApiElement[];
    };
    expect(shelf.items.map((e) => [e.id, e.archived])).toEqual([[element.id, true]]);

    // Another picture, and one it holds already (kept once), after its last.
    const added = await v1(anna, 'POST', `/elements/${element.id}/pictures`, {
      pictures: [green, red],
    });
    expect(added.statusCode, added.body).toBe(200);
    const grown = added.json() as ApiElement;
    expect(grown.pictures.map((p) => p.url)).toEqual([red, copy?.url, green]);
    expect(await v1(anna, 'GET', `/elements/${element.id}`).then((r) => r.json())).toEqual(grown);

    const deleted = await v1(anna, 'DELETE', `/elements/${element.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    const gone = await v1(anna, 'GET', `/elements/${element.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'not_found', detail: 'Library element not found.' });
    expect((await v1(anna, 'DELETE', `/elements/${element.id}`)).statusCode).toBe(404);
    expect(await library(anna)).toEqual([]);
    // Its pictures stay the owner's files.
    const still = await v1(anna, 'POST', '/estimate', {
      model: 'remove-background',
      parameters: { image: copy?.url },
    });
    expect(still.statusCode).toBe(200);
  });

  it.each([
    ['ru', /[а-яё]/i],
    ['en', /^[\x20-\x7e]+$/],
  ] as const)(
    'refuses bad bodies with stable codes in %s, changing nothing',
    async (lang, text) => {
      const own = await upload(anna, '#123456');
      const theirs = await upload(boris, '#654321');
      const theirResult = await result(boris, '#abcdef');
      const kept = await v1(anna, 'POST', '/elements', {
        kind: 'product',
        name: `Сумка ${lang}`,
        pictures: [own],
      });
      expect(kept.statusCode, kept.body).toBe(201);
      const bag = kept.json() as ApiElement;
      const before = await library(anna);

      const refused = async (
        url: string,
        payload: object,
        status: number,
        code: string,
        fields: string[],
      ) => {
        const res = await v1(anna, 'POST', url, payload, lang);
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(status);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        const problem = res.json() as {
          code: string;
          detail: string;
          errors: { field: string; code: string; message: string }[];
          limit?: number;
        };
        expect(problem.code).toBe(code);
        expect(problem.detail).toMatch(text);
        expect(problem.errors.map((e) => e.field)).toEqual(fields);
        return problem;
      };
      const body = { kind: 'character', name: 'Борис', pictures: [own] };

      // The schema's refusals (v1's own answer to a body, as every v1 route gives it).
      await refused('/elements', { ...body, tokens: 5 }, 400, 'invalid_request', ['body']);
      await refused('/elements', { ...body, kind: 'style' }, 400, 'invalid_request', ['kind']);
      await refused('/elements', { ...body, name: '   ' }, 400, 'invalid_request', ['name']);
      await refused('/elements', { ...body, pictures: [] }, 400, 'invalid_request', ['pictures']);
      await refused(
        '/elements',
        { ...body, pictures: Array.from({ length: 21 }, () => own) },
        400,
        'invalid_request',
        ['pictures'],
      );
      // Pictures that are not the key owner's: another person's upload and result, a foreign URL.
      const notOwn = await refused(
        '/elements',
        { ...body, pictures: [own, theirs, theirResult.url, 'https://example.com/cat.png'] },
        400,
        'invalid_request',
        ['pictures.1', 'pictures.2', 'pictures.3'],
      );
      expect(new Set(notOwn.errors.map((e) => e.code))).toEqual(new Set(['not_own_picture']));
      for (const error of notOwn.errors) expect(error.message).toMatch(text);
      expect(notOwn.detail).toMatch(lang === 'ru' ? /^Картинки 2, 3, 4/ : /^Pictures 2, 3, 4/);
      // A name the person has already, whatever its case.
      const taken = await refused(
        '/elements',
        { ...body, name: bag.name.toUpperCase() },
        409,
        'conflict',
        ['name'],
      );
      expect(taken.errors[0]?.code).toBe('taken');
      // Adding: another person's picture; more than 20 in all (none added).
      const foreign = await refused(
        `/elements/${bag.id}/pictures`,
        { pictures: [theirs] },
        400,
        'invalid_request',
        ['pictures.0'],
      );
      expect(foreign.detail).toMatch(lang === 'ru' ? /^Картинка 1:/ : /^Picture 1:/);
      const twenty = await Promise.all(Array.from({ length: 20 }, () => upload(anna, '#777777')));
      const tooMany = await refused(
        `/elements/${bag.id}/pictures`,
        { pictures: twenty },
        400,
        'invalid_request',
        ['pictures'],
      );
      expect(tooMany.limit).toBe(20);
      expect(tooMany.errors[0]?.code).toBe('too_many');

      expect(await library(anna)).toEqual(before);
    },
  );

  it('a create names elements for a model that takes them; v1 lists which models do', async () => {
    const models = (await v1(anna, 'GET', '/models')).json() as {
      items: { id: string; references: { max: number; kinds: string[] } | null }[];
    };
    expect(models.items.filter((m) => m.references).map((m) => [m.id, m.references?.max])).toEqual([
      ['seedream-4', 10],
      ['nano-banana', 3],
      ['seedance-lite', 4],
    ]);
    const made = await v1(anna, 'POST', '/elements', {
      kind: 'product',
      name: 'Сумка для API',
      pictures: [await upload(anna, '#0ea5e9')],
    });
    expect(made.statusCode, made.body).toBe(201);
    const element = made.json() as ApiElement;
    const created = await v1(anna, 'POST', '/generations', {
      model: 'nano-banana',
      prompt: 'the bag on a beach',
      elements: [element.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { rows } = await t.database.pool.query(
      "select jsondata->'elements' as elements from generation_requests where id = $1",
      [(created.json() as { id: string }).id],
    );
    expect(rows[0]?.elements).toEqual([{ id: element.id, name: 'Сумка для API', kind: 'product' }]);
    // Another person's element, and a model that takes none: refused, nothing made.
    for (const [body, field] of [
      [{ model: 'nano-banana', prompt: 'x', elements: [element.id] }, 'elements.0'],
      [{ model: 'seedream-3', prompt: 'x', elements: [] }, undefined],
    ] as const) {
      const res = await v1(boris, 'POST', '/generations', body);
      if (field === undefined) {
        expect(res.statusCode, res.body).toBe(201);
        continue;
      }
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([
        field,
      ]);
    }
  });
});
