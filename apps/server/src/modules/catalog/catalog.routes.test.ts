import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signInDemo } from '../../../test/builders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });

describe('POST /api/estimate-video and /api/estimate-image', () => {
  it.each([
    [
      '/api/estimate-video',
      { model: 'seedance-pro', prompt: 'x', parameters: { resolution: '1080p' }, duration: 10 },
      150,
    ],
    [
      '/api/estimate-video',
      { model: 'seedance-pro', prompt: 'x', parameters: { resolution: '480p' }, duration: 5 },
      15,
    ],
    [
      '/api/estimate-video',
      { model: 'seedance-lite', prompt: 'x', parameters: { resolution: '720p' }, duration: 10 },
      40,
    ],
    ['/api/estimate-video', { model: 'veo3', prompt: 'x', parameters: {}, duration: 0 }, 600],
    ['/api/estimate-video', { model: 'veo3-fast', prompt: 'x', parameters: {} }, 320],
    // Sound off (ADR 048).
    [
      '/api/estimate-video',
      { model: 'veo3', prompt: 'x', parameters: { generate_audio: false } },
      400,
    ],
    [
      '/api/estimate-video',
      { model: 'veo3-fast', prompt: 'x', parameters: { generate_audio: false } },
      216,
    ],
    ['/api/estimate-video', { model: 'hunyuan', prompt: 'x', parameters: {} }, 250],
    ['/api/estimate-video', { model: 'veo2', prompt: 'x', parameters: { duration: 7 } }, 350],
    ['/api/estimate-image', { model: 'imagen-4-ultra', prompt: 'x', parameters: {} }, 6],
    ['/api/estimate-image', { model: 'flux-kontext-pro', prompt: 'x', parameters: {} }, 4],
    ['/api/estimate-image', { model: 'seedream-3', prompt: 'x', parameters: {} }, 3],
    ['/api/estimate-image', { model: 'qwen-image', prompt: 'x' }, 3],
  ])('%s %j → %i', async (url, payload, estimation) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ estimation });
  });

  it.each([
    ['/api/estimate-video', { model: 'sora', prompt: 'x', parameters: {} }, 'model'],
    [
      '/api/estimate-video',
      { model: 'seedance-pro', prompt: 'x', parameters: {}, duration: 11 },
      'duration',
    ],
    ['/api/estimate-video', { model: 'hunyuan', prompt: 'x', parameters: { width: 100 } }, 'width'],
    [
      '/api/estimate-video',
      { model: 'hunyuan', prompt: 'x', parameters: { video_length: 50 } },
      'video_length',
    ],
    [
      '/api/estimate-video',
      { model: 'seedance-pro', prompt: 'x', parameters: { seed: -1 } },
      'seed',
    ],
    ['/api/estimate-video', { model: 'seedance-pro', prompt: '   ', parameters: {} }, 'prompt'],
    ['/api/estimate-video', { model: 'seedance-pro', prompt: 'x', duration: '10' }, 'duration'],
    ['/api/estimate-video', { model: 'imagen-4-ultra', prompt: 'x' }, 'model'],
    ['/api/estimate-image', { model: 'veo3', prompt: 'x' }, 'model'],
    [
      '/api/estimate-image',
      { model: 'imagen-4-ultra', prompt: 'x', parameters: { aspect_ratio: '' } },
      'aspect_ratio',
    ],
    ['/api/estimate-image', { prompt: 'x' }, 'model'],
  ])('%s %j → 400 naming %s', async (url, payload, field) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json() as { status: number; errors: { field: string; message: string }[] };
    expect(body.status).toBe(400);
    expect(body.errors.map((e) => e.field)).toContain(field);
    for (const error of body.errors) expect(error.message.length).toBeGreaterThan(0);
  });
});

describe('GET /api/models', () => {
  it.each([
    [
      'image',
      [
        'seedream-3',
        'imagen-4-ultra',
        'flux-kontext-pro',
        'qwen-image',
        'seedream-4',
        'nano-banana',
      ],
    ],
    [
      'video',
      ['hunyuan', 'seedance-pro', 'seedance-lite', 'veo3', 'veo3-fast', 'veo2', 'omni-human'],
    ],
  ])('lists the %s models', async (type, ids) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/models?type=${type}` });
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as { items: { id: string; name: string; description: string }[] };
    expect(items.map((i) => i.id).sort()).toEqual([...ids].sort());
    for (const item of items) {
      expect(item.name).not.toBe('');
      expect(item.description).not.toBe('');
    }
  });

  it('describes models in the requested language', async () => {
    const ru = await t.app.inject({
      method: 'GET',
      url: '/api/models?type=image',
      headers: { cookie: 'lang=ru' },
    });
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/models?type=image',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect((ru.json() as { items: { description: string }[] }).items[0]?.description).toMatch(
      /[а-яё]/i,
    );
    expect((en.json() as { items: { description: string }[] }).items[0]?.description).not.toMatch(
      /[а-яё]/i,
    );
  });

  it('rejects an unknown type', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/models?type=audio' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: { field: string }[] }).errors[0]?.field).toBe('type');
  });
});

describe('GET /api/packages', () => {
  it.each([
    [
      'RUB',
      [
        [100, 300, false],
        [600, 1300, true],
        [1000, 2000, false],
      ],
    ],
    [
      'USD',
      [
        [100, 2.99, false],
        [500, 12.99, false],
        [1000, 19.99, false],
      ],
    ],
  ])('lists the %s packages', async (currency, expected) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/packages?currency=${currency}` });
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as {
      items: { tokens: number; priceNumeric: number; popular: boolean; currency: string }[];
    };
    expect(items.map((i) => [i.tokens, i.priceNumeric, i.popular])).toEqual(expected);
    expect(new Set(items.map((i) => i.currency))).toEqual(new Set([currency]));
  });

  it('names the packages in the language asked for, over the cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/packages?currency=USD&lang=en',
      headers: { cookie: 'lang=ru' },
    });
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as { items: { name: string; description: string }[] };
    expect(items[0]).toMatchObject({ name: '100 credits', description: 'Try every model' });
  });

  it('rejects an unknown currency', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/packages?currency=EUR' });
    expect(res.statusCode).toBe(400);
  });
});

describe('attack: a body built to make validation work (unauthenticated amplifier)', () => {
  const manyKeys = (count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [i.toString(36), 0]));

  // Before the bound, 120,000 unknown keys (just under the 1 MB body limit) answered one error per key: 10.7 MB and seconds of CPU.
  it.each(['/api/estimate-image', '/api/estimate-video', '/api/create-image'])(
    '%s with 100,000 parameter keys answers one short 400',
    async (url) => {
      const payload = { model: 'seedream-3', prompt: 'x', parameters: manyKeys(100_000) };
      const res = await post(url, payload);
      expect(res.statusCode).toBe(url.includes('create') ? 401 : 400);
      expect(res.body.length).toBeLessThan(2_000);
    },
  );

  it('100,000 keys at the top level of a create are one short 400', async () => {
    const { cookie, user } = await signInDemo(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-image',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: { model: 'seedream-3', prompt: 'x', ...manyKeys(100_000) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeLessThan(2_000);
    expect(await t.container.repositories.users.findById(user.id)).toMatchObject({
      tokens: user.tokens,
    });
  });

  it('a few unknown keys are still each named, and the list of errors is bounded', async () => {
    const res = await post('/api/estimate-image', {
      model: 'seedream-3',
      prompt: 'x',
      parameters: manyKeys(40),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { errors: { code: string }[] };
    expect(body.errors).toHaveLength(20);
    expect(body.errors.every((error) => error.code === 'unknown_parameter')).toBe(true);
  });

  it.each([
    ['/api/estimate-image', { tokens: 1_000_000 }],
    ['/api/estimate-image', { userId: 'someone-else' }],
    ['/api/estimate-video', { cost: 0 }],
  ])('%s refuses an unknown field %j, rather than ignoring it', async (url, extra) => {
    const model = url.endsWith('video') ? 'hunyuan' : 'seedream-3';
    const res = await post(url, { model, prompt: 'x', parameters: {}, ...extra });
    expect(res.statusCode).toBe(400);
  });
});
