import { getModel, listModels, listTools } from '@kadr/catalog';
import type { ApiGeneration } from '@kadr/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../test/api-keys.ts';
import { signInDemo } from '../../../test/builders.ts';
import { buildLiveTestApp, type LiveApp } from '../../../test/live.ts';
import { expectMoneyInvariants } from '../../../test/money.ts';

/**
 * What `/api/v1` answers an outside developer (issue #51, points 5 and 6): every text of an answer
 * in the request's language, an output read that says what its generation is, an estimate that
 * takes what a create takes, bodies refused for what was wrong with them, a `price.from` that is
 * the least and a price summary that names only what the model offers, and a key that sees only
 * its own models and says its scope.
 */
let t: LiveApp;
let key: Awaited<ReturnType<typeof createApiKey>>;
let person: { cookie: string };

beforeAll(async () => {
  t = await buildLiveTestApp({ MAX_RUNNING_GENERATIONS: '0', WELCOME_TOKENS: '1000' });
  person = await signInDemo(t.app);
  key = await createApiKey(t.app, person.cookie);
});
afterAll(async () => {
  await t.close();
});

type Problem = {
  code: string;
  detail: string;
  errors?: { field: string; code: string; message: string }[];
};

const v1 = (
  method: 'GET' | 'POST',
  url: string,
  options: {
    payload?: unknown;
    headers?: Record<string, string>;
    auth?: { authorization: string };
  } = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(options.auth ?? key.auth), ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as string | object }),
  });

const cyrillic = /[а-яё]/i;
const lang = (locale: 'ru' | 'en') => ({ 'accept-language': locale });

/** Every text a problem carries: its detail and each field's message. */
const textsOf = (problem: Problem) => [
  problem.detail,
  ...(problem.errors ?? []).map((error) => error.message),
];

async function waitForEnd(id: string, locale: 'ru' | 'en'): Promise<ApiGeneration> {
  for (let i = 0; i < 400; i++) {
    const generation = (
      await v1('GET', `/generations/${id}`, { headers: lang(locale) })
    ).json() as ApiGeneration;
    if (generation.status === 'completed' || generation.status === 'failed') return generation;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`generation ${id} did not end`);
}

describe('every text of an answer in the request language', () => {
  const refusals: [string, Record<string, unknown>][] = [
    ['a schema refusal', { model: 'seedream-3', prompt: 5 }],
    ['an unknown field', { model: 'seedream-3', prompt: 'a cat', colour: 'red' }],
    ['a catalogue refusal', { model: 'seedream-3', prompt: 'a cat', parameters: { x: 1 } }],
    [
      'a value the model does not offer',
      { model: 'seedream-3', prompt: 'a cat', parameters: { aspect_ratio: '7:2' } },
    ],
    ['a prompt too long', { model: 'seedream-3', prompt: 'a'.repeat(5000) }],
    ['a webhook address', { model: 'seedream-3', prompt: 'a cat', webhook_url: 'ftp://x' }],
    ['an unknown style', { model: 'seedream-3', prompt: 'a cat', style: 'no-such-style' }],
  ];
  for (const [what, payload] of refusals) {
    it(`${what}: Russian throughout in ru, English throughout in en; nothing charged`, async () => {
      const before = (await v1('GET', '/balance')).json() as { tokens: number };
      for (const url of ['/generations', '/estimate']) {
        const ru = await v1('POST', url, { payload, headers: lang('ru') });
        expect(ru.statusCode, ru.body).toBe(400);
        const ruTexts = textsOf(ru.json() as Problem);
        expect((ru.json() as Problem).errors?.length, ru.body).toBeGreaterThan(0);
        for (const text of ruTexts) expect(text, `${url} ru: ${ru.body}`).toMatch(cyrillic);
        const en = await v1('POST', url, { payload, headers: lang('en') });
        expect(en.statusCode, en.body).toBe(400);
        for (const text of textsOf(en.json() as Problem)) {
          expect(text, `${url} en: ${en.body}`).not.toMatch(cyrillic);
        }
      }
      expect(((await v1('GET', '/balance')).json() as { tokens: number }).tokens).toBe(
        before.tokens,
      );
    });
  }

  it("a failed generation's error in ru and in en, and its refund once", async () => {
    await t.startWorker();
    const created = await v1('POST', '/generations', {
      payload: { model: 'seedream-3', prompt: 'this one fails #fail' },
      headers: lang('ru'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as ApiGeneration;
    const ru = await waitForEnd(id, 'ru');
    expect(ru.status).toBe('failed');
    expect(ru.error?.message).toMatch(cyrillic);
    const en = await waitForEnd(id, 'en');
    expect(en.error?.code).toBe(ru.error?.code);
    expect(en.error?.message).not.toMatch(cyrillic);
    const listed = (await v1('GET', '/generations', { headers: lang('ru') })).json() as {
      items: ApiGeneration[];
    };
    expect(listed.items.find((item) => item.id === id)?.error?.message).toBe(ru.error?.message);
    // The output read of a failed generation says it failed, in the language asked.
    const output = await v1('GET', `/generations/${id}/outputs/0`, { headers: lang('ru') });
    expect(output.statusCode).toBe(409);
    expect((output.json() as Problem).detail).toContain('не удалась');
    expect((output.json() as Problem).detail).toContain(ru.error?.message ?? '');
    const outputEn = await v1('GET', `/generations/${id}/outputs/0`, { headers: lang('en') });
    expect((outputEn.json() as Problem).detail).toMatch(/^The generation failed/);
    await expectMoneyInvariants(t.database.pool);
  });
});

describe("an output read says what its generation is (not 'Generation not found')", () => {
  it('running: 409 until it completes; then the bytes; past its outputs: how many it has', async () => {
    await t.stopWorker();
    const created = await v1('POST', '/generations', {
      payload: { model: 'seedream-3', prompt: 'a lighthouse' },
    });
    const { id } = created.json() as ApiGeneration;
    const running = await v1('GET', `/generations/${id}/outputs/0`, { headers: lang('en') });
    expect(running.statusCode).toBe(409);
    expect(running.json()).toMatchObject({ code: 'conflict' });
    expect((running.json() as Problem).detail).toMatch(/not finished yet \(status pending\)/);
    const ru = await v1('GET', `/generations/${id}/outputs/0`, { headers: lang('ru') });
    expect((ru.json() as Problem).detail).toMatch(/ещё не готова/);
    await t.startWorker();
    expect((await waitForEnd(id, 'en')).status).toBe('completed');
    expect((await v1('GET', `/generations/${id}/outputs/0`)).statusCode).toBe(200);
    const past = await v1('GET', `/generations/${id}/outputs/3`, { headers: lang('en') });
    expect(past.statusCode).toBe(404);
    expect((past.json() as Problem).detail).toBe('This generation has 1 output: indexes 0 to 0.');
    const pastRu = await v1('GET', `/generations/${id}/outputs/3`, { headers: lang('ru') });
    expect((pastRu.json() as Problem).detail).toBe(
      'У этой генерации 1 результат: номера с 0 по 0.',
    );
    // Someone else's, or none at all: not found, as before.
    const none = await v1('GET', '/generations/0f8fad5b-d9cb-469f-a165-70867728950e/outputs/0');
    expect(none.statusCode).toBe(404);
  });
});

describe('an estimate takes what a create takes', () => {
  it('webhook_url, translate_prompt and elements are taken; a bad webhook is refused as a create refuses it', async () => {
    const body = {
      model: 'seedream-3',
      prompt: 'кот на крыше',
      translate_prompt: false,
      webhook_url: 'https://example.com/hook',
      elements: [],
    };
    const estimate = await v1('POST', '/estimate', { payload: body });
    expect(estimate.statusCode, estimate.body).toBe(200);
    const bad = { ...body, webhook_url: 'not a url' };
    const refusedEstimate = await v1('POST', '/estimate', { payload: bad, headers: lang('en') });
    const refusedCreate = await v1('POST', '/generations', { payload: bad, headers: lang('en') });
    expect(refusedEstimate.statusCode).toBe(400);
    expect(refusedEstimate.json()).toEqual(refusedCreate.json());
  });
});

describe('a body refused for what was wrong with it', () => {
  it('a form where JSON is wanted says so, not the upload’s words', async () => {
    for (const locale of ['ru', 'en'] as const) {
      const res = await v1('POST', '/generations', {
        payload: 'model=seedream-3&prompt=a+cat',
        headers: { ...lang(locale), 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(415);
      const detail = (res.json() as Problem).detail;
      expect(detail).toContain('application/json');
      expect(detail).not.toMatch(/JPEG|картинк/);
      expect(detail).toMatch(locale === 'ru' ? cyrillic : /^This request takes a JSON body/);
    }
  });

  it('2 MB of JSON is a body too large, not a file', async () => {
    for (const locale of ['ru', 'en'] as const) {
      const res = await v1('POST', '/generations', {
        payload: JSON.stringify({ model: 'seedream-3', prompt: 'a'.repeat(2 * 1024 * 1024) }),
        headers: { ...lang(locale), 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(413);
      const detail = (res.json() as Problem).detail;
      expect(detail).toMatch(
        locale === 'ru' ? /Тело запроса больше 1 МБ/ : /request body is over 1 MB/,
      );
      expect(detail).not.toMatch(/file is too large|Файл слишком большой/);
    }
  });

  it('JSON that does not parse says so', async () => {
    const res = await v1('POST', '/generations', {
      payload: '{"model": "seedream-3",',
      headers: { ...lang('en'), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as Problem).detail).toBe('The request body is not valid JSON.');
  });
});

describe('prices a model list states', () => {
  type Listed = { id: string; price: { from: number; summary: string } };
  it('price.from is the least an estimate of any offered option gives, and is reached', async () => {
    const items = (
      (await v1('GET', '/models', { headers: lang('en') })).json() as { items: Listed[] }
    ).items;
    for (const [id, tries] of Object.entries({
      'seedance-lite': [
        { resolution: '480p', duration: 5 },
        { resolution: '720p', duration: 5 },
        { resolution: '480p', duration: 10 },
      ],
      'seedance-pro': [
        { resolution: '480p', duration: 5 },
        { resolution: '1080p', duration: 5 },
      ],
      veo3: [{ generate_audio: false }, { generate_audio: true }],
      'veo3-fast': [{ generate_audio: false }, { generate_audio: true }],
    })) {
      const costs: number[] = [];
      for (const parameters of tries) {
        const res = await v1('POST', '/estimate', {
          payload: { model: id, prompt: 'a wave', parameters },
        });
        expect(res.statusCode, `${id} ${JSON.stringify(parameters)}: ${res.body}`).toBe(200);
        costs.push((res.json() as { cost: number }).cost);
      }
      expect(items.find((item) => item.id === id)?.price.from, id).toBe(Math.min(...costs));
    }
  });

  it('no summary names an option its model does not offer (Seedance 1 Lite has no 1080p)', async () => {
    for (const locale of ['ru', 'en'] as const) {
      const items = (
        (await v1('GET', '/models', { headers: lang(locale) })).json() as { items: Listed[] }
      ).items;
      const lite = items.find((item) => item.id === 'seedance-lite');
      expect(lite?.price.summary).toContain('480p');
      expect(lite?.price.summary).not.toContain('1080p');
      const offered = getModel('seedance-lite')
        ?.parameters.find((def) => def.name === 'resolution')
        ?.options?.map((option) => option.value);
      expect(offered).not.toContain('1080p');
    }
  });
});

describe('a key with allowed models', () => {
  it('sees only its models in /models, and /balance names its scope', async () => {
    const scoped = await createApiKey(t.app, person.cookie, {
      name: 'Seedream only',
      allowed_models: ['seedream-3', 'upscale'],
    });
    const listed = (await v1('GET', '/models', { auth: scoped.auth })).json() as {
      items: { id: string }[];
    };
    expect(listed.items.map((item) => item.id)).toEqual(['seedream-3', 'upscale']);
    const balance = (await v1('GET', '/balance', { auth: scoped.auth })).json() as {
      key: { id: string; allowed_models: string[] | null };
    };
    expect(balance.key).toMatchObject({
      id: scoped.id,
      allowed_models: ['seedream-3', 'upscale'],
    });
    // A key without a list sees the whole catalogue and says so.
    const all = (await v1('GET', '/models')).json() as { items: unknown[] };
    expect(all.items).toHaveLength(listModels().length + listTools().length);
    const open = (await v1('GET', '/balance')).json() as { key: { allowed_models: null } };
    expect(open.key.allowed_models).toBeNull();
  });
});
