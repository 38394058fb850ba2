import { randomUUID } from 'node:crypto';
import type { LibraryElement } from '@kadr/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildImageResult, signInDemo, uploadPicture } from '../../../test/builders.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';

// No job worker: the library never runs a model.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    ALLOWED_ORIGINS: 'http://localhost:3000',
    MAX_RUNNING_GENERATIONS: '0',
  });
});
afterAll(async () => {
  await t.close();
});

const ORIGIN = { origin: 'http://localhost:3000' };
type Person = { cookie: string; user: { id: string } };
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function call(who: Person, method: Method, url: string, payload?: object, lang = 'ru') {
  return t.app.inject({
    method,
    url,
    headers: {
      cookie: who.cookie,
      'accept-language': lang,
      ...(method === 'GET' ? {} : ORIGIN),
    },
    ...(payload ? { payload } : {}),
  });
}

/** A real picture: a square of one colour. */
function square(colour: string, side = 320): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function upload(who: Person, bytes: Buffer): Promise<string> {
  return (await uploadPicture(t.app, who.cookie, bytes)).urls.get;
}

/** A finished generation of the person's with one stored PNG output; the output's address. */
async function result(who: Person, colour: string): Promise<{ generationId: string; url: string }> {
  return buildImageResult(t, who.user, await square(colour, 256), { width: 256, height: 256 });
}

async function createElement(who: Person, body: object): Promise<LibraryElement> {
  const res = await call(who, 'POST', '/api/elements', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The colour at the centre of a served picture. */
async function centre(who: Person, url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
  expect(res.statusCode, url).toBe(200);
  const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
  const at =
    (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [...data.subarray(at, at + 3)].map((v) => v.toString(16).padStart(2, '0')).join('');
}

describe('the library of elements', () => {
  it('keeps a character made of three pictures: list, rename, describe, cover, archive, back', async () => {
    const anna = await signInDemo(t.app);
    const pictures = [
      await upload(anna, await square('#ff0000')),
      await upload(anna, await square('#00ff00')),
      await upload(anna, await square('#0000ff')),
    ];
    const made = await createElement(anna, {
      kind: 'character',
      name: '  Анна  ',
      description: 'рыжая, веснушки',
      pictures,
    });
    expect(made).toMatchObject({
      kind: 'character',
      name: 'Анна',
      description: 'рыжая, веснушки',
      archived: false,
    });
    expect(made.pictures).toHaveLength(3);
    expect(made.cover?.id).toBe(made.pictures[0]?.id);
    // Served to their owner, in the order given.
    expect(await centre(anna, made.pictures[2]?.url ?? '')).toBe('0000ff');
    expect(made.pictures[0]).toMatchObject({ width: 320, height: 320 });

    const listed = await call(anna, 'GET', '/api/elements');
    expect((listed.json() as { items: LibraryElement[] }).items.map((e) => e.id)).toEqual([
      made.id,
    ]);

    const third = made.pictures[2]?.id;
    const renamed = await call(anna, 'PATCH', `/api/elements/${made.id}`, {
      name: 'Анна Р.',
      description: '',
      cover: third,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Анна Р.',
      description: '',
      cover: { id: third },
    });

    const archived = await call(anna, 'PATCH', `/api/elements/${made.id}`, { archived: true });
    expect(archived.json()).toMatchObject({ archived: true });
    expect((await call(anna, 'GET', '/api/elements')).json()).toEqual({ items: [] });
    const shelf = (await call(anna, 'GET', '/api/elements?archived=true')).json() as {
      items: LibraryElement[];
    };
    expect(shelf.items.map((e) => e.id)).toEqual([made.id]);
    const back = await call(anna, 'PATCH', `/api/elements/${made.id}`, { archived: false });
    expect(back.json()).toMatchObject({ archived: false });
    await expectMoneyInvariants(t.database.pool);
  });

  it('copies a result it is given, so deleting the result leaves the element and its picture', async () => {
    const seller = await signInDemo(t.app);
    const photo = await upload(seller, await square('#336699'));
    const shot = await result(seller, '#ffcc00');
    const product = await createElement(seller, {
      kind: 'product',
      name: 'Бутылка',
      pictures: [photo, shot.url, photo],
    });
    // The same upload twice is kept once; the result is a copy of its own.
    expect(product.pictures).toHaveLength(2);
    const copy = product.pictures[1];
    expect(copy?.url).not.toBe(shot.url);
    const deleted = await call(seller, 'DELETE', `/api/generations/${shot.generationId}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const after = (
      await call(seller, 'GET', `/api/elements/${product.id}`)
    ).json() as LibraryElement;
    expect(after.pictures.map((p) => p.id)).toEqual(product.pictures.map((p) => p.id));
    expect(await centre(seller, copy?.url ?? '')).toBe('ffcc00');

    // Adding and taking out pictures; the last one stays, the cover moves on.
    const more = await call(seller, 'POST', `/api/elements/${product.id}/pictures`, {
      pictures: [await upload(seller, await square('#111111'))],
    });
    expect((more.json() as LibraryElement).pictures).toHaveLength(3);
    let element = more.json() as LibraryElement;
    for (const picture of element.pictures.slice(0, 2)) {
      const out = await call(
        seller,
        'DELETE',
        `/api/elements/${product.id}/pictures/${picture.id}`,
      );
      expect(out.statusCode, out.body).toBe(200);
      element = out.json();
    }
    expect(element.pictures).toHaveLength(1);
    expect(element.cover?.id).toBe(element.pictures[0]?.id);
    const last = await call(
      seller,
      'DELETE',
      `/api/elements/${product.id}/pictures/${element.pictures[0]?.id}`,
    );
    expect(last.statusCode).toBe(409);
    expect(last.json().detail).toContain('последняя картинка');

    // Deleting the element deletes no picture: a past use of it stays readable.
    expect((await call(seller, 'DELETE', `/api/elements/${product.id}`)).statusCode).toBe(204);
    expect((await call(seller, 'GET', `/api/elements/${product.id}`)).statusCode).toBe(404);
    expect(await centre(seller, copy?.url ?? '')).toBe('ffcc00');
  });

  it('refuses bad input in the person’s language and changes nothing', async () => {
    const maker = await signInDemo(t.app);
    const picture = await upload(maker, await square('#808080'));
    const base = { kind: 'character', name: 'Лиза', pictures: [picture] };

    const noPictures = await call(maker, 'POST', '/api/elements', { ...base, pictures: [] });
    expect(noPictures.statusCode).toBe(400);
    expect(noPictures.json().detail).toBe('Проверьте поля: pictures.');
    const tooMany = await call(
      maker,
      'POST',
      '/api/elements',
      { ...base, pictures: Array.from({ length: 21 }, () => picture) },
      'en',
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([
      { field: 'pictures', code: 'too_big', message: 'at most 20' },
    ]);
    const kind = await call(maker, 'POST', '/api/elements', { ...base, kind: 'style' });
    expect(kind.json().errors?.[0]).toMatchObject({
      field: 'kind',
      message: 'такого варианта нет',
    });
    for (const extra of [{ user_id: randomUUID() }, { archived: true }, { cover: randomUUID() }]) {
      const set = await call(maker, 'POST', '/api/elements', { ...base, ...extra }, 'en');
      expect(set.statusCode, JSON.stringify(extra)).toBe(400);
      expect(set.json().errors?.[0]).toMatchObject({ code: 'unrecognized_keys' });
    }
    const foreign = await call(maker, 'POST', '/api/elements', {
      ...base,
      pictures: [picture, 'https://example.com/cat.png'],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      detail:
        'Картинка 2: должна быть ваша картинка в Кадре: загрузите её или выберите свой результат.',
      errors: [{ field: 'pictures.1', code: 'not_own_picture' }],
    });
    expect((await call(maker, 'GET', '/api/elements')).json()).toEqual({ items: [] });

    const lisa = await createElement(maker, base);
    const twin = await call(maker, 'POST', '/api/elements', { ...base, name: 'ЛИЗА' }, 'en');
    expect(twin.statusCode).toBe(409);
    expect(twin.json().detail).toBe('You already have an element with this name: choose another.');
    const rename = await createElement(maker, { ...base, name: 'Ника' });
    const clash = await call(maker, 'PATCH', `/api/elements/${rename.id}`, { name: 'лиза' });
    expect(clash.statusCode).toBe(409);
    const cover = await call(maker, 'PATCH', `/api/elements/${lisa.id}`, { cover: randomUUID() });
    expect(cover.statusCode).toBe(400);
    expect(cover.json().errors?.[0]).toMatchObject({ field: 'cover' });

    // Up to 20 in all: the 21st is refused with the limit, and nothing is added.
    const nineteen = await Promise.all(
      Array.from({ length: 19 }, (_, i) =>
        square(`#${(i * 12 + 16).toString(16).padStart(2, '0')}4020`).then((b) => upload(maker, b)),
      ),
    );
    const full = await call(maker, 'POST', `/api/elements/${lisa.id}/pictures`, {
      pictures: nineteen,
    });
    expect((full.json() as LibraryElement).pictures).toHaveLength(20);
    const over = await call(maker, 'POST', `/api/elements/${lisa.id}/pictures`, {
      pictures: [await upload(maker, await square('#fefefe'))],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      detail: 'В элементе может быть не больше 20 картинок.',
      limit: 20,
    });
    const kept = (await call(maker, 'GET', `/api/elements/${lisa.id}`)).json() as LibraryElement;
    expect(kept.pictures).toHaveLength(20);
    expect(kept.name).toBe('Лиза');
  });

  it('another person’s element, or picture, is not found anywhere', async () => {
    const owner = await signInDemo(t.app);
    const other = await signInDemo(t.app);
    const picture = await upload(owner, await square('#aa00aa'));
    const mine = await createElement(owner, { kind: 'product', name: 'Крем', pictures: [picture] });
    const pictureId = mine.pictures[0]?.id;
    const attempts: [Method, string, object?][] = [
      ['GET', `/api/elements/${mine.id}`],
      ['PATCH', `/api/elements/${mine.id}`, { name: 'Чужой' }],
      ['POST', `/api/elements/${mine.id}/pictures`, { pictures: [picture] }],
      ['DELETE', `/api/elements/${mine.id}/pictures/${pictureId}`],
      ['DELETE', `/api/elements/${mine.id}`],
      ['GET', '/api/elements/not-a-uuid'],
      ['DELETE', `/api/elements/${randomUUID()}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(other, method, url, body, 'en');
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().detail).toBe('Library element not found.');
    }
    // Nor can the owner's picture join someone else's element.
    const stolen = await call(other, 'POST', '/api/elements', {
      kind: 'product',
      name: 'Крем',
      pictures: [picture],
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors?.[0]).toMatchObject({ code: 'not_own_picture' });
    expect((await call(other, 'GET', '/api/elements')).json()).toEqual({ items: [] });
    // The owner's element is as it was; a second person may use the same name for their own.
    expect((await call(owner, 'GET', `/api/elements/${mine.id}`)).json()).toMatchObject({
      name: 'Крем',
      pictures: [{ id: pictureId }],
    });
    const theirs = await upload(other, await square('#00aaaa'));
    await createElement(other, { kind: 'product', name: 'Крем', pictures: [theirs] });
    // Signed out: 401, as every signed-in route.
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/elements' });
    expect(anonymous.statusCode).toBe(401);
  });
});
