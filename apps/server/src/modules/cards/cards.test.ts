// Marketplace cards (ADR 039) through HTTP: the real server on PostgreSQL, the Replicate emulator
// running the cut-out and scene tools on the real photo, the job worker. Only the AI steps move
// tokens; every layout step is checked to move none.
import { getCardScene, getMarketplacePreset } from '@kadr/catalog';
import type { Batch, BrandKit, CardCheck, CardSet, GenerationRecord, Slide } from '@kadr/contract';
import bwipjs from 'bwip-js';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemo, uploadPicture } from '../../../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { applyLedgerEntry } from '../ledger/ledger.repository.ts';

let t: LiveApp;
beforeAll(async () => {
  // A cap of three running generations: a CSV of four products leaves one item waiting.
  t = await buildLiveTestApp({ MAX_RUNNING_GENERATIONS: '3' });
  await t.startWorker();
});
afterAll(async () => {
  await t.close();
});

const ORIGIN = { origin: 'http://localhost:3000' };

type Person = { cookie: string; id: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Problem = {
  status: number;
  detail?: string;
  errors?: { field: string; code: string; message: string }[];
};

/** A person with plenty of tokens (a welcome bonus and an adjustment, both through the ledger). */
async function person(): Promise<Person> {
  const { cookie, user } = await signInDemo(t.app);
  await applyLedgerEntry(t.database.db, { userId: user.id, delta: 400, reason: 'adjustment' });
  return { cookie, id: user.id };
}

async function call(
  who: Person,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: who.cookie, ...(method === 'GET' ? {} : ORIGIN), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function upload(who: Person, bytes: Buffer): Promise<string> {
  return (await uploadPicture(t.app, who.cookie, bytes)).urls.get;
}

/** A product on a plain light background: a dark bottle with a red label. */
function productPhoto(width = 600, height = 800): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#e4e4e4"/>
    <rect x="${width * 0.35}" y="${height * 0.2}" width="${width * 0.3}" height="${height * 0.6}" rx="30" fill="#1e3a5f"/>
    <rect x="${width * 0.35}" y="${height * 0.45}" width="${width * 0.3}" height="${height * 0.12}" fill="#c0392b"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function runTool(who: Person, body: Record<string, unknown>): Promise<string> {
  const res = await call(who, 'POST', '/api/create-image', body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { request_id: string }).request_id;
}

async function waitForEnd(who: Person, id: string, ms = 20_000): Promise<GenerationRecord> {
  const started = Date.now();
  for (;;) {
    const res = await call(who, 'GET', `/api/generations/${id}`);
    const record = res.json() as GenerationRecord;
    if (record.status === 'completed' || record.status === 'failed') return record;
    if (Date.now() - started > ms) throw new Error(`generation ${id} still ${record.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What a person's money and work look like: balance, ledger sum and count, generations. */
async function books(who: Person) {
  const { rows } = await t.database.pool.query<{
    tokens: number;
    ledger: number;
    entries: number;
    generations: number;
  }>(
    `select u.tokens,
            (select coalesce(sum(delta), 0)::int from token_ledger where user_id = u.id) as ledger,
            (select count(*)::int from token_ledger where user_id = u.id) as entries,
            (select count(*)::int from generation_requests where user_id = u.id) as generations
       from users u where u.id = $1`,
    [who.id],
  );
  const row = rows[0];
  if (!row) throw new Error('no such person');
  expect(row.tokens, 'balance = Σ ledger').toBe(row.ledger);
  return row;
}

/** The five starting slides the web sends: main, features, sizes, in use, details. */
function startingSlides(title: string): Slide[] {
  const base = { badge: '', callouts: [], logo: false };
  return [
    {
      ...base,
      kind: 'main',
      picture: 'cutout',
      title,
      bullets: [{ text: 'Нержавеющая сталь', icon: 'shield' }],
    },
    {
      ...base,
      kind: 'features',
      picture: 'cutout',
      title: 'Преимущества',
      bullets: [
        { text: 'Держит тепло 12 часов', icon: 'clock' },
        { text: 'Не протекает', icon: 'drop' },
        { text: 'Лёгкий — 320 г', icon: 'leaf' },
      ],
    },
    {
      ...base,
      kind: 'sizes',
      picture: 'cutout',
      title: 'Размеры',
      bullets: [],
      callouts: [
        { label: 'Высота', value: '24 см' },
        { label: 'Объём', value: '500 мл' },
      ],
    },
    { ...base, kind: 'in-use', picture: 'scene', title: 'В дорогу и в офис', bullets: [] },
    { ...base, kind: 'details', picture: 'photo', title: 'Детали', bullets: [], badge: 'Новинка' },
  ];
}

function setBody(values: Partial<Omit<CardSet, 'id'>> & { photo: string }) {
  return {
    name: 'Термос «Утро»',
    preset: 'wildberries',
    cutout: null,
    scene: null,
    backdrop: 'studio-white',
    slides: startingSlides('Термос «Утро» 500 мл'),
    ...values,
  };
}

describe('the brand kit', () => {
  it('is the default until saved; a logo must be the person’s own picture', async () => {
    const seller = await person();
    const other = await person();
    const first = await call(seller, 'GET', '/api/brand-kit');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      font: 'manrope',
      colours: { text: '#1f2933', accent: '#6d28d9', panel: '#ffffff' },
      logo: null,
      badgeStyle: 'pill',
    });
    const theirs = await upload(other, await productPhoto(64, 64));
    const kit: BrandKit = {
      font: 'rubik',
      colours: { text: '#111111', accent: '#ff5500', panel: '#fafafa' },
      logo: theirs,
      badgeStyle: 'ribbon',
    };
    for (const lang of ['ru', 'en'] as const) {
      const refused = await call(seller, 'PUT', '/api/brand-kit', kit, { 'accept-language': lang });
      expect(refused.statusCode).toBe(400);
      const problem = refused.json() as Problem;
      expect(problem.errors).toEqual([
        {
          field: 'logo',
          code: 'not_own_picture',
          message:
            lang === 'ru'
              ? 'должна быть ваша картинка в Кадре: загрузите её или выберите результат'
              : 'must be a picture of yours in Kadr: upload it or pick a result',
        },
      ]);
    }
    const badColour = await call(
      seller,
      'PUT',
      '/api/brand-kit',
      { ...kit, logo: null, colours: { ...kit.colours, accent: 'orange' } },
      { 'accept-language': 'ru' },
    );
    expect(badColour.statusCode).toBe(400);
    expect((badColour.json() as Problem).errors?.[0]).toMatchObject({
      field: 'colours.accent',
      message: 'неверный формат',
    });
    expect((await call(seller, 'GET', '/api/brand-kit')).json()).toEqual(first.json());

    const mine = await upload(seller, await productPhoto(64, 64));
    const saved = await call(seller, 'PUT', '/api/brand-kit', { ...kit, logo: mine });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...kit, logo: mine });
    expect((await call(seller, 'GET', '/api/brand-kit')).json()).toEqual({ ...kit, logo: mine });
    // Someone else still has the default.
    expect((await call(other, 'GET', '/api/brand-kit')).json()).toEqual(first.json());
  });
});

describe('card sets', () => {
  it('are checked field by field in the person’s language; a wrong one changes nothing', async () => {
    const seller = await person();
    const other = await person();
    const photo = await upload(seller, await productPhoto());
    const cutout = await runTool(seller, { model: 'remove-background', image: photo });
    const theirPhoto = await upload(other, await productPhoto());
    const theirCutout = await runTool(other, { model: 'remove-background', image: theirPhoto });
    await waitForEnd(seller, cutout);
    await waitForEnd(other, theirCutout);
    const before = await books(seller);

    const made = await call(seller, 'POST', '/api/card-sets', setBody({ photo, cutout }));
    expect(made.statusCode, made.body).toBe(200);
    const set = made.json() as CardSet;

    const cases: {
      body: object;
      errors: { field: string; code: string; ru: string; en: string }[];
    }[] = [
      {
        body: setBody({ photo, preset: 'avito' }),
        errors: [
          {
            field: 'preset',
            code: 'unknown_preset',
            ru: 'такого маркетплейса нет',
            en: 'is not a marketplace Kadr knows',
          },
        ],
      },
      {
        body: setBody({ photo, backdrop: 'moon' }),
        errors: [
          {
            field: 'backdrop',
            code: 'unknown_scene',
            ru: 'такого фона нет',
            en: 'is not a scene Kadr knows',
          },
        ],
      },
      {
        body: setBody({
          photo,
          preset: 'yandex-market',
          slides: Array.from({ length: 11 }, () => startingSlides('x')[0] as Slide),
        }),
        errors: [
          {
            field: 'slides',
            code: 'too_many_slides',
            ru: 'для этого маркетплейса не больше 10 слайдов',
            en: 'at most 10 slides for this marketplace',
          },
        ],
      },
      {
        body: setBody({ photo: theirPhoto }),
        errors: [
          {
            field: 'photo',
            code: 'not_own_picture',
            ru: 'должна быть ваша картинка в Кадре: загрузите её или выберите результат',
            en: 'must be a picture of yours in Kadr: upload it or pick a result',
          },
        ],
      },
      {
        body: setBody({ photo: 'https://example.com/p.png' }),
        errors: [
          {
            field: 'photo',
            code: 'not_own_picture',
            ru: 'должна быть ваша картинка в Кадре: загрузите её или выберите результат',
            en: 'must be a picture of yours in Kadr: upload it or pick a result',
          },
        ],
      },
      {
        body: setBody({ photo, cutout: theirCutout, scene: 'not-an-id' }),
        errors: [
          {
            field: 'cutout',
            code: 'not_own_generation',
            ru: 'такой вашей генерации нет',
            en: 'is not a generation of yours',
          },
          {
            field: 'scene',
            code: 'not_own_generation',
            ru: 'такой вашей генерации нет',
            en: 'is not a generation of yours',
          },
        ],
      },
      {
        body: setBody({ photo, scene: cutout }),
        errors: [
          {
            field: 'scene',
            code: 'wrong_tool',
            ru: 'должен быть результат инструмента замены фона',
            en: 'must be a result of the Replace background tool',
          },
        ],
      },
    ];
    for (const { body, errors } of cases) {
      for (const lang of ['ru', 'en'] as const) {
        for (const [method, url] of [
          ['POST', '/api/card-sets'],
          ['PUT', `/api/card-sets/${set.id}`],
        ] as const) {
          const res = await call(seller, method, url, body, { 'accept-language': lang });
          expect(res.statusCode, `${method} ${res.body}`).toBe(400);
          expect(res.headers['content-type']).toContain('application/problem+json');
          const problem = res.json() as Problem;
          expect(problem.errors).toEqual(
            errors.map(({ field, code, ...text }) => ({ field, code, message: text[lang] })),
          );
          expect(problem.detail).toContain(errors[0]?.[lang]);
        }
      }
    }

    // Bodies the contract refuses: named fields, in either language.
    const longTitle = setBody({ photo, slides: startingSlides('Т'.repeat(91)) });
    const schemaCases: [object, string, { ru: string; en: string }][] = [
      [longTitle, 'slides.0.title', { ru: 'не длиннее 90 символов', en: 'at most 90 characters' }],
      [
        setBody({ photo, slides: [] }),
        'slides',
        { ru: 'не заполнено или слишком мало', en: 'is empty or too small' },
      ],
      [
        { ...setBody({ photo }), price: 100 },
        'body',
        { ru: 'лишние поля: price', en: 'unknown fields: price' },
      ],
      [
        setBody({
          photo,
          slides: [{ ...(startingSlides('x')[0] as Slide), kind: 'cover' as Slide['kind'] }],
        }),
        'slides.0.kind',
        { ru: 'такого варианта нет', en: 'is not one of the allowed values' },
      ],
    ];
    for (const [body, field, text] of schemaCases) {
      for (const lang of ['ru', 'en'] as const) {
        const res = await call(seller, 'PUT', `/api/card-sets/${set.id}`, body, {
          'accept-language': lang,
        });
        expect(res.statusCode, res.body).toBe(400);
        const problem = res.json() as Problem;
        expect(problem.errors?.[0]).toMatchObject({ field, message: text[lang] });
        expect(problem.detail).toBe(
          lang === 'ru' ? `Проверьте поля: ${field}.` : `Check these fields: ${field}.`,
        );
      }
    }

    // Nothing of it was written, and nothing was charged.
    const after = (await call(seller, 'GET', `/api/card-sets/${set.id}`)).json() as CardSet;
    expect(after).toEqual(set);
    expect((await call(seller, 'GET', '/api/card-sets')).json()).toEqual({ items: [set] });
    const { tokens, entries, generations } = await books(seller);
    expect({ tokens, entries, generations }).toEqual({
      tokens: before.tokens,
      entries: before.entries,
      generations: before.generations,
    });
  }, 60_000);

  it('take an upscale of a cut-out as the cut-out, and are listed newest first', async () => {
    const seller = await person();
    const photo = await upload(seller, await productPhoto(200, 260));
    const cutout = await runTool(seller, { model: 'remove-background', image: photo });
    const cutoutRecord = await waitForEnd(seller, cutout);
    const output = cutoutRecord.expand.output_files[0];
    if (!output) throw new Error('no cut-out');
    const upscaled = await runTool(seller, {
      model: 'upscale',
      image: `${t.base}${output.url}`,
      scale: 2,
    });
    await waitForEnd(seller, upscaled);
    const first = await call(
      seller,
      'POST',
      '/api/card-sets',
      setBody({ photo, cutout: upscaled }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const second = await call(
      seller,
      'POST',
      '/api/card-sets',
      setBody({ photo: `/api/files/${photo.split('/api/files/')[1]}`, name: '  Второй  ' }),
    );
    expect(second.statusCode, second.body).toBe(200);
    const made = [first.json() as CardSet, second.json() as CardSet];
    expect(made[1]).toMatchObject({ name: 'Второй', photo, cutout: null });
    expect(made[0]?.pictures.cutout).toMatchObject({ width: 400, height: 520 });
    expect(made[0]?.pictures.photo).toMatchObject({ width: 200, height: 260 });
    const listed = (await call(seller, 'GET', '/api/card-sets')).json() as { items: CardSet[] };
    expect(listed.items.map((s) => s.id)).toEqual([made[1]?.id, made[0]?.id]);
    // Editing the older one brings it to the top.
    const edited = await call(
      seller,
      'PUT',
      `/api/card-sets/${made[0]?.id}`,
      setBody({ photo, cutout: upscaled, name: 'Первый' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const relisted = (await call(seller, 'GET', '/api/card-sets')).json() as { items: CardSet[] };
    expect(relisted.items.map((s) => s.id)).toEqual([made[0]?.id, made[1]?.id]);
    // Deleted: gone, and its generations stay.
    expect((await call(seller, 'DELETE', `/api/card-sets/${made[0]?.id}`)).statusCode).toBe(204);
    expect((await call(seller, 'GET', `/api/card-sets/${made[0]?.id}`)).statusCode).toBe(404);
    expect((await call(seller, 'GET', `/api/generations/${upscaled}`)).statusCode).toBe(200);
    expect((await call(seller, 'DELETE', `/api/card-sets/${made[0]?.id}`)).statusCode).toBe(404);
  }, 60_000);
});

/**
 * The files of a zip whose entries are stored (not compressed), as the set's zip is: read from its
 * central directory, as any unzip tool reads it.
 */
function unzipStored(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'an end of central directory').toBeGreaterThanOrEqual(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(method, `${name} is stored`).toBe(0);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    files.push({ name, data: zip.subarray(dataAt, dataAt + size) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/** Each file of a zip as a marketplace would read it. */
async function cardFiles(zip: Buffer) {
  return Promise.all(
    unzipStored(zip).map(async ({ name, data }) => {
      const meta = await sharp(data).metadata();
      return {
        name,
        format: meta.format,
        width: meta.width,
        height: meta.height,
        space: meta.space,
        bytes: data.length,
      };
    }),
  );
}

describe('a seller’s whole path', () => {
  it('one photo → cut-out and scene → a checked Wildberries set → its zip → Ozon, re-laid for free', async () => {
    const seller = await person();
    const stranger = await person();
    const photo = await upload(seller, await productPhoto());
    const start = await books(seller);

    // The AI steps: the finishing tools, charged as tools are.
    const lifestyle = getCardScene('lifestyle');
    if (!lifestyle) throw new Error('no lifestyle scene');
    const cutoutId = await runTool(seller, { model: 'remove-background', image: photo });
    const sceneId = await runTool(seller, {
      model: 'replace-background',
      image: photo,
      prompt: lifestyle.prompt,
    });
    const cutout = await waitForEnd(seller, cutoutId);
    const scene = await waitForEnd(seller, sceneId);
    expect([cutout.status, scene.status]).toEqual(['completed', 'completed']);
    const afterAi = await books(seller);
    expect(afterAi.tokens).toBe(start.tokens - cutout.cost - scene.cost);
    expect(afterAi.generations).toBe(start.generations + 2);

    // The set: free from here on.
    const created = await call(
      seller,
      'POST',
      '/api/card-sets',
      setBody({ photo, cutout: cutoutId, scene: sceneId, backdrop: 'lifestyle' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    let set = created.json() as CardSet;
    expect(set).toMatchObject({ preset: 'wildberries', cutout: cutoutId, scene: sceneId });
    expect(set.pictures.cutout?.url).toBe(cutout.expand.output_files[0]?.url);
    expect(set.pictures.scene?.url).toBe(scene.expand.output_files[0]?.url);
    expect(set.pictures.photo).toMatchObject({ width: 600, height: 800 });
    const free = await books(seller);
    const unchanged = async () => expect(await books(seller)).toEqual(free);
    await unchanged();

    // Text edited many times, as someone typing and pausing would.
    const slide0 = async (width: number, etag?: string) =>
      call(seller, 'GET', `/api/card-sets/${set.id}/slides/0?width=${width}`, undefined, {
        ...(etag ? { 'if-none-match': etag } : {}),
      });
    const firstPreview = await slide0(300);
    expect(firstPreview.statusCode).toBe(200);
    for (let i = 1; i <= 8; i++) {
      const slides = startingSlides(`Термос «Утро» 500 мл, версия ${i}`);
      (slides[1] as Slide).bullets[0] = { text: `Держит тепло ${i + 10} часов`, icon: 'clock' };
      const edited = await call(
        seller,
        'PUT',
        `/api/card-sets/${set.id}`,
        setBody({ photo, cutout: cutoutId, scene: sceneId, backdrop: 'lifestyle', slides }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      const next = edited.json() as CardSet;
      expect(next.slides[0]?.title).toBe(`Термос «Утро» 500 мл, версия ${i}`);
      expect(Date.parse(next.updated)).toBeGreaterThanOrEqual(Date.parse(set.updated));
      set = next;
      await unchanged();
    }

    // Previews: a smaller JPEG of the same shape, cached by its ETag until the slide changes.
    const preview = await slide0(300);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(preview.headers['cache-control']).toBe('private, no-cache');
    const etag = String(preview.headers.etag);
    expect(etag).not.toBe(String(firstPreview.headers.etag));
    const small = await sharp(preview.rawPayload).metadata();
    expect([small.format, small.width, small.height]).toEqual(['jpeg', 300, 400]);
    const again = await slide0(300, etag);
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await slide0(450, etag)).statusCode, 'another width is another picture').toBe(200);
    const wide = await call(seller, 'GET', `/api/card-sets/${set.id}/slides/4?width=5000`);
    expect((await sharp(wide.rawPayload).metadata()).width, 'never wider than the preset').toBe(
      900,
    );
    for (const [url, status] of [
      [`/api/card-sets/${set.id}/slides/5`, 404],
      [`/api/card-sets/${set.id}/slides/0?width=20`, 400],
      [`/api/card-sets/${set.id}/slides/x`, 400],
    ] as const) {
      const res = await call(seller, 'GET', url, undefined, { 'accept-language': 'ru' });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    // Another slide edited: this one's copy is still good; the kit changed: it is drawn again.
    const slides = structuredClone(set.slides);
    (slides[2] as Slide).title = 'Размеры и объём';
    const another = await call(seller, 'PUT', `/api/card-sets/${set.id}`, {
      ...setBody({ photo, cutout: cutoutId, scene: sceneId, backdrop: 'lifestyle' }),
      slides,
    });
    expect(another.statusCode, another.body).toBe(200);
    set = another.json() as CardSet;
    expect((await slide0(300, etag)).statusCode).toBe(304);
    const kit = (await call(seller, 'GET', '/api/brand-kit')).json() as BrandKit;
    const recoloured = await call(seller, 'PUT', '/api/brand-kit', { ...kit, font: 'pt-sans' });
    expect(recoloured.statusCode).toBe(200);
    expect((await slide0(300, etag)).statusCode).toBe(200);
    await call(seller, 'PUT', '/api/brand-kit', kit);
    await unchanged();

    // The check: clean.
    const check = await call(seller, 'GET', `/api/card-sets/${set.id}/check`);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toEqual({ ok: true, preset: 'wildberries', issues: [] });

    // The zip: five JPEGs, 3:4, at least 900 × 1200, within the limit, sRGB.
    const wildberries = getMarketplacePreset('wildberries');
    const ozon = getMarketplacePreset('ozon');
    if (!wildberries || !ozon) throw new Error('no presets');
    const zip = await call(seller, 'GET', `/api/card-sets/${set.id}/zip`);
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('kadr-wildberries-термос-утро.zip')}`,
    );
    const files = await cardFiles(zip.rawPayload);
    expect(files.map((file) => file.name)).toEqual([
      '01-main.jpg',
      '02-features.jpg',
      '03-sizes.jpg',
      '04-in-use.jpg',
      '05-details.jpg',
    ]);
    for (const file of files) {
      expect(file, file.name).toMatchObject({
        format: 'jpeg',
        width: 900,
        height: 1200,
        space: 'srgb',
      });
      expect(file.bytes).toBeLessThanOrEqual(wildberries.maxBytes);
      expect((file.width ?? 0) * 4).toBe((file.height ?? 0) * 3);
    }
    // The drawn slide is the full-size one the preview scaled.
    const full = unzipStored(zip.rawPayload)[0]?.data ?? Buffer.alloc(0);
    const slideFull = await call(seller, 'GET', `/api/card-sets/${set.id}/slides/0`);
    expect((await sharp(slideFull.rawPayload).metadata()).width).toBe(900);
    expect(slideFull.rawPayload.length).toBe(full.length);
    await unchanged();

    // Someone else can read, draw, check, export, change or delete none of it.
    const id = set.id;
    for (const [method, url, body] of [
      ['GET', `/api/card-sets/${id}`, undefined],
      ['GET', `/api/card-sets/${id}/slides/0`, undefined],
      ['GET', `/api/card-sets/${id}/slides/0?width=200`, undefined],
      ['GET', `/api/card-sets/${id}/check`, undefined],
      ['GET', `/api/card-sets/${id}/zip`, undefined],
      [
        'PUT',
        `/api/card-sets/${id}`,
        setBody({ photo: await upload(stranger, await productPhoto(90, 120)) }),
      ],
      ['DELETE', `/api/card-sets/${id}`, undefined],
    ] as const) {
      for (const lang of ['ru', 'en'] as const) {
        const res = await call(stranger, method, url, body, { 'accept-language': lang });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect((res.json() as Problem).detail).toBe(
          lang === 'ru' ? 'Набор карточек не найден.' : 'Card set not found.',
        );
      }
    }
    expect((await call(stranger, 'GET', '/api/card-sets')).json()).toEqual({ items: [] });
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/card-sets/${id}` });
    expect(signedOut.statusCode).toBe(401);
    expect((await call(seller, 'GET', `/api/card-sets/${id}`)).json()).toEqual(set);

    // Switching the preset: the same set re-laid for Ozon, nothing re-run, nothing charged.
    const switched = await call(seller, 'PUT', `/api/card-sets/${id}`, {
      ...setBody({ photo, cutout: cutoutId, scene: sceneId, backdrop: 'lifestyle' }),
      slides: set.slides,
      preset: 'ozon',
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({
      preset: 'ozon',
      cutout: cutoutId,
      scene: sceneId,
      slides: set.slides,
    });
    const ozonZip = await call(seller, 'GET', `/api/card-sets/${id}/zip`);
    expect(ozonZip.statusCode, ozonZip.body).toBe(200);
    expect(ozonZip.headers['content-disposition']).toContain(
      encodeURIComponent('kadr-ozon-термос-утро.zip'),
    );
    for (const file of await cardFiles(ozonZip.rawPayload)) {
      expect(file, file.name).toMatchObject({ format: 'jpeg', width: 1200, height: 1600 });
      expect(file.bytes).toBeLessThanOrEqual(ozon.maxBytes);
    }
    await unchanged();
    await expectMoneyInvariants(t.database.pool);
  }, 120_000);

  it('flags a price, a phone and a placed logo with their rules, in the person’s language, and refuses the zip', async () => {
    const seller = await person();
    const photo = await upload(seller, await productPhoto(300, 400));
    const logo = await upload(seller, await productPhoto(80, 80));
    const kit = await call(seller, 'PUT', '/api/brand-kit', {
      font: 'pt-sans',
      colours: { text: '#202020', accent: '#0a7d3b', panel: '#ffffff' },
      logo,
      badgeStyle: 'circle',
    });
    expect(kit.statusCode, kit.body).toBe(200);
    const slides = startingSlides('Термос всего за 990 ₽');
    (slides[1] as Slide).bullets[1] = { text: 'Звоните: +7 (999) 123-45-67', icon: 'heart' };
    (slides[4] as Slide).logo = true;
    const made = await call(seller, 'POST', '/api/card-sets', setBody({ photo, slides }));
    expect(made.statusCode, made.body).toBe(200);
    const set = made.json() as CardSet;
    const before = await books(seller);

    const ru = await call(seller, 'GET', `/api/card-sets/${set.id}/check`, undefined, {
      'accept-language': 'ru',
    });
    expect(ru.statusCode).toBe(200);
    const checked = ru.json() as CardCheck;
    expect(checked.ok).toBe(false);
    expect(
      checked.issues.map(({ slide, field, code, match }) => ({ slide, field, code, match })),
    ).toEqual([
      { slide: 0, field: 'title', code: 'no-prices', match: '990 ₽' },
      { slide: 1, field: 'bullets.1', code: 'no-contacts', match: '+7 (999) 123-45-67' },
      { slide: 4, field: null, code: 'no-logo', match: null },
    ]);
    expect(checked.issues[0]).toMatchObject({
      title: 'Цены на картинке запрещены',
      fix: 'Уберите цену: маркетплейс показывает её сам, рядом с карточкой.',
      source: { url: expect.stringMatching(/^https:\/\//), title: expect.any(String) },
    });
    const en = (
      await call(seller, 'GET', `/api/card-sets/${set.id}/check`, undefined, {
        'accept-language': 'en',
      })
    ).json() as CardCheck;
    expect(en.issues[1]).toMatchObject({ title: 'No contact details on the picture' });

    for (const lang of ['ru', 'en'] as const) {
      const zip = await call(seller, 'GET', `/api/card-sets/${set.id}/zip`, undefined, {
        'accept-language': lang,
      });
      expect(zip.statusCode).toBe(422);
      expect(zip.headers['content-type']).toContain('application/problem+json');
      const problem = zip.json() as Problem;
      expect(problem.detail).toBe(
        lang === 'ru'
          ? 'Набор не прошёл проверку: 3 замечания. Исправьте, чтобы скачать. Цены на картинке запрещены.'
          : 'The set did not pass the check: 3 issues. Fix them to download. No prices on the picture.',
      );
      expect(problem.errors?.map(({ field, code }) => ({ field, code }))).toEqual([
        { field: 'slides.0.title', code: 'no-prices' },
        { field: 'slides.1.bullets.1', code: 'no-contacts' },
        { field: 'slides.4', code: 'no-logo' },
      ]);
    }
    // On Ozon, prices are refused on the main slide only and a logo is allowed.
    const onOzon = await call(seller, 'PUT', `/api/card-sets/${set.id}`, {
      ...setBody({ photo, slides }),
      preset: 'ozon',
    });
    expect(onOzon.statusCode, onOzon.body).toBe(200);
    const ozonCheck = (
      await call(seller, 'GET', `/api/card-sets/${set.id}/check`)
    ).json() as CardCheck;
    expect(ozonCheck.issues.map(({ slide, code }) => [slide, code])).toEqual([
      [0, 'no-prices'],
      [1, 'no-contacts'],
    ]);
    // Fixed: the zip is made.
    const fixed = startingSlides('Термос 500 мл');
    const cleaned = await call(seller, 'PUT', `/api/card-sets/${set.id}`, {
      ...setBody({ photo, slides: fixed }),
      preset: 'wildberries',
    });
    expect(cleaned.statusCode).toBe(200);
    expect((await call(seller, 'GET', `/api/card-sets/${set.id}/zip`)).statusCode).toBe(200);
    expect(await books(seller)).toEqual(before);
  }, 60_000);
});

/** The set's check, asked in `lang`. */
async function checkOf(who: Person, id: string, lang: 'ru' | 'en' = 'ru'): Promise<CardCheck> {
  const res = await call(who, 'GET', `/api/card-sets/${id}/check`, undefined, {
    'accept-language': lang,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CardCheck;
}

describe('what the check names beyond the rules (issue #50)', () => {
  it('names a bullet the drawing dropped and refuses the zip; a warning alone does not', async () => {
    const seller = await person();
    const photo = await upload(seller, await productPhoto(600, 800));
    const long = (n: number) =>
      `Пункт ${n}: очень длинное описание свойства товара, которое занимает много строк на слайде`;
    const slides = startingSlides('Термос 500 мл');
    (slides[0] as Slide).bullets = Array.from({ length: 5 }, (_, i) => ({
      text: long(i + 1),
      icon: 'check' as const,
    }));
    const made = await call(
      seller,
      'POST',
      '/api/card-sets',
      setBody({ photo, slides, preset: 'yandex-market' }),
    );
    expect(made.statusCode, made.body).toBe(200);
    const set = made.json() as CardSet;
    const before = await books(seller);
    for (const lang of ['ru', 'en'] as const) {
      const check = await checkOf(seller, set.id, lang);
      expect(check.ok).toBe(false);
      const dropped = check.issues.filter((issue) => issue.code === 'text_dropped');
      expect(dropped.length).toBeGreaterThan(0);
      for (const issue of dropped) {
        expect(issue).toMatchObject({ slide: 0, severity: 'refuse', source: null });
        const at = Number(/^bullets\.(\d)$/.exec(issue.field ?? '')?.[1]);
        expect(issue.match).toBe(long(at + 1));
        expect(issue.title).toBe(
          lang === 'ru'
            ? 'Текст не поместился на слайд и не нарисован'
            : 'This text did not fit on the slide and is not drawn',
        );
      }
      const zip = await call(seller, 'GET', `/api/card-sets/${set.id}/zip`, undefined, {
        'accept-language': lang,
      });
      expect(zip.statusCode).toBe(422);
      expect((zip.json() as Problem).errors?.map((e) => e.code)).toContain('text_dropped');
    }
    // Three short bullets fit; a claim Ozon only advises against is a warning, and the zip is made.
    const fixed = startingSlides('Термос 500 мл');
    (fixed[2] as Slide).badge = 'Хит сезона';
    const onOzon = await call(seller, 'PUT', `/api/card-sets/${set.id}`, {
      ...setBody({ photo, slides: fixed }),
      preset: 'ozon',
    });
    expect(onOzon.statusCode, onOzon.body).toBe(200);
    const ozon = await checkOf(seller, set.id);
    expect(ozon.ok).toBe(true);
    expect(
      ozon.issues.map(({ slide, field, code, severity }) => [slide, field, code, severity]),
    ).toEqual([[2, 'badge', 'no-claims', 'warn']]);
    expect((await call(seller, 'GET', `/api/card-sets/${set.id}/zip`)).statusCode).toBe(200);
    expect(await books(seller)).toEqual(before);
  }, 60_000);
});

/** The product photo with a real code printed on it: on the bottle's body, as a sticker would be. */
async function photoWithCode(code: 'qr' | 'ean13'): Promise<Buffer> {
  const sticker =
    code === 'qr'
      ? await QRCode.toBuffer('https://shop.example.ru/termos', { margin: 2, width: 170 })
      : await bwipjs.toBuffer({
          bcid: 'ean13',
          text: '4601234567893',
          scale: 2,
          height: 14,
          includetext: true,
          backgroundcolor: 'FFFFFF',
          paddingwidth: 6,
          paddingheight: 4,
        });
  const meta = await sharp(sticker).metadata();
  const photo = await productPhoto(600, 800);
  return sharp(photo)
    .composite([{ input: sticker, left: 300 - Math.round((meta.width ?? 0) / 2), top: 300 }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

describe('codes printed in the picture (issue #50)', () => {
  it('are refused on the slides that show them, by the check and the zip; a clean photo passes', async () => {
    const seller = await person();
    const qr = await upload(seller, await photoWithCode('qr'));
    // Every slide shows the photo (no cut-out or scene is made): the code is read off each drawing.
    const slides = startingSlides('Термос 500 мл').map((slide) => ({ ...slide, bullets: [] }));
    const made = await call(seller, 'POST', '/api/card-sets', setBody({ photo: qr, slides }));
    expect(made.statusCode, made.body).toBe(200);
    const set = made.json() as CardSet;
    const before = await books(seller);
    for (const lang of ['ru', 'en'] as const) {
      const check = await checkOf(seller, set.id, lang);
      expect(check.ok).toBe(false);
      const found = check.issues.filter((issue) => issue.code === 'no-qr');
      expect(found.map((issue) => issue.slide)).toEqual([0, 1, 2, 3, 4]);
      expect(found[0]).toMatchObject({
        field: 'picture',
        severity: 'refuse',
        match: 'QRCode: https://shop.example.ru/termos',
        title: lang === 'ru' ? 'QR-коды на картинке запрещены' : 'No QR codes on the picture',
        source: { url: expect.stringMatching(/^https?:\/\//) },
      });
      const zip = await call(seller, 'GET', `/api/card-sets/${set.id}/zip`, undefined, {
        'accept-language': lang,
      });
      expect(zip.statusCode).toBe(422);
      expect((zip.json() as Problem).errors?.map((e) => [e.field, e.code])).toContainEqual([
        'slides.4.picture',
        'no-qr',
      ]);
    }
    // A barcode: refused on Wildberries (no tags or labels on the photo); Ozon's rules say nothing.
    const barcode = await upload(seller, await photoWithCode('ean13'));
    const put = (preset: string) =>
      call(seller, 'PUT', `/api/card-sets/${set.id}`, {
        ...setBody({ photo: barcode, slides }),
        preset,
      });
    expect((await put('wildberries')).statusCode).toBe(200);
    const wb = await checkOf(seller, set.id);
    expect(wb.issues.filter((issue) => issue.code === 'no-barcode')[0]).toMatchObject({
      field: 'picture',
      severity: 'refuse',
      match: 'EAN13: 4601234567893',
    });
    const barcodeZip = await call(seller, 'GET', `/api/card-sets/${set.id}/zip`);
    expect(barcodeZip.statusCode).toBe(422);
    expect((barcodeZip.json() as Problem).errors?.map((e) => e.code)).toContain('no-barcode');
    expect((await put('ozon')).statusCode).toBe(200);
    const ozon = await checkOf(seller, set.id);
    expect(ozon).toMatchObject({ ok: true, issues: [] });
    // The same set with a photo without a code passes, and its zip is made.
    const clean = await upload(seller, await productPhoto(600, 800));
    const cleaned = await call(seller, 'PUT', `/api/card-sets/${set.id}`, {
      ...setBody({ photo: clean, slides }),
    });
    expect(cleaned.statusCode).toBe(200);
    const passed = (
      await call(seller, 'GET', `/api/card-sets/${set.id}/check`)
    ).json() as CardCheck;
    expect(passed).toMatchObject({ ok: true, issues: [] });
    expect((await call(seller, 'GET', `/api/card-sets/${set.id}/zip`)).statusCode).toBe(200);
    expect(await books(seller)).toEqual(before);
  }, 90_000);
});

/** `name,bullets,photo` rows as a CSV file, with a BOM and semicolons, as Excel saves it. */
function excelCsv(rows: string[][]): string {
  const quote = (cell: string) => (/[;"\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return `\uFEFF${rows.map((row) => row.map(quote).join(';')).join('\r\n')}\r\n`;
}

describe('card sets from a CSV', () => {
  it('are quoted as one total, start one batch, and show their cut-outs as it completes', async () => {
    const seller = await person();
    const names = ['a.png', 'b.png', 'c.png', 'd.png'];
    const photos: Record<string, string> = {};
    for (const [i, name] of names.entries()) {
      photos[name] = await upload(seller, await productPhoto(200 + i * 10, 260));
    }
    const csv = excelCsv([
      ['Название', 'Преимущества', 'Фото'],
      ['Термос синий', 'Сталь; 500 мл; Держит тепло', 'a.png'],
      ['Термос красный', 'Сталь|750 мл', 'b.png'],
      ['Кружка', '', 'c.png'],
      ['Бутылка', 'Без BPA', 'd.png'],
    ]);
    const body = { preset: 'wildberries', backdrop: 'soft-grey', csv, photos };
    const before = await books(seller);

    const quote = await call(seller, 'POST', '/api/card-sets/csv/quote', body);
    expect(quote.statusCode, quote.body).toBe(200);
    const quoted = quote.json() as {
      rows: { line: number; name: string; cost: number }[];
      total: number;
    };
    expect(quoted.rows.map((row) => [row.line, row.name])).toEqual([
      [2, 'Термос синий'],
      [3, 'Термос красный'],
      [4, 'Кружка'],
      [5, 'Бутылка'],
    ]);
    expect(quoted.rows.every((row) => row.cost > 0)).toBe(true);
    expect(quoted.total).toBe(quoted.rows.reduce((sum, row) => sum + row.cost, 0));
    // A quote moves nothing.
    expect(await books(seller)).toEqual(before);

    const key = { 'idempotency-key': `csv-${seller.id}` };
    const made = await call(seller, 'POST', '/api/card-sets/csv', body, key);
    expect(made.statusCode, made.body).toBe(200);
    const { batch, items } = made.json() as { batch: Batch; items: CardSet[] };
    expect(batch.quote).toBe(quoted.total);
    expect(batch.items.map((item) => item.state)).toEqual([
      'started',
      'started',
      'started',
      'waiting',
    ]);
    expect(items.map((set) => [set.name, set.batch, set.preset, set.backdrop])).toEqual(
      quoted.rows.map((row) => [row.name, batch.id, 'wildberries', 'soft-grey']),
    );
    expect(items.map((set) => set.photo)).toEqual(names.map((name) => photos[name]));
    const first = items[0];
    expect(first?.slides.map((slide) => slide.kind)).toEqual([
      'main',
      'features',
      'sizes',
      'in-use',
      'details',
    ]);
    expect(first?.slides.every((slide) => slide.title === 'Термос синий')).toBe(true);
    expect(first?.slides[1]?.bullets.map((b) => b.text)).toEqual([
      'Сталь',
      '500 мл',
      'Держит тепло',
    ]);
    expect(items[1]?.slides[1]?.bullets.map((b) => b.text)).toEqual(['Сталь', '750 мл']);
    // A started item's set names its generation at once; the waiting one's has none yet.
    expect(items.map((set) => set.cutout)).toEqual([
      ...batch.items.slice(0, 3).map((item) => item.generation_id),
      null,
    ]);

    // The same key and body again: the same batch and sets, charged once.
    const again = await call(seller, 'POST', '/api/card-sets/csv', body, key);
    expect(again.statusCode, again.body).toBe(200);
    const replay = again.json() as { batch: Batch; items: CardSet[] };
    expect(replay.batch.id).toBe(batch.id);
    expect(replay.items.map((set) => set.id)).toEqual(items.map((set) => set.id));
    const other = await call(
      seller,
      'POST',
      '/api/card-sets/csv',
      { ...body, preset: 'ozon' },
      {
        ...key,
        'accept-language': 'ru',
      },
    );
    expect(other.statusCode).toBe(409);
    expect((other.json() as Problem).detail).toBe(
      'Этот Idempotency-Key уже использован для другого запроса.',
    );

    // As the batch completes (the page asks for a release as items end), every set shows its
    // cut-out.
    let sets = items;
    for (;;) {
      await call(seller, 'POST', `/api/batches/${batch.id}/release`);
      sets = (
        (await call(seller, 'GET', '/api/card-sets')).json() as { items: CardSet[] }
      ).items.filter((set) => set.batch === batch.id);
      if (sets.every((set) => set.pictures.cutout !== null)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const finished = (await call(seller, 'GET', `/api/batches/${batch.id}`)).json() as Batch;
    for (const set of sets) {
      const item = finished.items[items.findIndex((made) => made.id === set.id)];
      expect(set.cutout).toBe(item?.generation_id);
      const record = (
        await call(seller, 'GET', `/api/generations/${set.cutout}`)
      ).json() as GenerationRecord;
      expect(record.model).toBe('remove-background');
      expect(set.pictures.cutout?.url).toBe(record.expand.output_files[0]?.url);
    }
    const charged = await books(seller);
    expect(charged.tokens).toBe(before.tokens - quoted.total);
    expect(charged.generations).toBe(before.generations + 4);
    await expectMoneyInvariants(t.database.pool);
  }, 60_000);

  it('names each bad row by its line, in the person’s language, and starts nothing', async () => {
    const seller = await person();
    const photo = await upload(seller, await productPhoto(100, 130));
    const csv = ['name,bullets,photo', 'Термос,Сталь,a.png', ',Сталь,a.png', 'Кружка,,b.png'].join(
      '\n',
    );
    const body = { preset: 'ozon', backdrop: 'studio-white', csv, photos: { 'a.png': photo } };
    const before = await books(seller);
    for (const url of ['/api/card-sets/csv/quote', '/api/card-sets/csv']) {
      const ru = await call(seller, 'POST', url, body, { 'accept-language': 'ru' });
      expect(ru.statusCode).toBe(400);
      expect(ru.json()).toMatchObject({
        detail:
          'Строка 3: нет названия товара. Строка 4: фото «b.png» не загружено: добавьте его вместе с CSV.',
        errors: [
          { field: 'csv.lines.3', code: 'name_missing', message: 'Строка 3: нет названия товара.' },
          {
            field: 'csv.lines.4',
            code: 'photo_unknown',
            message: 'Строка 4: фото «b.png» не загружено: добавьте его вместе с CSV.',
          },
        ],
      });
      const en = await call(seller, 'POST', url, body, { 'accept-language': 'en' });
      expect((en.json() as Problem).errors?.map((e) => e.message)).toEqual([
        'Line 3: the product has no name.',
        'Line 4: the photo “b.png” was not uploaded: add it with the CSV.',
      ]);
    }
    // A Windows-1251 file read as UTF-8 on the way here: its letters are lost, the header's too.
    const header = new TextDecoder().decode(
      Uint8Array.of(0xcd, 0xe0, 0xe7, 0xe2, 0xe0, 0xed, 0xe8, 0xe5),
    );
    const garbled = `${header};bullets;photo\r\nТермос;Сталь;a.png\r\n`;
    for (const [lang, message] of [
      [
        'ru',
        /^Строка 1: буквы не читаются — файл сохранён не в UTF-8\. В Excel выберите «Файл → Сохранить как → CSV UTF-8/,
      ],
      [
        'en',
        /^Line 1: the letters cannot be read: the file was not saved as UTF-8\. In Excel choose “File → Save As → CSV UTF-8/,
      ],
    ] as const) {
      const refused = await call(
        seller,
        'POST',
        '/api/card-sets/csv/quote',
        { ...body, csv: garbled },
        {
          'accept-language': lang,
        },
      );
      expect(refused.statusCode).toBe(400);
      const errors = (refused.json() as Problem).errors ?? [];
      expect(errors.map((e) => [e.field, e.code])).toEqual([['csv.lines.1', 'not_utf8']]);
      expect(errors[0]?.message).toMatch(message);
    }
    const other = await person();
    const theirs = await upload(other, await productPhoto(100, 130));
    const stolen = await call(
      seller,
      'POST',
      '/api/card-sets/csv',
      { ...body, csv: 'name,bullets,photo\nТермос,Сталь,a.png', photos: { 'a.png': theirs } },
      { 'accept-language': 'en' },
    );
    expect(stolen.statusCode).toBe(400);
    expect((stolen.json() as Problem).errors).toEqual([
      {
        field: 'photos.a.png',
        code: 'not_own_picture',
        message: 'must be a picture of yours in Kadr: upload it or pick a result',
      },
    ]);
    expect(await books(seller)).toEqual(before);
    const listed = (await call(seller, 'GET', '/api/card-sets')).json() as { items: CardSet[] };
    expect(listed.items).toEqual([]);
  });
});
