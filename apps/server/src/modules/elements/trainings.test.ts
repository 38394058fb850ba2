// Issue #47 point 4, end to end: a character trained once (ADR 045) — the real server on
// PostgreSQL, the job worker, the Replicate emulator's trainings API over HTTP through the official
// client — priced by the catalogue, charged once, refunded once when it fails or is stopped, then
// run as the person's own model with its trigger word. Balance = Σ ledger throughout.
import { characterTraining } from '@kadr/catalog';
import type { GenerationRecord, LedgerPage, LibraryElement, Training } from '@kadr/contract';
import { TRIGGER_MARK_RGB, trainedLoraMarks } from '@kadr/emulators';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemo, uploadPicture } from '../../../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';
import { applyLedgerEntry } from '../ledger/ledger.repository.ts';

const ORIGIN = { origin: 'http://localhost:3000' };
const PRICE = characterTraining.price.tokens;
let t: LiveApp;
beforeAll(async () => {
  t = await buildLiveTestApp({ MAX_RUNNING_GENERATIONS: '0', EMULATOR_LATENCY_MS: '60' });
  await t.startWorker();
});
afterAll(async () => {
  await t.close();
});

type Person = { cookie: string; id: string };

async function person(tokens = 400): Promise<Person> {
  const { cookie, user } = await signInDemo(t.app);
  const welcome = (
    (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json() as {
      tokens: number;
    }
  ).tokens;
  // Exactly `tokens`, whatever the welcome bonus gave.
  if (tokens !== welcome) {
    await applyLedgerEntry(t.database.db, {
      userId: user.id,
      delta: tokens - welcome,
      reason: 'adjustment',
    });
  }
  return { cookie, id: user.id };
}

async function call(who: Person, method: 'GET' | 'POST', url: string, body?: object, lang = 'ru') {
  return t.app.inject({
    method,
    url,
    headers: { cookie: who.cookie, 'accept-language': lang, ...(method === 'GET' ? {} : ORIGIN) },
    ...(method === 'POST' ? { payload: body ?? {} } : {}),
  });
}

/** The colour of an element's `i`th picture: each its own, so none is a duplicate of another. */
function pictureColour(i: number): [number, number, number] {
  return [(i * 23) % 256, 255 - ((i * 41) % 256), (i * 67) % 256];
}

/** A character (or product) of `count` pictures, each its own colour, so none is a duplicate. */
async function element(who: Person, name: string, count: number, more: object = {}) {
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const png = await sharp({
      create: {
        width: 256,
        height: 256,
        channels: 3,
        background: Object.fromEntries(pictureColour(i).map((v, c) => [['r', 'g', 'b'][c], v])) as {
          r: number;
          g: number;
          b: number;
        },
      },
    })
      .png()
      .toBuffer();
    urls.push((await uploadPicture(t.app, who.cookie, png)).urls.get);
  }
  const res = await call(who, 'POST', '/api/elements', {
    kind: 'character',
    name,
    pictures: urls,
    ...more,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LibraryElement;
}

async function tokens(who: Person): Promise<number> {
  return ((await call(who, 'GET', '/api/me')).json() as { tokens: number }).tokens;
}

/** The element once its latest training ended (or reached `until`). */
async function trainingOf(
  who: Person,
  id: string,
  until: (training: Training) => boolean = (x) => x.finished !== null,
): Promise<LibraryElement> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const element = (await call(who, 'GET', `/api/elements/${id}`)).json() as LibraryElement;
    if (element.training && until(element.training)) return element;
    if (Date.now() > deadline) throw new Error(`training of ${id}: ${element.training?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function finished(who: Person, id: string): Promise<GenerationRecord> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const record = (await call(who, 'GET', `/api/generations/${id}`)).json() as GenerationRecord;
    if (record.status === 'completed' || record.status === 'failed') return record;
    if (Date.now() > deadline) throw new Error(`${id} still ${record.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a character trained once', () => {
  it('is priced first, charged once, trained, and runs as the person’s own model with its trigger word', async () => {
    const maker = await person();
    const masha = await element(maker, 'Маша', 10, { description: 'рыжие волосы' });
    expect(masha).toMatchObject({ training: null, trained_model: null });
    const before = await tokens(maker);

    const asked = await call(maker, 'POST', `/api/elements/${masha.id}/training`);
    expect(asked.statusCode, asked.body).toBe(201);
    expect((asked.json() as { training: Training }).training).toMatchObject({
      status: 'queued',
      cost: PRICE,
      refunded: false,
      pictures: 10,
      error: null,
    });
    expect(await tokens(maker)).toBe(before - PRICE);
    // One under way at a time.
    const again = await call(maker, 'POST', `/api/elements/${masha.id}/training`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      'Этот персонаж уже обучается: дождитесь конца или остановите обучение.',
    );

    const trained = await trainingOf(maker, masha.id);
    expect(trained.training).toMatchObject({ status: 'succeeded', refunded: false, error: null });
    expect(trained.trained_model).toBe('flux-character');
    expect(await tokens(maker)).toBe(before - PRICE);

    // What the trainer was sent: a zip of the ten pictures from Kadr's signed address, a trigger
    // word of Kadr's own, the description in the captions.
    const emulator = t.container.demo.replicate;
    if (!emulator) throw new Error('no emulator');
    const row = (
      await t.database.pool.query<{ provider_id: string; trigger_word: string; version: string }>(
        'select provider_id, trigger_word, version from trainings where element_id = $1',
        [masha.id],
      )
    ).rows[0];
    if (!row) throw new Error('no training row');
    expect(row.trigger_word).toMatch(/^KDR[A-Z]{6}$/);
    const training = await fetchTraining(row.provider_id);
    expect(training.input).toMatchObject({
      trigger_word: row.trigger_word,
      steps: 1000,
      autocaption_prefix: `a photo of ${row.trigger_word}, рыжие волосы, `,
    });
    expect(String(training.input.input_images)).toMatch(
      /\/api\/trainings\/[0-9a-f-]{36}\/pictures\.zip\?expires=\d+&signature=/,
    );
    expect(row.version).toMatch(/^kadr\/characters:[0-9a-f]{64}$/);
    // The zip's address answers only with its signature, and not at all once the training ended:
    // the provider has read it, and Kadr keeps no second copy of the pictures.
    const signed = new URL(String(training.input.input_images));
    expect(
      (await t.app.inject({ method: 'GET', url: signed.pathname + signed.search })).statusCode,
    ).toBe(404);
    const unsigned = String(training.input.input_images).replace(/signature=[^&]+/, 'signature=x');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: new URL(unsigned).pathname + new URL(unsigned).search,
        })
      ).statusCode,
    ).toBe(404);

    // The trained model: the person's own character, by name in the prompt.
    const made = await call(maker, 'POST', '/api/create-image', {
      model: 'flux-character',
      prompt: '@Маша едет на велосипеде',
      aspect_ratio: '3:4',
      elements: [masha.id],
    });
    expect(made.statusCode, made.body).toBe(200);
    const record = await finished(maker, made.json().request_id);
    expect(record.status, JSON.stringify(record.error)).toBe('completed');
    expect(record.cost).toBe(3);
    expect(record.jsondata.elements).toEqual([
      { id: masha.id, name: 'Маша', kind: 'character', description: 'рыжие волосы' },
    ]);
    const prediction = emulator.getPrediction(record.replicate_id);
    expect(prediction?.version).toBe(row.version.split(':')[1]);
    expect(String(prediction?.input.prompt)).toContain(`${row.trigger_word} `);
    expect(String(prediction?.input.prompt)).not.toContain('Маша');
    expect(await tokens(maker)).toBe(before - PRICE - 3);
    // The stored picture shows it: the first pictures of the training as thumbnails (their
    // colours, in order) and the trigger word's mark.
    const file = await t.app.inject({
      method: 'GET',
      url: record.expand.output_files[0]?.url ?? '',
      headers: { cookie: maker.cookie },
    });
    const { data, info } = await sharp(file.rawPayload)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const marks = trainedLoraMarks({ width: info.width, height: info.height }, 10);
    expect(info.height / info.width).toBeCloseTo(4 / 3, 1);
    const near = (pixel: number[], want: readonly number[]) =>
      pixel.every((value, c) => Math.abs(value - (want[c] ?? 0)) <= 40);
    marks.thumbnails.forEach((slot, i) => {
      const pixel = at(slot.left + Math.floor(slot.side / 2), slot.top + Math.floor(slot.side / 2));
      expect(near(pixel, pictureColour(i)), `thumbnail ${i}: ${pixel}`).toBe(true);
    });
    const { trigger } = marks;
    expect(
      near(
        at(
          trigger.left + Math.floor(trigger.width / 2),
          trigger.top + Math.floor(trigger.height / 2),
        ),
        TRIGGER_MARK_RGB,
      ),
    ).toBe(true);

    // The statement names the character for both.
    const ledger = (await call(maker, 'GET', '/api/ledger')).json() as LedgerPage;
    expect(ledger.items.slice(0, 2).map((e) => [e.reason, e.delta, e.elements])).toEqual([
      ['generation_debit', -3, ['Маша']],
      ['training_debit', -PRICE, ['Маша']],
    ]);
    // And so does the downloaded statement's details column.
    const csv = (await call(maker, 'GET', '/api/ledger.csv')).body;
    const lines = csv.split(/\r?\n/);
    expect(lines.find((line) => line.includes('Обучение персонажа'))).toContain('«Маша»');
    expect(lines.find((line) => line.includes('FLUX.1 [dev] LoRA'))).toContain('«Маша»');
    await expectMoneyInvariants(t.database.pool);
  });

  it('refuses what cannot be trained or run, in the person’s language, charging nothing', async () => {
    const maker = await person();
    const few = await element(maker, 'Коля', 9);
    const product = await element(maker, 'Кружка', 10, { kind: 'product' });
    const before = await tokens(maker);

    const tooFew = await call(maker, 'POST', `/api/elements/${few.id}/training`);
    expect(tooFew.statusCode).toBe(422);
    expect(tooFew.json().detail).toBe(
      'Для обучения нужно от 10 до 20 фотографий персонажа, а у него 9 фотографий.',
    );
    const en = await call(maker, 'POST', `/api/elements/${product.id}/training`, {}, 'en');
    expect(en.statusCode).toBe(422);
    expect(en.json().detail).toBe(
      'Only a character can be trained: use a product as a reference instead.',
    );
    // Not trained: the trained model refuses it, and any request without one character.
    const untrained = await call(maker, 'POST', '/api/create-image', {
      model: 'flux-character',
      prompt: 'Коля в парке',
      elements: [few.id],
    });
    expect(untrained.statusCode).toBe(400);
    expect(untrained.json().detail).toBe(
      'Этот персонаж ещё не обучен: обучите его в библиотеке или выберите другую модель.',
    );
    const none = await call(
      maker,
      'POST',
      '/api/create-image',
      {
        model: 'flux-character',
        prompt: 'a park',
      },
      'en',
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe('Choose one of your trained characters.');

    // Not an element's id at all.
    expect((await call(maker, 'POST', '/api/elements/not-an-id/training')).statusCode).toBe(404);
    // Someone else's element, and a person without the tokens.
    const stranger = await person(0);
    for (const url of [
      `/api/elements/${few.id}/training`,
      `/api/elements/${few.id}/training/cancel`,
    ]) {
      expect((await call(stranger, 'POST', url)).statusCode).toBe(404);
    }
    const poor = await element(stranger, 'Петя', 10);
    const short = await call(stranger, 'POST', `/api/elements/${poor.id}/training`);
    expect(short.statusCode).toBe(402);
    expect(short.json().detail).toBe(`Не хватает кредитов: обучение стоит ${PRICE} кредитов.`);
    expect(await tokens(maker)).toBe(before);
    expect(await tokens(stranger)).toBe(0);
    await expectMoneyInvariants(t.database.pool);
  });

  it('gives the tokens back once when the training fails, or is stopped', async () => {
    const maker = await person();
    const failing = await element(maker, 'Фея', 10, { description: 'крылья #fail' });
    const slow = await element(maker, 'Гном', 12, { description: 'борода #slow' });
    const before = await tokens(maker);

    expect((await call(maker, 'POST', `/api/elements/${failing.id}/training`)).statusCode).toBe(
      201,
    );
    expect((await call(maker, 'POST', `/api/elements/${slow.id}/training`)).statusCode).toBe(201);
    expect(await tokens(maker)).toBe(before - 2 * PRICE);

    const failed = await trainingOf(maker, failing.id);
    expect(failed.training).toMatchObject({
      status: 'failed',
      refunded: true,
      error:
        'Не получилось обучить персонажа на этих фотографиях. Попробуйте другие: чёткие, при хорошем свете, на каждой одно и то же лицо.',
    });
    expect(failed.trained_model).toBeNull();

    await trainingOf(maker, slow.id, (x) => x.status === 'processing');
    const stop = await call(maker, 'POST', `/api/elements/${slow.id}/training/cancel`, {}, 'en');
    expect(stop.statusCode, stop.body).toBe(200);
    const stopped = await trainingOf(maker, slow.id);
    expect(stopped.training).toMatchObject({ status: 'canceled', refunded: true });
    const en = (await call(maker, 'GET', `/api/elements/${failing.id}`, undefined, 'en')).json();
    expect(en.training.error).toBe(
      'The character could not be learnt from these photos. Try others: sharp, well lit, the same face on each.',
    );
    expect(stopped.training?.error).toBeNull();
    const twice = await call(maker, 'POST', `/api/elements/${slow.id}/training/cancel`, {}, 'en');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('This character is not being trained right now.');

    expect(await tokens(maker)).toBe(before);
    const ledger = (await call(maker, 'GET', '/api/ledger')).json() as LedgerPage;
    expect(ledger.items.filter((e) => e.reason === 'training_refund')).toHaveLength(2);
    await expectMoneyInvariants(t.database.pool);
  });
});

/** The emulator's training, as the official client would read it. */
async function fetchTraining(id: string): Promise<{ input: Record<string, unknown> }> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/emulators/replicate/v1/trainings/${id}`,
    headers: { authorization: `Bearer ${t.container.config.replicate.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
